import { and, count, eq } from "drizzle-orm";
import {
  CALENDAR_LIMITS,
  type AvailabilityWindowCreate,
  type AvailabilityWindowRecord,
} from "@studio/contracts";
import { availabilityWindows, coaches, type Db } from "@studio/db";
import { validation } from "../errors";
import type { CoachScope } from "../scope";
import { toAvailabilityWindowRecord } from "./calendar-record";
import { assertManagesCoach, loadStudioCoach } from "./calendar-participants";

/**
 * `POST /v1/web/calendar/availability` (decisions.md "Supporting web routes"): a window of a
 * coach of the studio (NOT_FOUND otherwise), managed by OWNER/HEAD_COACH or the coach
 * themselves (FORBIDDEN), for an active coach (VALIDATION), at most 50 per coach (VALIDATION).
 */
export async function createAvailabilityWindow(
  db: Db,
  scope: CoachScope,
  input: AvailabilityWindowCreate,
): Promise<AvailabilityWindowRecord> {
  const coach = await loadStudioCoach(db, scope, input.coachId);
  assertManagesCoach(scope, coach.id);
  if (!coach.active) throw validation("this team member has been removed");
  return db.transaction(async (tx) => {
    // The coach row lock makes the per-coach limit hold under concurrent creates.
    await tx
      .select({ id: coaches.id })
      .from(coaches)
      .where(and(eq(coaches.id, coach.id), eq(coaches.studioId, scope.studioId)))
      .for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(availabilityWindows)
      .where(
        and(eq(availabilityWindows.studioId, scope.studioId), eq(availabilityWindows.coachId, coach.id)),
      );
    if ((held?.n ?? 0) >= CALENDAR_LIMITS.windowsPerCoach)
      throw validation(`a coach has at most ${CALENDAR_LIMITS.windowsPerCoach} availability windows`, {
        limit: CALENDAR_LIMITS.windowsPerCoach,
      });
    const [row] = await tx
      .insert(availabilityWindows)
      .values({
        studioId: scope.studioId,
        coachId: coach.id,
        kind: input.kind,
        weekday: input.kind === "RECURRING" ? (input.weekday ?? null) : null,
        date: input.kind === "DATE" ? (input.date ?? null) : null,
        startMinute: input.startMinute,
        endMinute: input.endMinute,
        durationMin: input.durationMin,
        slotType: input.slotType,
        isActive: input.isActive ?? true,
      })
      .returning();
    return toAvailabilityWindowRecord(row!);
  });
}
