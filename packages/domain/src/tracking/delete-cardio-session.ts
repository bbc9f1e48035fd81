import { and, eq } from "drizzle-orm";
import { cardioSessions, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { loadTraineeDay } from "./trainee-day";

/** `DELETE /v1/trainee/cardio/:entryId` (document 3): another trainee's or studio's id is not found. */
export async function deleteCardioSession(
  db: Db,
  scope: TraineeScope,
  input: { entryId: string },
): Promise<void> {
  const day = await loadTraineeDay(db, scope);
  const removed = await db
    .delete(cardioSessions)
    .where(
      and(
        eq(cardioSessions.id, input.entryId),
        eq(cardioSessions.clientId, day.clientId),
        eq(cardioSessions.studioId, scope.studioId),
      ),
    )
    .returning({ id: cardioSessions.id });
  if (!removed.length) throw notFound("cardio entry");
}
