import { z } from "zod";
import { pagingQuery, paged } from "./paging";
import { boundedDateOrDateTime, boundedId, boundedInt, boundedName, boundedString } from "./bounded";

/** Task (work board item), document 3. OPEN and SNOOZED are open; DONE and DISMISSED resolved. */
export const TaskStatusSchema = z.enum(["OPEN", "SNOOZED", "DONE", "DISMISSED"]);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;
export const OPEN_TASK_STATUSES = ["OPEN", "SNOOZED"] as const satisfies readonly TaskStatus[];

export const TASK_DESCRIPTION_MAX = 2000;
export const TASK_MAX_ASSIGNEES = 50;

/** A timestamp with offset, or a plain date (read as midnight UTC). */
const dateOrDateTime = boundedDateOrDateTime();

const taskFields = {
  title: boundedName(200),
  description: boundedString(TASK_DESCRIPTION_MAX).nullable(),
  status: TaskStatusSchema,
  priority: boundedInt(0, 5).describe("0 to 5, default 1"),
  dueDate: dateOrDateTime.nullable(),
  snoozedUntil: dateOrDateTime.nullable(),
  traineeId: boundedId().nullable(),
  coachIds: z.array(boundedId()).max(TASK_MAX_ASSIGNEES).describe("assignees"),
};

/** `POST /v1/web/tasks`. No defaults here; the operation applies them (OPEN, priority 1, type MANUAL). */
export const TaskCreateInput = z.object({
  title: taskFields.title,
  description: taskFields.description.optional(),
  status: taskFields.status.optional(),
  priority: taskFields.priority.optional(),
  dueDate: taskFields.dueDate.optional(),
  snoozedUntil: taskFields.snoozedUntil.optional(),
  traineeId: taskFields.traineeId.optional(),
  coachIds: taskFields.coachIds.optional(),
  type: boundedName(50).optional().describe("default MANUAL"),
});
export type TaskCreate = z.infer<typeof TaskCreateInput>;

/** `PATCH /v1/web/tasks/:id`: every field optional; a status change sets or clears resolvedAt. */
export const TaskUpdateInput = z.object({ id: boundedId() }).extend(z.object(taskFields).partial().shape);
export type TaskUpdate = z.infer<typeof TaskUpdateInput>;

export const TaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    status: TaskStatusSchema,
    priority: z.number().int(),
    dueDate: z.string().nullable(),
    snoozedUntil: z.string().nullable(),
    traineeId: z.string().nullable(),
    coachIds: z.array(z.string()),
    type: z.string(),
    source: z.string().describe("web, automation, system"),
    resolvedAt: z.string().nullable().describe("set when moved to DONE or DISMISSED, cleared when reopened"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Task" });
export type TaskRecord = z.infer<typeof TaskSchema>;

/** `GET /v1/web/tasks`: newest first. */
export const TaskListQuery = z.object({
  status: TaskStatusSchema.optional(),
  traineeId: boundedId().optional(),
  coachId: boundedId().optional(),
  ...pagingQuery(),
});
export type TaskListFilters = z.infer<typeof TaskListQuery>;
export const TaskListSchema = paged(TaskSchema);
