import type { TaskAutomationRecord } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { loadTaskAutomationRow, toTaskAutomation } from "./task-automation-record";

/** `GET /v1/web/task-automations/:id`. */
export async function getTaskAutomation(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<TaskAutomationRecord> {
  return toTaskAutomation(await loadTaskAutomationRow(db, scope, input.id));
}
