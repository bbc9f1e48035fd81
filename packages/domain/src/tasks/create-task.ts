import { type StudioScope } from "../scope";
import type { TaskCreate, TaskRecord } from "@studio/contracts";
import { tasks, type DbOrTx } from "@studio/db";
import { isResolvedStatus, toDate, toTaskRecord } from "./task-record";
import { assertTaskAssignees, assertTaskTrainee } from "./task-scope";

/** Who made the task: `web` by default; the automation lane passes `automation`. */
export interface TaskOrigin {
  source?: string;
}

/**
 * Creates a task (web lane now, automation lane and task automations later): the trainee
 * must be reachable by the actor, assignees active coaches of the studio; defaults OPEN,
 * priority 1, type MANUAL. A task created as DONE or DISMISSED is resolved at once.
 */
export async function createTask(
  db: DbOrTx,
  scope: StudioScope,
  input: TaskCreate & TaskOrigin,
): Promise<TaskRecord> {
  const coachIds = [...new Set(input.coachIds ?? [])];
  if (input.traineeId) await assertTaskTrainee(db, scope, input.traineeId);
  await assertTaskAssignees(db, scope, coachIds);
  const status = input.status ?? "OPEN";
  const [row] = await db
    .insert(tasks)
    .values({
      studioId: scope.studioId,
      title: input.title,
      description: input.description ?? null,
      status,
      priority: input.priority ?? 1,
      dueDate: toDate(input.dueDate) ?? null,
      snoozedUntil: toDate(input.snoozedUntil) ?? null,
      traineeId: input.traineeId ?? null,
      coachIds,
      type: input.type ?? "MANUAL",
      source: input.source ?? "web",
      resolvedAt: isResolvedStatus(status) ? scope.now : null,
    })
    .returning();
  return toTaskRecord(row!);
}
