import { signedInTrainee } from "../trainee/signed-in-trainee";
import type { PushPlatform } from "@studio/contracts";
import { clients, type pushTokens, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";

type PushTokenRow = typeof pushTokens.$inferSelect;

export const toPushToken = (r: PushTokenRow) => ({
  token: r.token,
  platform: r.platform as PushPlatform,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function assertTrainee(db: Db, scope: TraineeScope): Promise<void> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(signedInTrainee(scope)).limit(1);
  if (!row) throw notFound("trainee");
}
