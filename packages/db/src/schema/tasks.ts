import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
 * Rules that create tasks by themselves (document 3 "the subscription-assigned task hook";
 * docs/decisions/tasks.md "Task automations"): a trigger (SUBSCRIPTION_ASSIGNED,
 * SUBSCRIPTION_ENDING, SUBSCRIPTION_ENDED, CHECK_IN_OVERDUE), a day offset, the task's title and
 * description, and who gets it (assigneeRule: PRIMARY_COACH, TRAINEE_COACHES or COACHES, with
 * assigneeCoachIds, from which a dismissed coach is removed).
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
    /** The task's title ({{name}}, {{plan}}, {{form}}, {{date}} filled); '' on rows older than the column: the name. */
    title: text("title").notNull().default(""),
    description: text("description"),
    priority: integer("priority").notNull().default(1),
    /** Days after the trigger (before the end for SUBSCRIPTION_ENDING). */
    offsetDays: integer("offset_days").notNull().default(0),
    /** PRIMARY_COACH | TRAINEE_COACHES | COACHES */
    assigneeRule: text("assignee_rule").notNull().default("COACHES"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("task_automations_studio_idx").on(t.studioId)],
);

/**
 * One row per task an automation created: the natural key (automation, subject) claimed with
 * `insert … on conflict do nothing` in the transaction that creates the task, so a retried
 * tick, two workers or the assignment hook and the tick together create it once.
 */
export const taskAutomationRuns = pgTable(
  "task_automation_runs",
  {
    id: id(),
    studioId: studioIdColumn(),
    automationId: text("automation_id")
      .notNull()
      .references(() => taskAutomations.id, { onDelete: "cascade" }),
    /** A subscription id or a form assignment id. */
    subject: text("subject").notNull(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    taskId: text("task_id").references(() => tasks.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("task_automation_runs_key").on(t.automationId, t.subject),
    index("task_automation_runs_studio_idx").on(t.studioId),
    index("task_automation_runs_client_idx").on(t.clientId),
  ],
);
