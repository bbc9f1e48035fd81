import type { CoachAccess } from "../scope";
import { sql, type SQL } from "drizzle-orm";
import { FULL_PERMISSIONS } from "@studio/contracts";
import { clientCoaches, clients } from "@studio/db";

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
