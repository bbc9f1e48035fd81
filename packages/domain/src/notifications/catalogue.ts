import {
  ACTIVE_NOTIFICATION_TYPES,
  MAX_FORM_REMINDERS,
  MAX_FORM_SENT_MESSAGES,
  NOTIFICATION_TYPES,
  type ActiveNotificationType,
  type MessageKind,
  type NotificationCategory,
  type NotificationGroup,
  type NotificationMessage,
  type NotificationType,
} from "@studio/contracts";

/** Values every settings row carries (platform default or studio override). */
export interface NotificationConfigValues {
  enabled: boolean;
  titleTemplate: string;
  bodyTemplate: string;
  sound: boolean;
  /** HH:MM, 24 hour. */
  sendTime: string;
  /** Multi-message kinds only; null for single. */
  messages: NotificationMessage[] | null;
}

export interface NotificationCatalogueEntry {
  type: NotificationType;
  category: NotificationCategory;
  /** null: picked by the form type (CHECK_IN gives CHECK_INS, anything else FORMS). */
  group: NotificationGroup | null;
  kind: MessageKind;
  retired: boolean;
  /** {{variables}} the texts may use. */
  variables: readonly string[];
  defaults: NotificationConfigValues;
}

const single = (
  type: NotificationType,
  category: NotificationCategory,
  group: NotificationGroup,
  variables: readonly string[],
  titleTemplate: string,
  bodyTemplate: string,
  sendTime = "09:00",
  retired = false,
): NotificationCatalogueEntry => ({
  type,
  category,
  group,
  kind: "single",
  retired,
  variables,
  defaults: { enabled: true, titleTemplate, bodyTemplate, sound: true, sendTime, messages: null },
});

const FORM_SENT_MESSAGES: NotificationMessage[] = [
  {
    id: "check-in",
    enabled: true,
    title: "הגיע הזמן לצ'ק-אין",
    subtitle: "{{name}}, {{coach}} מחכה לעדכון שלך: מלא/י את {{form}}",
    formType: "CHECK_IN",
  },
  {
    id: "all-forms",
    enabled: true,
    title: "טופס חדש מחכה לך",
    subtitle: "{{coach}} שלח/ה לך את {{form}}",
    formType: "ALL",
  },
];

const FORM_REMINDER_MESSAGES: NotificationMessage[] = [
  {
    id: "day-before",
    enabled: true,
    title: "תזכורת: מחר צ'ק-אין",
    subtitle: "{{name}}, מחר ממלאים את טופס הצ'ק-אין",
    formType: "CHECK_IN",
    offsetDays: -1,
    time: "19:00",
    onlyIfNotFilled: false,
    opens: "home",
  },
];

/**
 * The fifteen types (decisions.md "Notification types"): the twelve active ones in catalogue
 * order, then the retired ones. Default texts are Hebrew; {{name}} is the trainee's first name.
 */
export const NOTIFICATION_CATALOGUE: readonly NotificationCatalogueEntry[] = [
  single(
    "WORKOUT_REMINDER",
    "workout",
    "WORKOUT_REMINDERS",
    ["name"],
    "הגיע הזמן להתאמן 💪",
    "{{name}}, האימון של היום מחכה לך",
    "08:00",
  ),
  single(
    "WORKOUT_MISSED",
    "workout",
    "WORKOUT_REMINDERS",
    ["name"],
    "פספסת אימון",
    "{{name}}, לא נורא! חוזרים למסלול באימון הבא",
    "20:00",
  ),
  {
    type: "FORM_SENT",
    category: "forms",
    group: null,
    kind: "formSent",
    retired: false,
    variables: ["name", "coach", "form"],
    defaults: {
      enabled: true,
      titleTemplate: FORM_SENT_MESSAGES[0]!.title,
      bodyTemplate: FORM_SENT_MESSAGES[0]!.subtitle,
      sound: true,
      sendTime: "09:00",
      messages: FORM_SENT_MESSAGES,
    },
  },
  {
    type: "FORM_REMINDERS",
    category: "forms",
    group: null,
    kind: "formReminders",
    retired: false,
    variables: ["name", "coach", "form", "date"],
    defaults: {
      enabled: true,
      titleTemplate: FORM_REMINDER_MESSAGES[0]!.title,
      bodyTemplate: FORM_REMINDER_MESSAGES[0]!.subtitle,
      sound: true,
      sendTime: FORM_REMINDER_MESSAGES[0]!.time!,
      messages: FORM_REMINDER_MESSAGES,
    },
  },
  single(
    "TRAINING_PLAN_ASSIGNED",
    "plans",
    "PLANS",
    ["name", "coach", "plan"],
    "תוכנית אימונים חדשה",
    "{{coach}} הכין/ה לך את {{plan}}",
  ),
  single(
    "NUTRITION_PLAN_ASSIGNED",
    "plans",
    "PLANS",
    ["name", "coach", "plan"],
    "תפריט תזונה חדש",
    "{{coach}} הכין/ה לך את {{plan}}",
  ),
  single(
    "PLAN_UPDATED",
    "plans",
    "PLANS",
    ["name", "coach", "plan"],
    "התוכנית שלך עודכנה",
    "{{coach}} עדכן/ה את {{plan}}",
  ),
  single(
    "SUBSCRIPTION_EXPIRING",
    "subscription",
    "SUBSCRIPTION",
    ["name", "plan", "date"],
    "המנוי שלך מסתיים בקרוב",
    "{{name}}, המנוי {{plan}} מסתיים ב-{{date}}",
  ),
  single(
    "SUBSCRIPTION_ENDED",
    "subscription",
    "SUBSCRIPTION",
    ["name", "plan", "coach"],
    "המנוי שלך הסתיים",
    "{{name}}, המנוי {{plan}} הסתיים. לחידוש פנה/י אל {{coach}}",
  ),
  single(
    "SUBSCRIPTION_FROZEN",
    "subscription",
    "SUBSCRIPTION",
    ["name", "plan", "date"],
    "המנוי שלך הוקפא",
    "המנוי {{plan}} הוקפא החל מ-{{date}}",
  ),
  single(
    "TRAINER_MESSAGE",
    "messages",
    "COACH_MESSAGES",
    ["name", "coach", "message"],
    "הודעה חדשה מ{{coach}}",
    "{{message}}",
  ),
  single(
    "MEETING_REMINDER",
    "messages",
    "COACH_MESSAGES",
    ["name", "coach", "date"],
    "תזכורת לפגישה",
    "{{name}}, נפגשים עם {{coach}} ב-{{date}}",
  ),
  single(
    "FORM_ASSIGNED",
    "forms",
    "FORMS",
    ["name", "coach", "form"],
    "טופס חדש מחכה לך",
    "{{coach}} שלח/ה לך את {{form}}",
    "09:00",
    true,
  ),
  single(
    "CHECK_IN_DUE",
    "forms",
    "CHECK_INS",
    ["name", "form"],
    "הגיע הזמן לצ'ק-אין",
    "{{name}}, היום ממלאים את {{form}}",
    "09:00",
    true,
  ),
  single(
    "CHECK_IN_TOMORROW",
    "forms",
    "CHECK_INS",
    ["name", "form"],
    "תזכורת: מחר צ'ק-אין",
    "{{name}}, מחר ממלאים את {{form}}",
    "19:00",
    true,
  ),
];

const BY_TYPE = new Map(NOTIFICATION_CATALOGUE.map((e) => [e.type, e]));
if (BY_TYPE.size !== NOTIFICATION_TYPES.length)
  throw new Error("notification catalogue and type enum disagree");

export function catalogueEntry(type: NotificationType): NotificationCatalogueEntry {
  return BY_TYPE.get(type)!;
}

/** Active entries in the active-type order. */
export const ACTIVE_CATALOGUE: readonly NotificationCatalogueEntry[] = ACTIVE_NOTIFICATION_TYPES.map((t) =>
  BY_TYPE.get(t)!,
);

export const isActiveType = (type: string): type is ActiveNotificationType =>
  (ACTIVE_NOTIFICATION_TYPES as readonly string[]).includes(type);

export const isMultiMessageKind = (kind: MessageKind) => kind !== "single";

export function maxMessagesOf(kind: MessageKind): number {
  if (kind === "formSent") return MAX_FORM_SENT_MESSAGES;
  if (kind === "formReminders") return MAX_FORM_REMINDERS;
  return 1;
}

/** Deep copy, so callers can change a default without touching the catalogue. */
export function codeDefaults(type: NotificationType): NotificationConfigValues {
  const d = catalogueEntry(type).defaults;
  return { ...d, messages: d.messages ? d.messages.map((m) => ({ ...m })) : null };
}
