import { z } from "zod";
import { pagingQuery, paged } from "./paging";
import { boundedId, boundedName, boundedString, INPUT_LIMITS } from "./bounded";

/**
 * Notification types (document 1 "Types", decisions.md "Notification types"): the twelve
 * active ones in their catalogue order, then the three retired ones (kept with defaults,
 * filtered out of every list).
 */
export const ACTIVE_NOTIFICATION_TYPES = [
  "WORKOUT_REMINDER",
  "WORKOUT_MISSED",
  "FORM_SENT",
  "FORM_REMINDERS",
  "TRAINING_PLAN_ASSIGNED",
  "NUTRITION_PLAN_ASSIGNED",
  "PLAN_UPDATED",
  "SUBSCRIPTION_EXPIRING",
  "SUBSCRIPTION_ENDED",
  "SUBSCRIPTION_FROZEN",
  "TRAINER_MESSAGE",
  "MEETING_REMINDER",
] as const;
export const RETIRED_NOTIFICATION_TYPES = ["FORM_ASSIGNED", "CHECK_IN_DUE", "CHECK_IN_TOMORROW"] as const;
export const NOTIFICATION_TYPES = [...ACTIVE_NOTIFICATION_TYPES, ...RETIRED_NOTIFICATION_TYPES] as const;

export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES).meta({ id: "NotificationType" });
export type NotificationType = z.infer<typeof NotificationTypeSchema>;
export const ActiveNotificationTypeSchema = z
  .enum(ACTIVE_NOTIFICATION_TYPES)
  .meta({ id: "ActiveNotificationType" });
export type ActiveNotificationType = z.infer<typeof ActiveNotificationTypeSchema>;

/** Category order of document 1. */
export const NOTIFICATION_CATEGORIES = ["workout", "forms", "plans", "subscription", "messages"] as const;
export const NotificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof NotificationCategorySchema>;

/** Preference groups, in enum order. COACH_MESSAGES is locked. */
export const NOTIFICATION_GROUPS = [
  "CHECK_INS",
  "FORMS",
  "PLANS",
  "WORKOUT_REMINDERS",
  "COACH_MESSAGES",
  "SUBSCRIPTION",
] as const;
export const NotificationGroupSchema = z.enum(NOTIFICATION_GROUPS).meta({ id: "NotificationGroup" });
export type NotificationGroup = z.infer<typeof NotificationGroupSchema>;
export const LOCKED_NOTIFICATION_GROUPS: readonly NotificationGroup[] = ["COACH_MESSAGES"];

export const MESSAGE_KINDS = ["single", "formSent", "formReminders"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Form types (document 3 "Form list item"). */
export const FORM_TYPES = ["INTAKE", "CHECK_IN", "ONE_TIME", "PDF_SIGNATURE"] as const;
export const FormTypeSchema = z.enum(FORM_TYPES);
export type FormType = z.infer<typeof FormTypeSchema>;
/** A message's form type: a form type, or ALL (any form). */
export const MessageFormTypeSchema = z.enum(["ALL", ...FORM_TYPES]);
export type MessageFormType = z.infer<typeof MessageFormTypeSchema>;
/** Where a reminder push opens the app. */
export const MessageOpensSchema = z.enum(["form", "home"]);

export const MAX_FORM_SENT_MESSAGES = 3;
export const MAX_FORM_REMINDERS = 10;
export const MIN_REMINDER_OFFSET_DAYS = -3;
export const MAX_REMINDER_OFFSET_DAYS = 3;

/** HH:MM, 24 hour. */
export const SEND_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const SendTimeSchema = boundedString(5).regex(SEND_TIME_PATTERN, "must be HH:MM (24 hour)");

/** Notification text limits (decisions: docs/decisions/errors-and-validation.md "Input bounds"). */
export const NOTIFICATION_TITLE_MAX = 500;
export const NOTIFICATION_BODY_MAX = INPUT_LIMITS.text;

/** A message as stored and answered; which fields appear depends on the type's kind. */
export const NotificationMessageSchema = z
  .object({
    id: z.string(),
    enabled: z.boolean(),
    title: z.string(),
    subtitle: z.string(),
    formType: MessageFormTypeSchema.optional(),
    offsetDays: z.number().int().optional(),
    time: z.string().optional(),
    onlyIfNotFilled: z.boolean().optional(),
    opens: MessageOpensSchema.optional(),
  })
  .meta({ id: "NotificationMessage" });
export type NotificationMessage = z.infer<typeof NotificationMessageSchema>;

/** A message of the PUT body before normalization (the domain applies the kind's rules). */
export const NotificationMessageInput = z.object({
  id: boundedName(64).optional(),
  enabled: z.boolean().optional(),
  // Not blank: line breaks collapse to a space and the title is trimmed, then must not be empty
  // (the domain's rule, stated here so the document shows it: issue 26 item 11).
  title: boundedString(NOTIFICATION_TITLE_MAX, { min: 1 }).regex(/\S/, "title must not be empty"),
  subtitle: boundedString(NOTIFICATION_BODY_MAX).optional(),
  formType: MessageFormTypeSchema.optional(),
  offsetDays: z.number().optional().describe("an integer from -3 to 3 (checked with the type's rules)"),
  time: boundedString(INPUT_LIMITS.name)
    .optional()
    .describe("HH:MM, 24 hour (checked with the type's rules)"),
  onlyIfNotFilled: z.boolean().optional(),
  opens: MessageOpensSchema.optional(),
});
export type NotificationMessageInputValue = z.infer<typeof NotificationMessageInput>;

/** Path parameter :type of the PATCH routes: any of the fifteen values. */
export const NotificationTypeParam = z.object({ type: NotificationTypeSchema });

/** Body of both PATCH routes (admin and web): every field optional, only sent fields change. */
export const NotificationConfigPatchInput = z.object({
  type: NotificationTypeSchema,
  enabled: z.boolean().optional(),
  titleTemplate: boundedString(NOTIFICATION_TITLE_MAX, { min: 1 }).optional(),
  bodyTemplate: boundedString(NOTIFICATION_BODY_MAX).optional(),
  sound: z.boolean().optional(),
  sendTime: SendTimeSchema.optional(),
});
export type NotificationConfigPatch = z.infer<typeof NotificationConfigPatchInput>;

const configFields = {
  type: NotificationTypeSchema,
  enabled: z.boolean(),
  titleTemplate: z.string(),
  bodyTemplate: z.string(),
  sound: z.boolean(),
  sendTime: z.string().describe("HH:MM, 24 hour"),
};

/** A platform default row (admin lane). messages: only for the multi-message kinds, else null. */
export const PlatformNotificationConfigSchema = z
  .object({ ...configFields, messages: z.array(NotificationMessageSchema).nullable(), updatedAt: z.string() })
  .meta({ id: "PlatformNotificationConfig" });
export type PlatformNotificationConfig = z.infer<typeof PlatformNotificationConfigSchema>;
export const PlatformNotificationConfigListSchema = z.array(PlatformNotificationConfigSchema);

/**
 * The flat studio shape: the override when one exists, else the platform default, with
 * customized saying which. messages only on the PATCH answer of FORM_SENT / FORM_REMINDERS.
 */
export const StudioNotificationConfigSchema = z
  .object({
    ...configFields,
    customized: z.boolean(),
    messages: z.array(NotificationMessageSchema).optional(),
  })
  .meta({ id: "StudioNotificationConfig" });
export type StudioNotificationConfig = z.infer<typeof StudioNotificationConfigSchema>;
export const StudioNotificationConfigListSchema = z.array(StudioNotificationConfigSchema);

/** Values of a setting (studio effective values, or the platform row under `defaults`). */
const settingValues = {
  enabled: z.boolean(),
  sound: z.boolean(),
  titleTemplate: z.string(),
  bodyTemplate: z.string(),
  sendTime: z.string(),
  messages: z.array(NotificationMessageSchema),
};

/** One type of the structured shape: catalogue metadata, studio values, customized, platform defaults. */
export const NotificationSettingSchema = z
  .object({
    type: ActiveNotificationTypeSchema,
    category: NotificationCategorySchema,
    group: NotificationGroupSchema.nullable().describe(
      "null: the form type picks the group (CHECK_IN gives CHECK_INS, anything else FORMS)",
    ),
    kind: z.enum(MESSAGE_KINDS),
    variables: z.array(z.string()),
    maxMessages: z.number().int(),
    ...settingValues,
    customized: z.boolean(),
    defaults: z.object(settingValues),
  })
  .meta({ id: "NotificationSetting" });
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

export const NotificationSettingsSchema = z
  .object({ categories: z.array(NotificationCategorySchema), types: z.array(NotificationSettingSchema) })
  .meta({ id: "NotificationSettings" });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PUT /v1/web/studio/notification-settings/:type. The per-type maximum is checked after parsing. */
export const NotificationSettingPutInput = z.object({
  type: ActiveNotificationTypeSchema,
  enabled: z.boolean(),
  sound: z.boolean(),
  messages: z.array(NotificationMessageInput).min(1).max(20),
});
export type NotificationSettingPut = z.infer<typeof NotificationSettingPutInput>;

/** GET /v1/trainee/notification-configs item: enabled = studio switch and not muted. */
export const TraineeNotificationConfigSchema = z
  .object({
    type: ActiveNotificationTypeSchema,
    category: NotificationCategorySchema,
    group: NotificationGroupSchema.nullable(),
    enabled: z.boolean(),
    titleTemplate: z.string(),
    bodyTemplate: z.string(),
    sound: z.boolean(),
    sendTime: z.string(),
  })
  .meta({ id: "TraineeNotificationConfig" });
export const TraineeNotificationConfigListSchema = z.array(TraineeNotificationConfigSchema);

export const NotificationPreferenceSchema = z
  .object({ group: NotificationGroupSchema, enabled: z.boolean(), locked: z.boolean() })
  .meta({ id: "NotificationPreference" });
export const NotificationPreferenceListSchema = z.array(NotificationPreferenceSchema);
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

export const NotificationPreferencePatchInput = z.object({
  group: NotificationGroupSchema,
  enabled: z.boolean(),
});

/** Push tokens (decisions.md "Notification types"). */
export const PushPlatformSchema = z.enum(["ios", "android"]);
export type PushPlatform = z.infer<typeof PushPlatformSchema>;
export const PushTokenRegisterInput = z.object({
  token: boundedName(INPUT_LIMITS.token),
  platform: PushPlatformSchema,
});
export const PushTokenParam = z.object({ token: boundedString(INPUT_LIMITS.token, { min: 1 }) });
export const PushTokenSchema = z
  .object({ token: z.string(), platform: PushPlatformSchema, createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "PushToken" });
export const PushTokenDeletedSchema = z.object({ token: z.string(), deleted: z.literal(true) });

/** Why a push was not sent. */
export const NOTIFICATION_SKIP_REASONS = [
  "DISABLED",
  "NO_MESSAGE",
  "MUTED",
  "NO_PUSH_TOKEN",
  "THROTTLED",
  "FORM_FILLED",
  // The scheduler's own (docs/decisions/notifications.md "The scheduler"): due longer ago than
  // the grace window (a worker was down), and a workout push to a trainee whose app is locked.
  "OUTSIDE_GRACE",
  "APP_LOCKED",
] as const;
export type NotificationSkipReason = (typeof NOTIFICATION_SKIP_REASONS)[number];
export const NOTIFICATION_STATUSES = ["queued", "sent", "skipped", "failed"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** One push as recorded: what reached the trainee, or why not. */
export const NotificationRecordSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    type: NotificationTypeSchema,
    title: z.string(),
    body: z.string(),
    status: z.enum(NOTIFICATION_STATUSES),
    skipReason: z.enum(NOTIFICATION_SKIP_REASONS).nullable(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: "NotificationRecord" });
export type NotificationRecord = z.infer<typeof NotificationRecordSchema>;

export const ClientNotificationsInput = z.object({ id: boundedId(), ...pagingQuery() });
export const NotificationRecordPageSchema = paged(NotificationRecordSchema);
