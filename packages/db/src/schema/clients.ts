import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";
import { coaches } from "./team";

/** Trainees (the clients service). Soft-deleted with deletedAt; the phone is unique among live rows. */
export const clients = pgTable(
  "clients",
  {
    id: id(),
    studioId: studioIdColumn(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    /** E.164 (Israel as the default region when parsed). */
    phone: text("phone").notNull(),
    email: text("email"),
    timezone: text("timezone"),
    mutedNotificationGroups: jsonb("muted_notification_groups").$type<string[]>().notNull().default([]),
    /** App lock inputs (decisions.md): freeze date, per-trainee override, coverage end. */
    freezeStartedAt: timestamp("freeze_started_at", { withTimezone: true }),
    allowAppWhileFrozen: boolean("allow_app_while_frozen"),
    accessEndsAt: timestamp("access_ends_at", { withTimezone: true }),
    /** ACTIVE | PAUSED | CHURN_RISK | CHURNED | ARCHIVED */
    status: text("status").notNull().default("ACTIVE"),
    birthDate: date("birth_date", { mode: "string" }),
    /** MALE | FEMALE | OTHER */
    gender: text("gender"),
    heightCm: doublePrecision("height_cm"),
    weightKg: doublePrecision("weight_kg"),
    goal: text("goal"),
    goals: jsonb("goals").$type<string[]>().notNull().default([]),
    goalWeightKg: doublePrecision("goal_weight_kg"),
    stepsGoal: integer("steps_goal"),
    waterGoalMl: integer("water_goal_ml"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    updateFormId: text("update_form_id"),
    /** WEEKLY | BIWEEKLY | MONTHLY */
    updateCadence: text("update_cadence"),
    /** First check-in form day (trainee's local date); later ones follow updateCadence (notifications: FORM_REMINDERS). */
    checkInStartDate: date("check_in_start_date", { mode: "string" }),
    /** The id an integrator supplied at creation (idempotency key); unique within the studio. */
    externalId: text("external_id"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("clients_studio_idx").on(t.studioId),
    uniqueIndex("clients_studio_phone_live_key")
      .on(t.studioId, t.phone)
      .where(sql`${t.deletedAt} is null`),
    index("clients_studio_created_idx").on(t.studioId, t.createdAt),
    index("clients_tags_idx").using("gin", t.tags),
    uniqueIndex("clients_studio_external_id_key")
      .on(t.studioId, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/**
 * Coach assignments of a trainee, in order (position); at most one primary per trainee.
 * A coach limited to assigned trainees reaches a trainee only through these rows.
 */
export const clientCoaches = pgTable(
  "client_coaches",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    coachId: text("coach_id")
      .notNull()
      .references(() => coaches.id, { onDelete: "cascade" }),
    isPrimary: boolean("is_primary").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("client_coaches_studio_idx").on(t.studioId),
    uniqueIndex("client_coaches_client_coach_key").on(t.clientId, t.coachId),
    uniqueIndex("client_coaches_one_primary_key")
      .on(t.clientId)
      .where(sql`${t.isPrimary}`),
    index("client_coaches_coach_idx").on(t.coachId),
  ],
);
