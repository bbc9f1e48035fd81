import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { studios } from "./studio";

/** Trainees (the clients service). The team/trainees work extends this table. */
export const clients = pgTable(
  "clients",
  {
    id: id(),
    studioId: text("studio_id")
      .notNull()
      .references(() => studios.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone").notNull(),
    email: text("email"),
    timezone: text("timezone"),
    mutedNotificationGroups: jsonb("muted_notification_groups").$type<string[]>().notNull().default([]),
    /** App lock inputs (decisions.md): freeze date, per-trainee override, coverage end. */
    freezeStartedAt: timestamp("freeze_started_at", { withTimezone: true }),
    allowAppWhileFrozen: boolean("allow_app_while_frozen"),
    accessEndsAt: timestamp("access_ends_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("clients_studio_idx").on(t.studioId),
    uniqueIndex("clients_studio_phone_live_key")
      .on(t.studioId, t.phone)
      .where(sql`${t.deletedAt} is null`),
  ],
);
