// A coach's schedule as slot computation reads it: active availability windows and busy events.

import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { CalendarSlotType } from "@studio/contracts";
import { availabilityWindows, calendarEvents, type DbOrTx } from "@studio/db";
import type { BusyRange, SlotWindow } from "./slots";
import type { StudioScope } from "../scope";

/** The coach's active windows (of one slot type when given). */
export async function activeWindowsOf(
  db: DbOrTx,
  scope: StudioScope,
  coachId: string,
  type?: CalendarSlotType,
): Promise<SlotWindow[]> {
  const { studioId } = scope;
  return db
    .select({
      kind: availabilityWindows.kind,
      weekday: availabilityWindows.weekday,
      date: availabilityWindows.date,
      startMinute: availabilityWindows.startMinute,
      endMinute: availabilityWindows.endMinute,
      durationMin: availabilityWindows.durationMin,
      slotType: availabilityWindows.slotType,
      isActive: availabilityWindows.isActive,
    })
    .from(availabilityWindows)
    .where(
      and(
        eq(availabilityWindows.studioId, studioId),
        eq(availabilityWindows.coachId, coachId),
        eq(availabilityWindows.isActive, true),
        type ? eq(availabilityWindows.slotType, type) : undefined,
      ),
    );
}

/** The coach's non-CANCELLED events overlapping [from, to), in one query. */
export async function busyRangesOf(
  db: DbOrTx,
  scope: StudioScope,
  coachId: string,
  from: Date,
  to: Date,
): Promise<BusyRange[]> {
  const { studioId } = scope;
  return db
    .select({ startsAt: calendarEvents.startsAt, endsAt: calendarEvents.endsAt })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.studioId, studioId),
        eq(calendarEvents.coachId, coachId),
        ne(calendarEvents.status, "CANCELLED"),
        lt(calendarEvents.startsAt, to),
        gt(calendarEvents.endsAt, from),
      ),
    );
}
