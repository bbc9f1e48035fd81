import { date, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id } from "./columns";
import { studioIdColumn } from "./studio";

/**
 * The scheduler's own state (not a tenant table): one row `tick` holding the last completed
 * tick, so a tick after an outage looks back over the work it missed.
 */
export const schedulerState = pgTable("scheduler_state", {
  id: text("id").primaryKey(),
  lastTickAt: timestamp("last_tick_at", { withTimezone: true }).notNull(),
});

/**
 * One row per scheduled push (WORKOUT_REMINDER, WORKOUT_MISSED, SUBSCRIPTION_EXPIRING,
 * SUBSCRIPTION_ENDED, MEETING_REMINDER): the natural key (type, trainee, subject, local date,
 * slot) claimed with `insert … on conflict do nothing` in the transaction that records the
 * notification and enqueues its delivery, so two ticks, a retried tick or two workers send once.
 */
export const scheduledPushes = pgTable(
  "scheduled_pushes",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** What the push is about: a program, a subscription, a meeting ('' when the type has none). */
    subject: text("subject").notNull().default(""),
    /** The trainee's local date the push belongs to. */
    localDate: date("local_date", { mode: "string" }).notNull(),
    /** Which push of that day ('send-time', 'hour-before', …). */
    slot: text("slot").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    notificationId: text("notification_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("scheduled_pushes_key").on(t.type, t.clientId, t.subject, t.localDate, t.slot),
    index("scheduled_pushes_studio_idx").on(t.studioId),
    index("scheduled_pushes_client_idx").on(t.clientId),
  ],
);
