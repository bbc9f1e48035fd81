import { accessOf, type StudioScope } from "../scope";
import { and, eq, isNull } from "drizzle-orm";
import { clients, type Db } from "@studio/db";
import { notFound } from "../errors";
import { clientScope } from "./client-scope";

/** `DELETE /v1/web/clients/:id`: a soft delete (deletedAt); the phone becomes free again. */
export async function deleteClient(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .update(clients)
    .set({ deletedAt: scope.now })
    .where(
      and(
        eq(clients.id, input.id),
        eq(clients.studioId, scope.studioId),
        isNull(clients.deletedAt),
        clientScope(accessOf(scope)),
      ),
    )
    .returning({ id: clients.id });
  if (!row) throw notFound("client");
  return { id: row.id, deleted: true };
}
