import type { StudioScope } from "../scope";
import {
  ACTIVE_NOTIFICATION_TYPES,
  NOTIFICATION_CATEGORIES,
  type NotificationSetting,
  type NotificationSettingPut,
  type NotificationSettings,
} from "@studio/contracts";
import type { Db } from "@studio/db";
import { catalogueEntry, maxMessagesOf, type NotificationConfigValues } from "./catalogue";
import { loadStudioConfigs, type StudioConfig } from "./config-store";
import { effectiveMessages, normalizeSettingMessages, settingValuesFrom } from "./messages";
import { lockStudioOverride, storeStudioOverride } from "./studio-configs";

const settingValues = (type: NotificationSetting["type"], v: NotificationConfigValues) => ({
  enabled: v.enabled,
  sound: v.sound,
  titleTemplate: v.titleTemplate,
  bodyTemplate: v.bodyTemplate,
  sendTime: v.sendTime,
  messages: effectiveMessages(type, v),
});

function toSetting(type: NotificationSetting["type"], config: StudioConfig): NotificationSetting {
  const entry = catalogueEntry(type);
  return {
    type,
    category: entry.category,
    group: entry.group,
    kind: entry.kind,
    variables: [...entry.variables],
    maxMessages: maxMessagesOf(entry.kind),
    ...settingValues(type, config.values),
    customized: config.customized,
    defaults: settingValues(type, config.platform),
  };
}

/**
 * GET /v1/web/studio/notification-settings: every active type in the active-type order with
 * catalogue metadata, the studio's effective values, customized, and the platform row as
 * defaults, plus the category order.
 */
export async function getStudioNotificationSettings(
  db: Db,
  scope: StudioScope,
): Promise<NotificationSettings> {
  const { studioId } = scope;
  const configs = await loadStudioConfigs(db, studioId, ACTIVE_NOTIFICATION_TYPES);
  return {
    categories: [...NOTIFICATION_CATEGORIES],
    types: ACTIVE_NOTIFICATION_TYPES.map((type) => toSetting(type, configs.get(type)!)),
  };
}

/** PUT /v1/web/studio/notification-settings/:type: normalizes the messages per kind and upserts the override. */
export async function putStudioNotificationSetting(
  db: Db,
  scope: StudioScope,
  input: NotificationSettingPut,
): Promise<NotificationSetting> {
  const { studioId } = scope;
  const { kind } = catalogueEntry(input.type);
  const messages = normalizeSettingMessages(kind, input.messages);
  await db.transaction(async (tx) => {
    const current = await lockStudioOverride(tx, studioId, input.type);
    await storeStudioOverride(
      tx,
      studioId,
      input.type,
      settingValuesFrom(kind, { enabled: input.enabled, sound: input.sound, messages }, current),
      scope.now,
    );
  });
  const config = (await loadStudioConfigs(db, studioId, [input.type])).get(input.type)!;
  return toSetting(input.type, config);
}
