import { asc } from "drizzle-orm";
import { forms, type Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { sendableForm } from "./list-automation-forms";

/** `GET /v1/automation/rpc/forms`: sendable forms by name, value "name (TYPE)"; a plain array. */
export async function listRpcForms(db: Db, scope: ApiKeyScope): Promise<{ id: string; value: string }[]> {
  const rows = await db
    .select({ id: forms.id, name: forms.name, type: forms.type })
    .from(forms)
    .where(sendableForm(scope.studioId))
    .orderBy(asc(forms.name), asc(forms.id));
  return rows.map((r) => ({ id: r.id, value: `${r.name} (${r.type})` }));
}
