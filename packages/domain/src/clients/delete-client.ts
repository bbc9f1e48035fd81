import { type StudioScope } from "../scope";
import { clients, type Db } from "@studio/db";
import { notFound } from "../errors";
import { liveTraineeOf } from "./live-trainee";

/** `DELETE /v1/web/clients/:id`: a soft delete (deletedAt); the phone becomes free again. */
export async function deleteClient(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .update(clients)
    .set({ deletedAt: scope.now })
    .where(liveTraineeOf(scope, input.id, { reach: true }))
    .returning({ id: clients.id });
  if (!row) throw notFound("client");
  return { id: row.id, deleted: true };
}
