import { and, asc, eq, type SQL } from "drizzle-orm";
import type { TaskAutomationListFilters, TaskAutomationRecord } from "@studio/contracts";
import { taskAutomations, type Db } from "@studio/db";
import { selectPage } from "../paging";
import type { StudioScope } from "../scope";
import { toTaskAutomation } from "./task-automation-record";

/** `GET /v1/web/task-automations`: the studio's rules, oldest first, optionally of one trigger. */
export async function listTaskAutomations(
  db: Db,
  scope: StudioScope,
  query: TaskAutomationListFilters,
): Promise<{ items: TaskAutomationRecord[]; total: number }> {
  const conditions: SQL[] = [eq(taskAutomations.studioId, scope.studioId)];
  if (query.trigger) conditions.push(eq(taskAutomations.trigger, query.trigger));
  const where = and(...conditions);
  const { rows, total } = await selectPage(db, query, {
    table: taskAutomations,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(taskAutomations)
        .where(where)
        .orderBy(asc(taskAutomations.createdAt), asc(taskAutomations.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toTaskAutomation), total };
}
