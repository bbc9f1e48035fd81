import { type NotificationSetting, type NotificationSettingPut } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { catalogueEntry } from "./catalogue";
import { loadStudioConfigs } from "./config-store";
import { normalizeSettingMessages, settingValuesFrom } from "./messages";
import { lockStudioOverride, storeStudioOverride } from "./studio-overrides";
import { toSetting } from "./notification-setting-record";

/** PUT /v1/web/studio/notification-settings/:type: normalizes the messages per kind and upserts the override. */
export async function putStudioNotificationSetting(
  db: Db,
  scope: StudioScope,
  input: NotificationSettingPut,
): Promise<NotificationSetting> {
  const { kind } = catalogueEntry(input.type);
  const messages = normalizeSettingMessages(kind, input.messages);
  await db.transaction(async (tx) => {
    const current = await lockStudioOverride(tx, scope, input.type);
    await storeStudioOverride(
      tx,
      scope,
      input.type,
      settingValuesFrom(kind, { enabled: input.enabled, sound: input.sound, messages }, current),
      scope.now,
    );
  });
  const config = (await loadStudioConfigs(db, scope, [input.type])).get(input.type)!;
  return toSetting(input.type, config);
}
