import type { Template, TemplateCreateInput } from "@studio/contracts";
import { programTemplates, type Db } from "@studio/db";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";
import { toNewTemplate } from "./program-template-record";
import { templateContentToStore } from "./template-content-to-store";

/**
 * POST /v1/web/program-templates (201). Content per type: a file template (pdfUrl set) keeps
 * content passing the file plan rule as sent and is refused otherwise (BAD_REQUEST);
 * TRAINING and NUTRITION are normalized; COMBINED is stored as sent. folderId is not checked:
 * an unknown folder or another studio's fails the (studio_id, folder_id) reference (CONFLICT).
 */
export async function createProgramTemplate(
  db: Db,
  scope: StudioScope,
  input: TemplateCreateInput,
): Promise<Template> {
  const pdfUrl = input.pdfUrl ?? null;
  const decision = templateContentToStore({ type: input.type, pdfUrl, content: input.content });
  if (!decision.ok) throw new AppError("BAD_REQUEST", decision.message);
  const [row] = await db
    .insert(programTemplates)
    .values({
      studioId: scope.studioId,
      type: input.type,
      name: input.name,
      displayName: input.displayName ?? null,
      description: input.description ?? null,
      level: input.level ?? null,
      folderId: input.folderId ?? null,
      pdfUrl,
      content: decision.content,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  return toNewTemplate(row!);
}
