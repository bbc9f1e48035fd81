import { clients, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { signedInTrainee } from "../trainee/signed-in-trainee";

/** NOT_FOUND "trainee not found" when the token's trainee is gone (deleted, or not of the token's studio). */
export async function assertSignedInTrainee(db: Db, scope: TraineeScope): Promise<void> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(signedInTrainee(scope)).limit(1);
  if (!row) throw notFound("trainee");
}
