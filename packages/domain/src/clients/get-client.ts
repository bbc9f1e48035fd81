import type { ClientRecord } from "@studio/contracts";
import type { Db } from "@studio/db";
import { toClientRecords } from "./client-record";
import { loadClientRow, type TraineeActor } from "./client-scope";

/** `GET /v1/web/clients/:id`: 404 client not found outside the actor's reach. */
export async function getClient(db: Db, actor: TraineeActor, id: string): Promise<ClientRecord> {
  const row = await loadClientRow(db, actor, id);
  const [record] = await toClientRecords(db, [row]);
  return record!;
}
