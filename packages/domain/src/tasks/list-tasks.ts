import { type StudioScope } from "../scope";
import { and, arrayContains, desc, eq, type SQL } from "drizzle-orm";
import type { TaskListFilters, TaskRecord } from "@studio/contracts";
import { tasks, type Db } from "@studio/db";
import { selectPage, type ListWindow } from "../paging";
import { toTaskRecord } from "./task-record";
import { taskScope } from "./task-scope";

/** The filters of the contract's list query; the window is pages (web) or limit/offset (automation). */
type TaskFilters = Omit<TaskListFilters, "page" | "pageSize">;

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
  const { rows, total } = await selectPage(db, query, {
    table: tasks,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(tasks)
        .where(where)
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toTaskRecord), total };
}
