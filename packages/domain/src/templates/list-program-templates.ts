import { and, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { TemplateList, TemplateListQuery } from "@studio/contracts";
import { programTemplates, type Db } from "@studio/db";
import { selectPage } from "../paging";
import type { StudioScope } from "../scope";
import { containsPattern } from "../team/search-pattern";
import { programTemplateSelection, toTemplate } from "./program-template-record";

/**
 * GET /v1/web/program-templates: the studio's templates filtered by type, folder and a
 * case-insensitive contains on name, most recently updated first (index
 * program_templates_studio_updated_idx), each with assignedCount in the page's one statement.
 */
export async function listProgramTemplates(
  db: Db,
  scope: StudioScope,
  query: TemplateListQuery,
): Promise<TemplateList> {
  const conditions: SQL[] = [eq(programTemplates.studioId, scope.studioId)];
  if (query.type) conditions.push(eq(programTemplates.type, query.type));
  if (query.folderId) conditions.push(eq(programTemplates.folderId, query.folderId));
  if (query.search) conditions.push(ilike(programTemplates.name, containsPattern(query.search)));
  const where = and(...conditions);
  const { rows, total } = await selectPage(db, query, {
    table: programTemplates,
    where,
    rows: ({ limit, offset }) =>
      db
        .select(programTemplateSelection)
        .from(programTemplates)
        .where(where)
        .orderBy(desc(programTemplates.updatedAt), desc(programTemplates.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toTemplate), total };
}
