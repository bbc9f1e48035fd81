import { programTemplates, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { programTemplateOf } from "./program-template-record";

/**
 * DELETE /v1/web/program-templates/:id (204). Programs made from it are untouched: their
 * sourceTemplateId is a plain column, so they keep the stale id.
 */
export async function deleteProgramTemplate(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<void> {
  const deleted = await db
    .delete(programTemplates)
    .where(programTemplateOf(scope.studioId, input.id))
    .returning({ id: programTemplates.id });
  if (deleted.length === 0) throw notFound("program template");
}
