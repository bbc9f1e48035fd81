import { and, eq } from "drizzle-orm";
import { programTemplates, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";

export type SourceTemplate = Pick<
  typeof programTemplates.$inferSelect,
  "id" | "type" | "name" | "displayName" | "content" | "pdfUrl"
>;

/**
 * The template a program is copied from, in the caller's studio (another studio's id answers
 * exactly like a missing one: NOT_FOUND "program template not found"). `lock` takes the row in
 * FOR NO KEY UPDATE mode, so bulk assignments of one template run one after the other (edits
 * of the template wait too; references to it do not).
 */
export async function loadSourceTemplate(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<SourceTemplate> {
  const { studioId } = scope;
  const query = db
    .select({
      id: programTemplates.id,
      type: programTemplates.type,
      name: programTemplates.name,
      displayName: programTemplates.displayName,
      content: programTemplates.content,
      pdfUrl: programTemplates.pdfUrl,
    })
    .from(programTemplates)
    .where(and(eq(programTemplates.id, id), eq(programTemplates.studioId, studioId)))
    .limit(1);
  const [row] = options.lock ? await query.for("no key update") : await query;
  if (!row) throw notFound("program template");
  return row;
}
