import type { PushPlatform } from "@studio/contracts";
import { pushTokens, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { assertTrainee, toPushToken } from "./push-token-record";

/**
 * POST /v1/trainee/push-tokens: registers the device token for the signed-in trainee. A token
 * is one device: registering it again (from this or another account) moves it to the caller.
 */
export async function registerPushToken(
  db: Db,
  scope: TraineeScope,
  input: { token: string; platform: PushPlatform },
) {
  await assertTrainee(db, scope);
  const now = scope.now;
  const [row] = await db
    .insert(pushTokens)
    .values({
      studioId: scope.studioId,
      clientId: scope.actor.clientId,
      token: input.token,
      platform: input.platform,
    })
    .onConflictDoUpdate({
      target: pushTokens.token,
      set: {
        studioId: scope.studioId,
        clientId: scope.actor.clientId,
        platform: input.platform,
        updatedAt: now,
      },
    })
    .returning();
  return toPushToken(row!);
}
