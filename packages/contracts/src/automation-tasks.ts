import { z } from "zod";
import {
  automationInt,
  automationPaged,
  automationPagingQuery,
  blankable,
  blankableQuery,
} from "./automation";
import { boundedDateOrDateTime, boundedId, boundedName, boundedString } from "./bounded";
import { TASK_DESCRIPTION_MAX, TaskSchema, TaskStatusSchema } from "./tasks";

// ---- tasks (document 3 "Task (work board item)", "Weights, message, tasks"; decisions.md
// "Field names": title, description, traineeId, coachId, dueDate, priority, status, snoozedUntil) ----

/** A timestamp with offset, or a plain date (read as midnight UTC), as on the web lane. */
const dateOrDateTime = () => boundedDateOrDateTime();
const taskPriority = () => automationInt(0, 5).describe("integer 0 to 5 (a number or a numeric string)");

/** `GET /v1/automation/tasks`: newest first; filters status, traineeId, coachId. */
export const AutomationTaskListQuery = z.object({
  status: blankableQuery(TaskStatusSchema),
  traineeId: blankableQuery(boundedId()),
  coachId: blankableQuery(boundedId()).describe("tasks assigned to this coach"),
  ...automationPagingQuery(),
});
export const AutomationTaskListSchema = automationPaged(TaskSchema);

/** `POST /v1/automation/tasks`: title required; the task is type MANUAL, source automation. */
export const AutomationTaskCreateInput = z.object({
  title: boundedName(200),
  description: blankable(boundedString(TASK_DESCRIPTION_MAX)).describe("at most 2000"),
  traineeId: blankable(boundedId()).describe("a trainee of the studio"),
  coachId: blankable(boundedId()).describe("assignee: an active coach of the studio"),
  dueDate: blankable(dateOrDateTime()),
  priority: blankable(taskPriority()).describe("integer 0 to 5, default 1"),
});
export type AutomationTaskCreate = z.infer<typeof AutomationTaskCreateInput>;

/** `PATCH /v1/automation/tasks/{id}`: status, snoozedUntil, priority; blank leaves a field unchanged. */
export const AutomationTaskUpdateInput = z.object({
  id: boundedId().describe("task id"),
  status: blankable(TaskStatusSchema),
  snoozedUntil: blankable(dateOrDateTime()),
  priority: blankable(taskPriority()),
});
export type AutomationTaskUpdate = z.infer<typeof AutomationTaskUpdateInput>;

export const AutomationTaskResultSchema = z.object({ task: TaskSchema });
