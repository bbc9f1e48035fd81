import type { TaskRecord } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { TraineeActor } from "../clients/client-scope";
import { toTaskRecord } from "./task-record";
import { loadTaskRow } from "./task-scope";

/** `GET /v1/web/tasks/:id`: 404 task not found outside the studio or the coach's reach. */
export async function getTask(db: Db, actor: TraineeActor, id: string): Promise<TaskRecord> {
  return toTaskRecord(await loadTaskRow(db, actor, id));
}
