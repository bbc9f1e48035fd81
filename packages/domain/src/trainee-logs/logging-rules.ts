import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { LOGGING_LIMITS } from "@studio/contracts";
import { foods, programs, type DbOrTx } from "@studio/db";
import { notFound, validation } from "../errors";
import type { TraineeScope } from "../scope";
import type { StudioScope } from "../scope";

/** VALIDATION (422) naming the field, in the shape of a contract failure. */
export function fieldError(field: string, message: string) {
  return validation(`${field}: ${message}`, { issues: [{ path: field, message, code: "custom" }] });
}

/** A day key the trainee logs on: not after today in the trainee's zone. */
export function assertPastOrToday(field: string, day: string, today: string): void {
  if (day > today) throw fieldError(field, "must not be in the future");
}

/** An instant sent by the device: not after now (a device clock may run 5 minutes ahead). */
export function assertNotFutureInstant(field: string, instant: Date, now: Date): void {
  if (instant.getTime() > now.getTime() + LOGGING_LIMITS.clockSkewSeconds * 1000)
    throw fieldError(field, "must not be in the future");
}

/** startedAt/finishedAt of a workout: each not in the future, finishedAt on or after startedAt, within 24 hours. */
export function assertWorkoutTimes(startedAt: Date | null, finishedAt: Date | null, now: Date): void {
  if (startedAt) assertNotFutureInstant("startedAt", startedAt, now);
  if (finishedAt) assertNotFutureInstant("finishedAt", finishedAt, now);
  if (startedAt && finishedAt) {
    const ms = finishedAt.getTime() - startedAt.getTime();
    if (ms < 0) throw fieldError("finishedAt", "must not be before startedAt");
    if (ms > LOGGING_LIMITS.workoutHours * 3_600_000)
      throw fieldError("finishedAt", `must be within ${LOGGING_LIMITS.workoutHours} hours of startedAt`);
  }
}

/** NOT_FOUND program not found unless the id names one of the signed-in trainee's programs (any status). */
export async function assertOwnProgram(db: DbOrTx, scope: TraineeScope, programId: string): Promise<void> {
  const [row] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(
      and(
        eq(programs.id, programId),
        eq(programs.studioId, scope.studioId),
        eq(programs.clientId, scope.actor.clientId),
      ),
    )
    .limit(1);
  if (!row) throw notFound("program");
}

/**
 * VALIDATION unless every food id names a food the studio sees: a system food or the studio's
 * own (another studio's food answers like a missing one).
 */
export async function assertFoodsVisible(
  db: DbOrTx,
  scope: StudioScope,
  fields: { field: string; foodId: string | null | undefined }[],
): Promise<void> {
  const { studioId } = scope;
  const wanted = [...new Set(fields.map((f) => f.foodId).filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: foods.id })
    .from(foods)
    .where(and(inArray(foods.id, wanted), or(isNull(foods.studioId), eq(foods.studioId, studioId))));
  const found = new Set(rows.map((r) => r.id));
  const missing = fields.find((f) => f.foodId && !found.has(f.foodId));
  if (missing) throw fieldError(missing.field, "food not found");
}
