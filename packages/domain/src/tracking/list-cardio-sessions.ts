import { and, between, desc, eq } from "drizzle-orm";
import type { CardioList, CardioListQuery } from "@studio/contracts";
import { cardioSessions, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { lastDays } from "../time/day-keys";
import { toCardioSession } from "./cardio-session-record";
import { loadTraineeDay } from "./trainee-day";

/** Default span of `GET /v1/trainee/cardio` in local days. */
export const CARDIO_DEFAULT_DAYS = 7;

/**
 * `GET /v1/trainee/cardio` (document 3): sessions over the `days` local days ending today
 * (default 7, at most 90), newest first.
 */
export async function listCardioSessions(
  db: Db,
  scope: TraineeScope,
  input: CardioListQuery,
): Promise<CardioList> {
  const day = await loadTraineeDay(db, scope);
  const range = lastDays(scope.now, day.zone, input.days ?? CARDIO_DEFAULT_DAYS);
  const rows = await db
    .select()
    .from(cardioSessions)
    .where(
      and(
        eq(cardioSessions.clientId, day.clientId),
        eq(cardioSessions.studioId, scope.studioId),
        between(cardioSessions.performedOn, range.from, range.to),
      ),
    )
    .orderBy(
      desc(cardioSessions.performedOn),
      desc(cardioSessions.startedAt),
      desc(cardioSessions.createdAt),
    );
  return { from: range.from, to: range.to, items: rows.map(toCardioSession) };
}
