import { pushTokens, type Db } from "@studio/db";
import { and, eq } from "drizzle-orm";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { assertTrainee } from "./push-token-record";

/** DELETE /v1/trainee/push-tokens/:token: only the caller's own token; anything else is 404. */
export async function deletePushToken(db: Db, scope: TraineeScope, input: { token: string }) {
  const { token } = input;
  await assertTrainee(db, scope);
  const rows = await db
    .delete(pushTokens)
    .where(
      and(
        eq(pushTokens.token, token),
        eq(pushTokens.clientId, scope.actor.clientId),
        eq(pushTokens.studioId, scope.studioId),
      ),
    )
    .returning({ token: pushTokens.token });
  if (!rows[0]) throw notFound("push token");
  return { token: rows[0].token, deleted: true as const };
}
