import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Template, TemplateType } from "@studio/contracts";
import { programs, programTemplates, type DbOrTx } from "@studio/db";
import { col } from "../content/content-record";
import type { StudioScope } from "../scope";

/** A template of the studio; another studio's id matches nothing, exactly like a missing one. */
export const programTemplateOf = (studioId: string, id: string) =>
  and(eq(programTemplates.id, id), eq(programTemplates.studioId, studioId))!;

/**
 * A template's columns with assignedCount (programs made from it, in every status) resolved in the
 * same statement: a correlated count on programs_studio_template_idx, so a list page is one query
 * whatever its size, never a query per template.
 */
export const programTemplateSelection = {
  ...getTableColumns(programTemplates),
  assignedCount: sql<number>`(select count(*)::int from ${programs}
    where ${col(programs.studioId)} = ${col(programTemplates.studioId)}
      and ${col(programs.sourceTemplateId)} = ${col(programTemplates.id)})`.mapWith(Number),
};

type TemplateRow = typeof programTemplates.$inferSelect & { assignedCount: number };

/** jsonb arrives parsed from both drivers; a stored non-object (never written by the API) reads as {}. */
const contentObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const toTemplate = (row: TemplateRow): Template => ({
  id: row.id,
  type: row.type as TemplateType,
  name: row.name,
  displayName: row.displayName,
  description: row.description,
  level: row.level,
  folderId: row.folderId,
  pdfUrl: row.pdfUrl,
  content: contentObject(row.content),
  assignedCount: row.assignedCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** One template with its assignedCount (one statement); undefined when not the studio's. */
export async function findProgramTemplate(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
): Promise<Template | undefined> {
  const { studioId } = scope;
  const [row] = await db
    .select(programTemplateSelection)
    .from(programTemplates)
    .where(programTemplateOf(studioId, id))
    .limit(1);
  return row ? toTemplate(row) : undefined;
}

/** A freshly written row (no program can reference it yet): assignedCount 0. */
export const toNewTemplate = (row: typeof programTemplates.$inferSelect): Template =>
  toTemplate({ ...row, assignedCount: 0 });
