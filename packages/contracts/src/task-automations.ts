import { z } from "zod";
import { boundedId, boundedInt, boundedName, boundedString } from "./bounded";
import { pagingQuery, paged } from "./paging";
import { TASK_DESCRIPTION_MAX, TASK_MAX_ASSIGNEES } from "./tasks";

/**
 * What starts a task automation (document 3 "the subscription-assigned task hook"; issue 28):
 * a subscription assigned (offsetDays after), the trainee's last live subscription ending
 * (offsetDays before its coverage end), ended (offsetDays after), a check-in form not filled
 * (offsetDays after the day after its form day).
 */
export const TaskAutomationTriggerSchema = z.enum([
  "SUBSCRIPTION_ASSIGNED",
  "SUBSCRIPTION_ENDING",
  "SUBSCRIPTION_ENDED",
  "CHECK_IN_OVERDUE",
]);
export type TaskAutomationTrigger = z.infer<typeof TaskAutomationTriggerSchema>;

/**
 * Who gets the task: the trainee's primary coach, every coach of the trainee, or the coaches
 * named in coachIds. coachIds is also the fallback when the trainee has no (active) coach.
 */
export const TaskAssigneeRuleSchema = z.enum(["PRIMARY_COACH", "TRAINEE_COACHES", "COACHES"]);
export type TaskAssigneeRule = z.infer<typeof TaskAssigneeRuleSchema>;

export const TASK_AUTOMATION_MAX_OFFSET_DAYS = 365;

const fields = {
  name: boundedName(200).describe("the rule's name; default the title"),
  trigger: TaskAutomationTriggerSchema,
  offsetDays: boundedInt(0, TASK_AUTOMATION_MAX_OFFSET_DAYS).describe(
    "days after the trigger (before the coverage end for SUBSCRIPTION_ENDING); default 0",
  ),
  title: boundedName(200).describe("the task's title; {{name}}, {{plan}}, {{form}}, {{date}} are filled"),
  description: boundedString(TASK_DESCRIPTION_MAX)
    .nullable()
    .describe("the task's description (same variables)"),
  priority: boundedInt(0, 5).describe("the task's priority, 0 to 5, default 1"),
  assigneeRule: TaskAssigneeRuleSchema.describe("default PRIMARY_COACH"),
  coachIds: z
    .array(boundedId())
    .max(TASK_MAX_ASSIGNEES)
    .describe(
      "active coaches of the studio; required (non-empty) for COACHES, the fallback for the other rules",
    ),
  isActive: z.boolean().describe("default true"),
};

/** `POST /v1/web/task-automations`. */
export const TaskAutomationCreateInput = z.object({
  name: fields.name.optional(),
  trigger: fields.trigger,
  offsetDays: fields.offsetDays.optional(),
  title: fields.title,
  description: fields.description.optional(),
  priority: fields.priority.optional(),
  assigneeRule: fields.assigneeRule.optional(),
  coachIds: fields.coachIds.optional(),
  isActive: fields.isActive.optional(),
});
export type TaskAutomationCreate = z.infer<typeof TaskAutomationCreateInput>;

/** `PATCH /v1/web/task-automations/:id`: fields sent change; coachIds replaces the list. */
export const TaskAutomationUpdateInput = z
  .object({ id: boundedId() })
  .extend(z.object(fields).partial().shape);
export type TaskAutomationUpdate = z.infer<typeof TaskAutomationUpdateInput>;

export const TaskAutomationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    trigger: TaskAutomationTriggerSchema,
    offsetDays: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    priority: z.number().int(),
    assigneeRule: TaskAssigneeRuleSchema,
    coachIds: z.array(z.string()),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "TaskAutomation" });
export type TaskAutomationRecord = z.infer<typeof TaskAutomationSchema>;

/** `GET /v1/web/task-automations`: oldest first. */
export const TaskAutomationListQuery = z.object({
  trigger: TaskAutomationTriggerSchema.optional(),
  ...pagingQuery(),
});
export type TaskAutomationListFilters = z.infer<typeof TaskAutomationListQuery>;
export const TaskAutomationListSchema = paged(TaskAutomationSchema);

export const TaskAutomationDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
