import type { TraineeScope } from "../scope";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  ACTIVE_NOTIFICATION_TYPES,
  type NotificationGroup,
  type NotificationPreference,
} from "@studio/contracts";
import { clients, type Db } from "@studio/db";
import { notFound } from "../errors";
import { catalogueEntry } from "./catalogue";
import { loadStudioConfigs } from "./config-store";
import { groupOf, isMuted, listPreferenceGroups } from "./resolution";

/** The trainee's muted groups; NOT_FOUND "trainee not found" outside its studio or once deleted. */
async function loadMutedGroups(db: Db, scope: TraineeScope): Promise<string[]> {
  const [row] = await db
    .select({ muted: clients.mutedNotificationGroups })
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
  return row.muted ?? [];
}

async function studioValues(db: Db, studioId: string) {
  const configs = await loadStudioConfigs(db, studioId, ACTIVE_NOTIFICATION_TYPES);
  return new Map([...configs].map(([type, c]) => [type, c.values]));
}

/**
 * GET /v1/trainee/notification-configs: the studio's effective config per active type with the
 * trainee's mutes applied. The mute check uses no form type, so FORM_SENT and FORM_REMINDERS
 * follow the FORMS group here. No messages, no customized.
 */
export async function listTraineeNotificationConfigs(db: Db, scope: TraineeScope) {
  const [muted, values] = await Promise.all([loadMutedGroups(db, scope), studioValues(db, scope.studioId)]);
  return ACTIVE_NOTIFICATION_TYPES.map((type) => {
    const v = values.get(type)!;
    const entry = catalogueEntry(type);
    return {
      type,
      category: entry.category,
      group: entry.group,
      enabled: v.enabled && !isMuted(groupOf(type, null), muted),
      titleTemplate: v.titleTemplate,
      bodyTemplate: v.bodyTemplate,
      sound: v.sound,
      sendTime: v.sendTime,
    };
  });
}

/** GET /v1/trainee/notification-preferences. */
export async function getTraineeNotificationPreferences(
  db: Db,
  scope: TraineeScope,
): Promise<NotificationPreference[]> {
  const [muted, values] = await Promise.all([loadMutedGroups(db, scope), studioValues(db, scope.studioId)]);
  return listPreferenceGroups(values, muted);
}

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
    .where(
      and(
        eq(clients.id, scope.actor.clientId),
        eq(clients.studioId, scope.studioId),
        isNull(clients.deletedAt),
      ),
    )
    .returning({ muted: clients.mutedNotificationGroups });
  if (!row) throw notFound("trainee");
  return listPreferenceGroups(await studioValues(db, scope.studioId), row.muted ?? []);
}
