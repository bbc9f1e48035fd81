import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

/** Platform default notification settings: one row per type (not a tenant table). */
export const notificationDefaults = pgTable("notification_defaults", {
  type: text("type").primaryKey(),
  enabled: boolean("enabled").notNull(),
  titleTemplate: text("title_template").notNull(),
  bodyTemplate: text("body_template").notNull(),
  sound: boolean("sound").notNull(),
  /** HH:MM, 24 hour. */
  sendTime: text("send_time").notNull(),
  /** Only for the multi-message kinds (FORM_SENT, FORM_REMINDERS); read defensively. */
  messages: jsonb("messages").$type<unknown>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A studio's override of one type: replaces the platform default for that studio. */
export const notificationOverrides = pgTable(
  "notification_overrides",
  {
    id: id(),
    studioId: studioIdColumn(),
    type: text("type").notNull(),
    enabled: boolean("enabled").notNull(),
    titleTemplate: text("title_template").notNull(),
    bodyTemplate: text("body_template").notNull(),
    sound: boolean("sound").notNull(),
    sendTime: text("send_time").notNull(),
    messages: jsonb("messages").$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("notification_overrides_studio_type_key").on(t.studioId, t.type)],
);

/** Device push tokens of trainees. A token belongs to the trainee that registered it last. */
export const pushTokens = pgTable(
  "push_tokens",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    /** ios | android */
    platform: text("platform").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("push_tokens_token_key").on(t.token),
    index("push_tokens_studio_idx").on(t.studioId),
    index("push_tokens_client_idx").on(t.clientId),
  ],
);

/** Every push notify() decided on: queued (a delivery job exists), sent, skipped (with why) or failed. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    sound: boolean("sound").notNull().default(true),
    /** Payload handed to the app with the push (type, opens, formId…). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** queued | sent | skipped | failed */
    status: text("status").notNull(),
    skipReason: text("skip_reason"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index("notifications_studio_client_created_idx").on(t.studioId, t.clientId, t.createdAt.desc())],
);

/**
 * Throttle windows (PLAN_UPDATED: one push per 6 hours per trainee). Claimed with one
 * conditional upsert, so replicas agree without any process memory.
 */
export const notificationThrottles = pgTable(
  "notification_throttles",
  {
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.type] }),
    index("notification_throttles_studio_idx").on(t.studioId),
  ],
);

/** One row per FORM_REMINDERS reminder sent for a trainee's form day: the idempotency key of the scheduler. */
export const formReminderDispatches = pgTable(
  "form_reminder_dispatches",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The check-in form day (trainee's local calendar date) the reminder belongs to. */
    formDay: date("form_day", { mode: "string" }).notNull(),
    /** The form reminded about ('' for rows written before reminders covered every recurring form). */
    formId: text("form_id").notNull().default(""),
    reminderId: text("reminder_id").notNull(),
    notificationId: text("notification_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("form_reminder_dispatches_key").on(t.clientId, t.formId, t.formDay, t.reminderId),
    index("form_reminder_dispatches_studio_idx").on(t.studioId),
  ],
);
