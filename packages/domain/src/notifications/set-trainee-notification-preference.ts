import { type NotificationGroup, type NotificationPreference } from "@studio/contracts";
import { clients, type Db } from "@studio/db";
import { sql } from "drizzle-orm";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { listPreferenceGroups } from "./resolution";
import { studioValues } from "./trainee-muted-groups";
import { liveTraineeOf } from "../clients/live-trainee";

/**
 * PATCH /v1/trainee/notification-preferences: enabled false adds the group to the muted list,
 * true removes it; one atomic statement, so concurrent changes of different groups both stick.
 * A group can be muted even when it is not listed; a locked group is stored but ignored.
 */
export async function setTraineeNotificationPreference(
  db: Db,
  scope: TraineeScope,
  input: { group: NotificationGroup; enabled: boolean },
): Promise<NotificationPreference[]> {
  const muted = clients.mutedNotificationGroups;
  const next = input.enabled
    ? sql`${muted} - ${input.group}::text`
    : sql`case when ${muted} @> jsonb_build_array(${input.group}::text) then ${muted} else ${muted} || jsonb_build_array(${input.group}::text) end`;
  const [row] = await db
    .update(clients)
    .set({ mutedNotificationGroups: next })
    .where(liveTraineeOf(scope, scope.actor.clientId))
    .returning({ muted: clients.mutedNotificationGroups });
  if (!row) throw notFound("trainee");
  return listPreferenceGroups(await studioValues(db, scope), row.muted ?? []);
}
