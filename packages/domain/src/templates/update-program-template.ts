import type { Template, TemplatePatchInput } from "@studio/contracts";
import { programTemplates, type Db } from "@studio/db";
import { notFound, validation } from "../errors";
import type { StudioScope } from "../scope";
import { findProgramTemplate, programTemplateOf } from "./program-template-record";
import { planPatchChanges } from "./template-content-to-store";

type TemplateChanges = Partial<typeof programTemplates.$inferInsert>;

/**
 * PATCH /v1/web/program-templates/:id. Only the fields sent are written; null clears displayName,
 * description, level, folderId (unfiles) and pdfUrl (removes the file). The type cannot change:
 * a type equal to the template's is accepted, another answers VALIDATION. When content or pdfUrl
 * is sent, the content the template will hold (the one sent, else the stored one) passes the save
 * rule for the existing type: a template that is or becomes a file template needs content that
 * passes the file plan rule (BAD_REQUEST); otherwise TRAINING and NUTRITION content is normalized
 * with the stored import keys restored, COMBINED kept as sent. Assigned programs are untouched.
 */
export async function updateProgramTemplate(
  db: Db,
  scope: StudioScope,
  input: TemplatePatchInput,
): Promise<Template> {
  const { studioId } = scope;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        type: programTemplates.type,
        pdfUrl: programTemplates.pdfUrl,
        content: programTemplates.content,
      })
      .from(programTemplates)
      .where(programTemplateOf(studioId, input.id))
      .for("update")
      .limit(1);
    if (!current) throw notFound("program template");
    if (input.type !== undefined && input.type !== current.type)
      throw validation("type: cannot change", {
        issues: [{ path: "type", message: "cannot change", code: "invalid_value" }],
      });

    const changes: TemplateChanges = {
      updatedAt: scope.now,
      ...planPatchChanges(current, input, [
        "name",
        "displayName",
        "description",
        "level",
        "folderId",
        "pdfUrl",
      ]),
    };
    await tx.update(programTemplates).set(changes).where(programTemplateOf(studioId, input.id));
    return (await findProgramTemplate(tx, scope, input.id))!;
  });
}
