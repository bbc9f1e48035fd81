import { asc, eq } from "drizzle-orm";
import type { AutomationOption } from "@studio/contracts";
import { programTemplates, type Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { nameOrder } from "./name-order";

/**
 * `GET /v1/automation/rpc/program-templates`: every template of the studio ordered by name
 * case-insensitive (then id), as options of id and value "name (TYPE)". A plain array: no pagination.
 */
export async function listRpcProgramTemplates(db: Db, scope: ApiKeyScope): Promise<AutomationOption[]> {
  const rows = await db
    .select({ id: programTemplates.id, name: programTemplates.name, type: programTemplates.type })
    .from(programTemplates)
    .where(eq(programTemplates.studioId, scope.studioId))
    .orderBy(...nameOrder(programTemplates.name), asc(programTemplates.id));
  return rows.map((t) => ({ id: t.id, value: `${t.name} (${t.type})` }));
}
