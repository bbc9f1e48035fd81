import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { clients } from "./clients";
import { studioIdColumn } from "./studio";
import { coaches } from "./team";

/**
 * Board columns of a studio's sales-lead CRM. Built-ins (key not null) are seeded lazily;
 * the partial unique index makes two racing first requests seed one set.
 */
export const leadStatuses = pgTable(
  "lead_statuses",
  {
    id: id(),
    studioId: studioIdColumn(),
    key: text("key"),
    label: text("label").notNull(),
    color: text("color").notNull(),
    locked: boolean("locked").notNull().default(false),
    order: integer("sort_order").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lead_statuses_studio_idx").on(t.studioId, t.order),
    uniqueIndex("lead_statuses_studio_key_key")
      .on(t.studioId, t.key)
      .where(sql`${t.key} is not null`),
  ],
);

/** A sales lead. Soft-deleted rows keep referencing their status (no cascade on purpose). */
export const leads = pgTable(
  "leads",
  {
    id: id(),
    studioId: studioIdColumn(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    business: text("business"),
    city: text("city"),
    source: text("source").$type<"SITE" | "INSTAGRAM" | "FACEBOOK" | "GOOGLE" | "REFERRAL" | "WHATSAPP">(),
    ownerCoachId: text("owner_coach_id").references(() => coaches.id, { onDelete: "set null" }),
    valueAgorot: integer("value_agorot"),
    statusId: text("status_id")
      .notNull()
      .references(() => leadStatuses.id),
    lostReason: text("lost_reason"),
    remindAt: timestamp("remind_at", { withTimezone: true }),
    clientId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("leads_studio_idx").on(t.studioId),
    index("leads_studio_live_created_idx")
      .on(t.studioId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index("leads_status_idx").on(t.statusId),
    index("leads_owner_coach_idx").on(t.ownerCoachId),
    index("leads_client_idx").on(t.clientId),
  ],
);

/** Notes cannot be edited or deleted; coachId/coachName are the actor (null without a Coach row). */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: id(),
    studioId: studioIdColumn(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    coachId: text("coach_id").references(() => coaches.id, { onDelete: "set null" }),
    coachName: text("coach_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_notes_studio_idx").on(t.studioId),
    index("lead_notes_lead_created_idx").on(t.leadId, t.createdAt.desc()),
  ],
);

/** The lead's history; type is a free string. Writing one never fails the request. */
export const leadActivities = pgTable(
  "lead_activities",
  {
    id: id(),
    studioId: studioIdColumn(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    coachId: text("coach_id").references(() => coaches.id, { onDelete: "set null" }),
    coachName: text("coach_name"),
    data: jsonb("data").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_activities_studio_idx").on(t.studioId),
    index("lead_activities_lead_created_idx").on(t.leadId, t.createdAt.desc()),
  ],
);
