import { type NotificationSetting } from "@studio/contracts";
import { catalogueEntry, maxMessagesOf, type NotificationConfigValues } from "./catalogue";
import { type StudioConfig } from "./config-store";
import { effectiveMessages } from "./messages";

const settingValues = (type: NotificationSetting["type"], v: NotificationConfigValues) => ({
  enabled: v.enabled,
  sound: v.sound,
  titleTemplate: v.titleTemplate,
  bodyTemplate: v.bodyTemplate,
  sendTime: v.sendTime,
  messages: effectiveMessages(type, v),
});

export function toSetting(type: NotificationSetting["type"], config: StudioConfig): NotificationSetting {
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
