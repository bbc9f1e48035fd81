import { and, eq, isNull } from "drizzle-orm";
import { clients, type Db } from "@studio/db";
import { notFound } from "../errors";
import { clientScope, type TraineeActor } from "./client-scope";

/** `DELETE /v1/web/clients/:id`: a soft delete (deletedAt); the phone becomes free again. */
export async function softDeleteClient(
  db: Db,
  actor: TraineeActor,
  input: { id: string; now: Date },
): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .update(clients)
    .set({ deletedAt: input.now })
    .where(
      and(
        eq(clients.id, input.id),
        eq(clients.studioId, actor.studioId),
        isNull(clients.deletedAt),
        clientScope(actor.access),
      ),
    )
    .returning({ id: clients.id });
  if (!row) throw notFound("client");
  return { id: row.id, deleted: true };
}
