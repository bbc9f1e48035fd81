import { TEMPLATE_NAME_MAX, type Template } from "@studio/contracts";
import { programTemplates, type Db } from "@studio/db";
import { LEAD_COPY_SUFFIX } from "../crm/duplicate-lead";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { programTemplateOf, toNewTemplate } from "./program-template-record";

/** The Hebrew copy suffix leads use too: " (העתק)". */
export const TEMPLATE_COPY_SUFFIX = LEAD_COPY_SUFFIX;

/** The copy's name: the original plus the copy suffix, the original cut so the name stays within 200. */
export function templateCopyName(name: string): string {
  let head = name.slice(0, TEMPLATE_NAME_MAX - TEMPLATE_COPY_SUFFIX.length);
  // Never end the cut on half a surrogate pair.
  if (head.length < name.length && /[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return head + TEMPLATE_COPY_SUFFIX;
}

/**
 * POST /v1/web/program-templates/:id/duplicate (201): copies type, content (as stored),
 * displayName, description, level, folderId and pdfUrl; the name gets the copy suffix. A new
 * template: assignedCount 0.
 */
export async function duplicateProgramTemplate(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<Template> {
  const [original] = await db
    .select()
    .from(programTemplates)
    .where(programTemplateOf(scope.studioId, input.id))
    .limit(1);
  if (!original) throw notFound("program template");
  const [row] = await db
    .insert(programTemplates)
    .values({
      studioId: scope.studioId,
      type: original.type,
      name: templateCopyName(original.name),
      displayName: original.displayName,
      description: original.description,
      level: original.level,
      folderId: original.folderId,
      pdfUrl: original.pdfUrl,
      content: original.content,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  return toNewTemplate(row!);
}
