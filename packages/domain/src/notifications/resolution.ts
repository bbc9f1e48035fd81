import {
  LOCKED_NOTIFICATION_GROUPS,
  NOTIFICATION_GROUPS,
  type FormType,
  type MessageFormType,
  type NotificationGroup,
  type NotificationMessage,
  type NotificationPreference,
  type NotificationType,
} from "@studio/contracts";
import { ACTIVE_CATALOGUE, catalogueEntry, type NotificationConfigValues } from "./catalogue";
import { effectiveMessages } from "./messages";

// Resolution rules of document 1 "Message kinds" and "Preference groups": which message a
// push uses, which group mutes it, how texts are rendered, which groups a trainee sees.

export const isLockedGroup = (group: string) =>
  (LOCKED_NOTIFICATION_GROUPS as readonly string[]).includes(group);

/** For a form type: CHECK_IN gives CHECK_INS; anything else, including none, gives FORMS. */
export const groupOfFormType = (
  formType: MessageFormType | FormType | null | undefined,
): NotificationGroup => (formType === "CHECK_IN" ? "CHECK_INS" : "FORMS");

/** The preference group of a push: fixed per type, or picked by the form type for FORM_SENT / FORM_REMINDERS. */
export function groupOf(
  type: NotificationType,
  formType?: MessageFormType | FormType | null,
): NotificationGroup {
  return catalogueEntry(type).group ?? groupOfFormType(formType);
}

/** Muting ignores locked groups. */
export function isMuted(group: NotificationGroup, mutedGroups: readonly string[]): boolean {
  return !isLockedGroup(group) && mutedGroups.includes(group);
}

/**
 * formSent rule: the enabled message whose formType matches the form, else the enabled one
 * with formType ALL. Without a form type only an ALL message qualifies.
 */
export function pickFormSentMessage(
  messages: readonly NotificationMessage[],
  formType: FormType | null | undefined,
): NotificationMessage | undefined {
  const enabled = messages.filter((m) => m.enabled);
  return (
    (formType ? enabled.find((m) => m.formType === formType) : undefined) ??
    enabled.find((m) => (m.formType ?? "ALL") === "ALL")
  );
}

/**
 * The message a push of this type uses: single kinds their one message; formSent by form type;
 * formReminders the named reminder (when enabled), else by form type like formSent.
 */
export function pickMessage(
  type: NotificationType,
  values: NotificationConfigValues,
  context: { formType?: FormType | null; messageId?: string | null } = {},
): NotificationMessage | undefined {
  const messages = effectiveMessages(type, values);
  const { kind } = catalogueEntry(type);
  if (kind === "single") return messages[0];
  if (kind === "formReminders" && context.messageId)
    return messages.find((m) => m.id === context.messageId && m.enabled);
  return pickFormSentMessage(messages, context.formType);
}

/** {{variable}} substitution; unknown or missing variables render as an empty string. */
export function renderTemplate(
  template: string,
  variables: Readonly<Record<string, string | number | null | undefined>>,
): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(variables, name) ? variables[name] : undefined;
    return value === null || value === undefined ? "" : String(value);
  });
}

/**
 * Groups a trainee sees (GET /v1/trainee/notification-preferences), in enum order. A group is
 * listed only when an enabled type of the studio feeds it: a single type its fixed group; a
 * multi-message type one group per enabled message (ALL or none feeds FORMS and CHECK_INS,
 * CHECK_IN feeds CHECK_INS, any other form type FORMS). A locked group is always enabled.
 */
export function listPreferenceGroups(
  configs: ReadonlyMap<NotificationType, NotificationConfigValues>,
  mutedGroups: readonly string[],
): NotificationPreference[] {
  const fed = new Set<NotificationGroup>();
  for (const entry of ACTIVE_CATALOGUE) {
    const values = configs.get(entry.type);
    if (!values?.enabled) continue;
    if (entry.group) {
      fed.add(entry.group);
      continue;
    }
    for (const m of effectiveMessages(entry.type, values)) {
      if (!m.enabled) continue;
      const formType = m.formType ?? "ALL";
      if (formType === "ALL") {
        fed.add("FORMS");
        fed.add("CHECK_INS");
      } else fed.add(groupOfFormType(formType));
    }
  }
  return NOTIFICATION_GROUPS.filter((g) => fed.has(g)).map((group) => {
    const locked = isLockedGroup(group);
    return { group, locked, enabled: locked || !mutedGroups.includes(group) };
  });
}
