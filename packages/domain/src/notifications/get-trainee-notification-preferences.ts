import { type NotificationPreference } from "@studio/contracts";
import { type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { listPreferenceGroups } from "./resolution";
import { loadMutedGroups, studioValues } from "./trainee-muted-groups";

/** GET /v1/trainee/notification-preferences. */
export async function getTraineeNotificationPreferences(
  db: Db,
  scope: TraineeScope,
): Promise<NotificationPreference[]> {
  const [muted, values] = await Promise.all([loadMutedGroups(db, scope), studioValues(db, scope)]);
  return listPreferenceGroups(values, muted);
}
