import { type StudioScope } from "../scope";
import type { TaskRecord } from "@studio/contracts";
import type { Db } from "@studio/db";
import { toTaskRecord } from "./task-record";
import { loadTaskRow } from "./task-scope";

/** `GET /v1/web/tasks/:id`: 404 task not found outside the studio or the coach's reach. */
export async function getTask(db: Db, scope: StudioScope, input: { id: string }): Promise<TaskRecord> {
  const { id } = input;
  return toTaskRecord(await loadTaskRow(db, scope, id));
}
