import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

/** Work board items. coachIds are the assignees (a task may be shared by several coaches). */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    studioId: studioIdColumn(),
    title: text("title").notNull(),
    description: text("description"),
    /** OPEN | SNOOZED | DONE | DISMISSED */
    status: text("status").notNull().default("OPEN"),
    priority: integer("priority").notNull().default(1),
    dueDate: timestamp("due_date", { withTimezone: true }),
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    traineeId: text("trainee_id").references(() => clients.id, { onDelete: "cascade" }),
    coachIds: text("coach_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** MANUAL for hand-made tasks; automations set their own kind. */
    type: text("type").notNull().default("MANUAL"),
    /** web | automation | system */
    source: text("source").notNull().default("web"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_studio_created_idx").on(t.studioId, t.createdAt),
    index("tasks_trainee_idx").on(t.traineeId),
    index("tasks_coach_ids_idx").using("gin", t.coachIds),
  ],
);

/**
 * Rules that create tasks by themselves (for example when a plan is assigned). Minimal for
 * now: the team work only needs the assignee list, from which a dismissed coach is removed.
 */
export const taskAutomations = pgTable(
  "task_automations",
  {
    id: id(),
    studioId: studioIdColumn(),
    name: text("name").notNull(),
    trigger: text("trigger").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    assigneeCoachIds: text("assignee_coach_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("task_automations_studio_idx").on(t.studioId)],
);
