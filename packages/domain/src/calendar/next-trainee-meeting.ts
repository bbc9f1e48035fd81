import { and, asc, eq, gt } from "drizzle-orm";
import type { CalendarEventRecord } from "@studio/contracts";
import { calendarEvents, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { toCalendarEventRecord } from "./calendar-record";

/**
 * The trainee's next meeting: CONFIRMED, not yet ended at the scope's clock (a meeting under way
 * still counts), earliest start first; null when none. One statement.
 */
export async function loadNextTraineeMeeting(
  db: Db,
  scope: TraineeScope,
): Promise<CalendarEventRecord | null> {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.studioId, scope.studioId),
        eq(calendarEvents.clientId, scope.actor.clientId),
        eq(calendarEvents.status, "CONFIRMED"),
        gt(calendarEvents.endsAt, scope.now),
      ),
    )
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id))
    .limit(1);
  return row ? toCalendarEventRecord(row) : null;
}
