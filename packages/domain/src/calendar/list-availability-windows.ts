import { and, asc, desc, eq } from "drizzle-orm";
import type { AvailabilityWindowList, AvailabilityWindowListFilters } from "@studio/contracts";
import { availabilityWindows, type Db } from "@studio/db";
import type { CoachScope } from "../scope";
import { toAvailabilityWindowRecord } from "./calendar-record";

/**
 * `GET /v1/web/calendar/availability`: the studio's windows (of one coach with coachId), for
 * every team member (windows hold no trainee data); recurring first by weekday, then dated by
 * date, each by start minute. Another studio's coach id lists nothing, like an unknown one.
 */
export async function listAvailabilityWindows(
  db: Db,
  scope: CoachScope,
  input: AvailabilityWindowListFilters,
): Promise<AvailabilityWindowList> {
  const rows = await db
    .select()
    .from(availabilityWindows)
    .where(
      and(
        eq(availabilityWindows.studioId, scope.studioId),
        input.coachId ? eq(availabilityWindows.coachId, input.coachId) : undefined,
      ),
    )
    .orderBy(
      asc(availabilityWindows.coachId),
      desc(availabilityWindows.kind),
      asc(availabilityWindows.weekday),
      asc(availabilityWindows.date),
      asc(availabilityWindows.startMinute),
      asc(availabilityWindows.id),
    );
  return { items: rows.map(toAvailabilityWindowRecord) };
}
