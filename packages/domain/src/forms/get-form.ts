import type { Form } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { loadFormRow, toForm } from "./form-record";

/** `GET /v1/web/forms/:id`: another studio's form answers like a missing one. */
export async function getForm(db: Db, scope: StudioScope, input: { id: string }): Promise<Form> {
  return toForm(await loadFormRow(db, scope, input.id));
}
