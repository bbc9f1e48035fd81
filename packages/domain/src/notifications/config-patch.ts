import type { NotificationConfigPatch, NotificationType } from "@studio/contracts";
import { catalogueEntry, type NotificationConfigValues } from "./catalogue";
import { effectiveMessages, rewriteFirstMessage } from "./messages";

/**
 * PATCH of a settings row (admin default or studio override): only the fields sent change;
 * FORM_SENT and FORM_REMINDERS rewrite their first message to agree with the row.
 */
export function applyConfigPatch(
  type: NotificationType,
  current: NotificationConfigValues,
  patch: Omit<NotificationConfigPatch, "type">,
): NotificationConfigValues {
  const next: NotificationConfigValues = {
    enabled: patch.enabled ?? current.enabled,
    titleTemplate: patch.titleTemplate ?? current.titleTemplate,
    bodyTemplate: patch.bodyTemplate ?? current.bodyTemplate,
    sound: patch.sound ?? current.sound,
    sendTime: patch.sendTime ?? current.sendTime,
    messages: null,
  };
  if (catalogueEntry(type).kind !== "single")
    next.messages = rewriteFirstMessage(effectiveMessages(type, current), next);
  return next;
}
