import type { Template, TemplatePatchInput } from "@studio/contracts";
import { programTemplates, type Db } from "@studio/db";
import { AppError, notFound, validation } from "../errors";
import type { StudioScope } from "../scope";
import { findProgramTemplate, programTemplateOf } from "./program-template-record";
import { templateContentToStore, type PlanContentType } from "./template-content-to-store";

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

    const changes: TemplateChanges = { updatedAt: scope.now };
    if (input.name !== undefined) changes.name = input.name;
    if (input.displayName !== undefined) changes.displayName = input.displayName;
    if (input.description !== undefined) changes.description = input.description;
    if (input.level !== undefined) changes.level = input.level;
    if (input.folderId !== undefined) changes.folderId = input.folderId;
    if (input.pdfUrl !== undefined) changes.pdfUrl = input.pdfUrl;
    if (input.content !== undefined || input.pdfUrl !== undefined) {
      const decision = templateContentToStore({
        type: current.type as PlanContentType,
        pdfUrl: input.pdfUrl !== undefined ? input.pdfUrl : current.pdfUrl,
        content: input.content !== undefined ? input.content : current.content,
        stored: current.content,
      });
      if (!decision.ok) throw new AppError("BAD_REQUEST", decision.message);
      changes.content = decision.content;
    }
    await tx.update(programTemplates).set(changes).where(programTemplateOf(studioId, input.id));
    return (await findProgramTemplate(tx, scope, input.id))!;
  });
}
