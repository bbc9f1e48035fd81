import type { CardioLogInput, CardioSessionRecord } from "@studio/contracts";
import { cardioSessions, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { dayStart } from "../time/day-keys";
import { toCardioSession } from "./cardio-session-record";
import { dayOf, loadTraineeDay } from "./trainee-day";

/**
 * `POST /v1/trainee/cardio` (document 3): performedOn is the day key (default today; a day not
 * started yet in the trainee zone is VALIDATION); startedAt is now for today, else the day's
 * local start. planId and planDayId are plain ids (no foreign key); source defaults to MANUAL.
 */
export async function logCardioSession(
  db: Db,
  scope: TraineeScope,
  input: CardioLogInput,
): Promise<CardioSessionRecord> {
  const day = await loadTraineeDay(db, scope);
  const performedOn = dayOf(day, input.date);
  const [row] = await db
    .insert(cardioSessions)
    .values({
      studioId: scope.studioId,
      clientId: day.clientId,
      kind: input.kind,
      minutes: input.minutes,
      performedOn,
      startedAt: performedOn === day.today ? scope.now : dayStart(performedOn, day.zone),
      planId: input.planId ?? null,
      planDayId: input.planDayId ?? null,
      source: input.source ?? "MANUAL",
      createdAt: scope.now,
    })
    .returning();
  return toCardioSession(row!);
}
