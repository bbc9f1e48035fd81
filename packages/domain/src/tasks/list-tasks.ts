import { type StudioScope } from "../scope";
import { and, arrayContains, count, desc, eq, type SQL } from "drizzle-orm";
import type { TaskRecord, TaskStatus } from "@studio/contracts";
import { tasks, type Db } from "@studio/db";
import { windowOf, type ListWindow } from "../clients/list-clients";
import { toTaskRecord } from "./task-record";
import { taskScope } from "./task-scope";

export interface TaskFilters {
  status?: TaskStatus;
  traineeId?: string;
  coachId?: string;
}

/** `GET /v1/web/tasks` (and the automation lane's list): newest first. */
export async function listTasks(
  db: Db,
  scope: StudioScope,
  query: TaskFilters & ListWindow,
): Promise<{ items: TaskRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(tasks.studioId, scope.studioId), taskScope(scope)];
  if (query.status) conditions.push(eq(tasks.status, query.status));
  if (query.traineeId) conditions.push(eq(tasks.traineeId, query.traineeId));
  if (query.coachId) conditions.push(arrayContains(tasks.coachIds, [query.coachId]));
  const where = and(...conditions);
  const { limit, offset } = windowOf(query);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  return { items: rows.map(toTaskRecord), total: totals[0]?.total ?? 0 };
}
