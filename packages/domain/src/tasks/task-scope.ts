import { accessOf, type StudioScope } from "../scope";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { clientCoaches, coaches, tasks, type DbOrTx } from "@studio/db";
import { notFound, validation } from "../errors";
import { loadLiveTrainee } from "../clients/live-trainee";
import type { TaskRow } from "./task-record";

/**
 * A coach limited to assigned trainees sees the tasks they are assigned to and the tasks of
 * their trainees; other tasks answer 404 like another studio's (docs/decisions/team-and-trainees.md "Tasks").
 */
export function taskScope(scope: StudioScope): SQL | undefined {
  const access = accessOf(scope);
  if (access?.kind !== "assigned") return undefined;
  return sql`(${access.coachId} = any(${tasks.coachIds}) or exists (select 1 from ${clientCoaches} where ${clientCoaches.clientId} = ${tasks.traineeId} and ${clientCoaches.coachId} = ${access.coachId}))`;
}

export async function loadTaskRow(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TaskRow> {
  const query = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.studioId, scope.studioId), taskScope(scope)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: tasks }) : await query;
  if (!row) throw notFound("task");
  return row;
}

/** The trainee of a task must be a live trainee the actor reaches (404 client not found). */
export async function assertTaskTrainee(db: DbOrTx, scope: StudioScope, traineeId: string): Promise<void> {
  await loadLiveTrainee(db, scope, traineeId);
}

/** Assignees are coaches of the studio that are still active (VALIDATION otherwise). */
export async function assertTaskAssignees(db: DbOrTx, scope: StudioScope, coachIds: string[]): Promise<void> {
  const { studioId } = scope;
  if (coachIds.length === 0) return;
  const found = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.studioId, studioId), eq(coaches.active, true), inArray(coaches.id, coachIds)));
  if (found.length !== coachIds.length) throw validation("unknown team member selected");
}
