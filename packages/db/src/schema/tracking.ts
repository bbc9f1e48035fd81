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
import { clients } from "./clients";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

// Tracking rows (document 2 "Tracking rows", document 3 "Daily metric and logs"). Per-day rows
// are keyed by the trainee's local day, stored as the YYYY-MM-DD date; instant rows (weigh-ins,
// photos) keep the real timestamp and are bucketed into days at read time.

/** A weigh-in. source: APP (the trainee app; the only editable one), COACH, FORM, AUTOMATION, IMPORT. */
export const weightEntries = pgTable(
  "weight_entries",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    weightKg: doublePrecision("weight_kg").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    note: text("note"),
    source: text("source").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("weight_entries_studio_idx").on(t.studioId),
    index("weight_entries_client_recorded_idx").on(t.clientId, t.recordedAt),
  ],
);

/** One row per trainee per local day: steps, water (running total and its entries), measurements, note. */
export const dailyMetrics = pgTable(
  "daily_metrics",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    steps: integer("steps"),
    waterMl: integer("water_ml").notNull().default(0),
    /** [{id, amountMl, at, deductsEntryId?}] — at most 1000 per day. */
    waterLogs: jsonb("water_logs")
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** {chest, waist, hips, arm, thigh, neck} in centimetres. */
    measurements: jsonb("measurements")
      .notNull()
      .default(sql`'{}'::jsonb`),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("daily_metrics_studio_idx").on(t.studioId),
    uniqueIndex("daily_metrics_client_date_key").on(t.clientId, t.date),
  ],
);

/** A progress photo (the image is uploaded first through the uploads router). angle: FRONT | SIDE | BACK. */
export const progressPhotos = pgTable(
  "progress_photos",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    angle: text("angle"),
    createdAt: createdAt(),
  },
  (t) => [
    index("progress_photos_studio_idx").on(t.studioId),
    index("progress_photos_client_idx").on(t.clientId, t.takenAt),
  ],
);

/** A cardio session. kind: walking | running | stairs | cycling | other; source: WORKOUT | MANUAL. */
export const cardioSessions = pgTable(
  "cardio_sessions",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    minutes: integer("minutes").notNull(),
    performedOn: date("performed_on", { mode: "string" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Plain ids, no foreign key (document 3). */
    planId: text("plan_id"),
    planDayId: text("plan_day_id"),
    source: text("source").notNull().default("MANUAL"),
    createdAt: createdAt(),
  },
  (t) => [
    index("cardio_sessions_studio_idx").on(t.studioId),
    index("cardio_sessions_client_idx").on(t.clientId, t.performedOn),
  ],
);

/** A phone health-store sample (retired route kept for older builds). */
export const healthSamples = pgTable(
  "health_samples",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    value: doublePrecision("value").notNull(),
    unit: text("unit").notNull(),
    source: text("source").notNull(),
    externalId: text("external_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("health_samples_studio_idx").on(t.studioId),
    uniqueIndex("health_samples_client_external_key").on(t.clientId, t.source, t.externalId),
  ],
);

/**
 * A log's exercise bests (workout_logs.exercise_bests): per exercise key (`id:<exerciseId>`, else
 * `name:<name>`), the best eligible set as [weight (null when unweighted), reps]; written by the
 * domain's `exerciseBestsOf(entries)` with the entries.
 */
export type ExerciseBests = Record<string, [number | null, number]>;

/** A logged workout (decisions.md "Trainee app: plans and logging"). */
export const workoutLogs = pgTable(
  "workout_logs",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    programId: text("program_id"),
    dayId: text("day_id"),
    label: text("label"),
    performedOn: date("performed_on", { mode: "string" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    completed: boolean("completed").notNull().default(false),
    /** [{exerciseId, name, sets: [{done, weight, reps, targetReps}]}] */
    entries: jsonb("entries")
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The entries' exercise bests, the personal-record baseline the coach views read instead of
     * every earlier log's entries (issue 30 item 2). NULL on a row migration 0021 could not compute
     * exactly in SQL (numbers sent as strings): readers compute it from the entries then.
     */
    exerciseBests: jsonb("exercise_bests").$type<ExerciseBests>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("workout_logs_studio_idx").on(t.studioId),
    index("workout_logs_client_idx").on(t.clientId, t.performedOn),
  ],
);

/** A free meal log. source: PLAN (default) | FREE | PHOTO. */
export const mealLogs = pgTable(
  "meal_logs",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }).notNull(),
    /** The trainee's local day of consumedAt, fixed at write time. */
    day: date("day", { mode: "string" }).notNull(),
    source: text("source").notNull().default("PLAN"),
    /** [{foodId, name, qty, kcal, protein, carbs, fat}] */
    items: jsonb("items")
      .notNull()
      .default(sql`'[]'::jsonb`),
    photoUrl: text("photo_url"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("meal_logs_studio_idx").on(t.studioId),
    index("meal_logs_client_day_idx").on(t.clientId, t.day),
  ],
);

/** What happened to one plan meal on one local day (status planned | eaten | eatenOutside | replaced | removed). */
export const nutritionDayMeals = pgTable(
  "nutrition_day_meals",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    mealId: text("meal_id").notNull(),
    programId: text("program_id"),
    status: text("status").notNull(),
    replacementName: text("replacement_name"),
    /** [{itemId, eaten, qty, swapFoodId}] */
    items: jsonb("items")
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** [{foodId, qty}] */
    addedItems: jsonb("added_items")
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("nutrition_day_meals_studio_idx").on(t.studioId),
    uniqueIndex("nutrition_day_meals_key").on(t.clientId, t.date, t.mealId),
  ],
);

/** A meal the trainee added to a plan day outside the plan. */
export const customMeals = pgTable(
  "custom_meals",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    label: text("label").notNull(),
    items: jsonb("items")
      .notNull()
      .default(sql`'[]'::jsonb`),
    note: text("note"),
    photoUrl: text("photo_url"),
    /** The free meal log this custom meal mirrors (counted once by the nutrition views). */
    mealLogId: text("meal_log_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("custom_meals_studio_idx").on(t.studioId),
    index("custom_meals_client_date_idx").on(t.clientId, t.date),
  ],
);
