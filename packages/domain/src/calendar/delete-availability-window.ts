import { and, eq } from "drizzle-orm";
import { availabilityWindows, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { CoachScope } from "../scope";
import { assertManagesCoach } from "./calendar-participants";

/**
 * `DELETE /v1/web/calendar/availability/:id` (204): NOT_FOUND "availability window not found"
 * for a missing or another studio's id; FORBIDDEN for another coach's window unless OWNER or
 * HEAD_COACH. Booked events stay.
 */
export async function deleteAvailabilityWindow(
  db: Db,
  scope: CoachScope,
  input: { id: string },
): Promise<void> {
  const where = and(eq(availabilityWindows.id, input.id), eq(availabilityWindows.studioId, scope.studioId));
  const [row] = await db
    .select({ coachId: availabilityWindows.coachId })
    .from(availabilityWindows)
    .where(where)
    .limit(1);
  if (!row) throw notFound("availability window");
  assertManagesCoach(scope, row.coachId);
  await db.delete(availabilityWindows).where(where);
}
