import { accessOf, type CoachAccess, type StudioScope } from "../scope";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { FULL_PERMISSIONS } from "@studio/contracts";
import { clientCoaches, clients, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";

export type ClientRow = typeof clients.$inferSelect;

/** Callers that are not a coach (automation lane, imports, jobs) reach every trainee of the studio. */
export const STUDIO_WIDE_ACCESS: CoachAccess = {
  kind: "studio",
  coachId: null,
  permissions: FULL_PERMISSIONS,
};

/**
 * Coach scoping (document 1 "Permissions blob"): a coach limited to assigned trainees only
 * reaches trainees with an assignment to them. A condition on the `clients` table.
 */
export function clientScope(access: CoachAccess | undefined): SQL | undefined {
  if (access?.kind !== "assigned") return undefined;
  return sql`exists (select 1 from ${clientCoaches} where ${clientCoaches.clientId} = ${clients.id} and ${clientCoaches.coachId} = ${access.coachId})`;
}

/** A live trainee the actor reaches; any other id (deleted, foreign, unassigned) is 404 "client not found". */
export async function loadClientRow(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ClientRow> {
  const query = db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.id, id),
        eq(clients.studioId, scope.studioId),
        isNull(clients.deletedAt),
        clientScope(accessOf(scope)),
      ),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: clients }) : await query;
  if (!row) throw notFound("client");
  return row;
}
