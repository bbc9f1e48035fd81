import { type StudioScope } from "../scope";
import type { ClientRecord } from "@studio/contracts";
import type { Db } from "@studio/db";
import { toClientRecords } from "./client-record";
import { loadLiveTrainee } from "./live-trainee";

/** `GET /v1/web/clients/:id`: 404 client not found outside the actor's reach. */
export async function getClient(db: Db, scope: StudioScope, input: { id: string }): Promise<ClientRecord> {
  const { id } = input;
  const row = await loadLiveTrainee(db, scope, id);
  const [record] = await toClientRecords(db, [row]);
  return record!;
}
