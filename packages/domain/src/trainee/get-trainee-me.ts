import { signedInTrainee } from "./signed-in-trainee";
import type { TraineeScope } from "../scope";
import type { TraineeMe } from "@studio/contracts";
import { clients, type Db } from "@studio/db";
import { notFound } from "../errors";

export async function getTraineeMe(db: Db, scope: TraineeScope): Promise<TraineeMe> {
  const [row] = await db.select().from(clients).where(signedInTrainee(scope)).limit(1);
  if (!row) throw notFound("trainee");
  return {
    id: row.id,
    studioId: row.studioId,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    timezone: row.timezone,
  };
}
