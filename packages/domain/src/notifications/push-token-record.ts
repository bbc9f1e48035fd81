import type { TraineeScope } from "../scope";
import { and, eq, isNull } from "drizzle-orm";
import { clients, pushTokens, type Db } from "@studio/db";
import { notFound } from "../errors";

type PushTokenRow = typeof pushTokens.$inferSelect;

const toPushToken = (r: PushTokenRow) => ({
  token: r.token,
  platform: r.platform as "ios" | "android",
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

async function assertTrainee(db: Db, scope: TraineeScope): Promise<void> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.id, scope.actor.clientId),
        eq(clients.studioId, scope.studioId),
        isNull(clients.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound("trainee");
}

/**
 * POST /v1/trainee/push-tokens: registers the device token for the signed-in trainee. A token
 * is one device: registering it again (from this or another account) moves it to the caller.
 */
export async function registerPushToken(
  db: Db,
  scope: TraineeScope,
  input: { token: string; platform: "ios" | "android" },
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
