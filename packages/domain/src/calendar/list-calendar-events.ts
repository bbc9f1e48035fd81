import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import { CALENDAR_LIMITS, type CalendarEventList, type CalendarEventListFilters } from "@studio/contracts";
import { calendarEvents, clientCoaches, type Db } from "@studio/db";
import { validation } from "../errors";
import type { CoachScope } from "../scope";
import { toCalendarEventRecord } from "./calendar-record";
import { loadCalendarStudio, resolveRange } from "./calendar-studio";

const DAY_MS = 86_400_000;

/**
 * `GET /v1/web/calendar/events`: events (cancelled included) overlapping [from, to), at most 62
 * days, oldest first, with the studio zone; coachId narrows to one coach. A coach limited to
 * assigned trainees sees their own events and the events of their trainees (docs/decisions/calendar.md
 * "Calendar"); others see the whole studio.
 */
export async function listCalendarEvents(
  db: Db,
  scope: CoachScope,
  input: CalendarEventListFilters,
): Promise<CalendarEventList> {
  const studio = await loadCalendarStudio(db, scope);
  const range = resolveRange(input.from, input.to, studio.zone);
  if (range.to.getTime() - range.from.getTime() > CALENDAR_LIMITS.eventRangeDays * DAY_MS)
    throw validation(`the range must not exceed ${CALENDAR_LIMITS.eventRangeDays} days`, {
      issues: [
        { path: "to", message: `at most ${CALENDAR_LIMITS.eventRangeDays} days after from`, code: "custom" },
      ],
    });
  const access = scope.actor.access;
  const limited =
    access.kind === "assigned"
      ? or(
          eq(calendarEvents.coachId, access.coachId),
          sql`exists (select 1 from ${clientCoaches} where ${clientCoaches.clientId} = ${calendarEvents.clientId} and ${clientCoaches.coachId} = ${access.coachId})`,
        )
      : undefined;
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.studioId, scope.studioId),
        lt(calendarEvents.startsAt, range.to),
        gt(calendarEvents.endsAt, range.from),
        input.coachId ? eq(calendarEvents.coachId, input.coachId) : undefined,
        limited,
      ),
    )
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id));
  return { items: rows.map(toCalendarEventRecord), timezone: studio.zone };
}
