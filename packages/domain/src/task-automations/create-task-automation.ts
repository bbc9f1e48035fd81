import type { TaskAutomationCreate, TaskAutomationRecord } from "@studio/contracts";
import { taskAutomations, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { checkedAssignees, toTaskAutomation } from "./task-automation-record";

/** `POST /v1/web/task-automations`: a rule of the studio (defaults: offset 0, priority 1, PRIMARY_COACH, active). */
export async function createTaskAutomation(
  db: Db,
  scope: StudioScope,
  input: TaskAutomationCreate,
): Promise<TaskAutomationRecord> {
  const assigneeRule = input.assigneeRule ?? "PRIMARY_COACH";
  const coachIds = await checkedAssignees(db, scope, assigneeRule, input.coachIds ?? []);
  const [row] = await db
    .insert(taskAutomations)
    .values({
      studioId: scope.studioId,
      name: input.name ?? input.title,
      trigger: input.trigger,
      offsetDays: input.offsetDays ?? 0,
      title: input.title,
      description: input.description ?? null,
      priority: input.priority ?? 1,
      assigneeRule,
      assigneeCoachIds: coachIds,
      isActive: input.isActive ?? true,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  return toTaskAutomation(row!);
}
