import { signedInTrainee } from "../trainee/signed-in-trainee";
import { ACTIVE_NOTIFICATION_TYPES } from "@studio/contracts";
import { clients, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { loadStudioConfigs } from "./config-store";
import type { StudioScope } from "../scope";

/** The trainee's muted groups; NOT_FOUND "trainee not found" outside its studio or once deleted. */
export async function loadMutedGroups(db: Db, scope: TraineeScope): Promise<string[]> {
  const [row] = await db
    .select({ muted: clients.mutedNotificationGroups })
    .from(clients)
    .where(signedInTrainee(scope))
    .limit(1);
  if (!row) throw notFound("trainee");
  return row.muted ?? [];
}

export async function studioValues(db: Db, scope: StudioScope) {
  const configs = await loadStudioConfigs(db, scope, ACTIVE_NOTIFICATION_TYPES);
  return new Map([...configs].map(([type, c]) => [type, c.values]));
}
