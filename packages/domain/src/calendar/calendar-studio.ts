// The studio's calendar settings (zone, the calendarEnabled switch) and a query range read in its zone.

import { eq } from "drizzle-orm";
import { studios, type DbOrTx } from "@studio/db";
import { forbidden, notFound, validation } from "../errors";
import { addDays, pickTimeZone, zonedDateTimeToInstant } from "../time/zoned-time";
import type { StudioScope } from "../scope";

/** The zone window minutes are read in when the studio has none (or an invalid one). */
export const DEFAULT_STUDIO_ZONE = "Asia/Jerusalem";

/** The studio's calendar settings: its zone (default Asia/Jerusalem) and the calendarEnabled switch. */
export interface CalendarStudio {
  zone: string;
  /** False only when settings.calendarEnabled is explicitly false (document 3). */
  enabled: boolean;
}

export async function loadCalendarStudio(db: DbOrTx, scope: StudioScope): Promise<CalendarStudio> {
  const { studioId } = scope;
  const [row] = await db
    .select({ timezone: studios.timezone, settings: studios.settings })
    .from(studios)
    .where(eq(studios.id, studioId))
    .limit(1);
  if (!row) throw notFound("studio");
  return {
    zone: pickTimeZone(row.timezone, DEFAULT_STUDIO_ZONE),
    enabled: row.settings?.calendarEnabled !== false,
  };
}

/** Slots and booking answer 403 when the studio switched the calendar off (meetings and cancel do not check). */
export function assertCalendarEnabled(studio: CalendarStudio): void {
  if (!studio.enabled) throw forbidden("calendar is disabled for this studio");
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A query range: a date-time is its instant; a plain date is read in the studio zone, `from` as
 * the start of that day and `to` as its end (from=to=D covers day D). VALIDATION unless to > from.
 */
export function resolveRange(from: string, to: string, zone: string): { from: Date; to: Date } {
  const start = DATE_ONLY.test(from) ? zonedDateTimeToInstant(from, "00:00", zone) : new Date(from);
  const end = DATE_ONLY.test(to) ? zonedDateTimeToInstant(addDays(to, 1), "00:00", zone) : new Date(to);
  if (!(end.getTime() > start.getTime()))
    throw validation("to must be after from", {
      issues: [{ path: "to", message: "to must be after from", code: "custom" }],
    });
  return { from: start, to: end };
}
