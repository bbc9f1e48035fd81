import { ACTIVE_NOTIFICATION_TYPES } from "@studio/contracts";
import { type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { catalogueEntry } from "./catalogue";
import { groupOf, isMuted } from "./resolution";
import { loadMutedGroups, studioValues } from "./trainee-muted-groups";

/**
 * GET /v1/trainee/notification-configs: the studio's effective config per active type with the
 * trainee's mutes applied. The mute check uses no form type, so FORM_SENT and FORM_REMINDERS
 * follow the FORMS group here. No messages, no customized.
 */
export async function listTraineeNotificationConfigs(db: Db, scope: TraineeScope) {
  const [muted, values] = await Promise.all([loadMutedGroups(db, scope), studioValues(db, scope)]);
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
