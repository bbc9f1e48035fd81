import type { Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { listTasks } from "../tasks/list-tasks";
import { automationPage } from "./automation-page";

/** `GET /v1/automation/tasks`: the studio's tasks newest first as a lane page (items, total, limit, offset, hasMore). */
export async function listAutomationTasks(
  db: Db,
  scope: ApiKeyScope,
  query: {
    status?: "OPEN" | "SNOOZED" | "DONE" | "DISMISSED";
    traineeId?: string;
    coachId?: string;
    limit: number;
    offset: number;
  },
) {
  return automationPage(await listTasks(db, scope, query), query);
}
