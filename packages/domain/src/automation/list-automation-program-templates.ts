import { and, asc, eq, ilike, type SQL } from "drizzle-orm";
import type {
  AutomationProgramTemplateItem,
  AutomationProgramTemplatesQuery,
  TemplateType,
} from "@studio/contracts";
import { programTemplates, type Db } from "@studio/db";
import { selectPage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { nameOrder } from "./name-order";
import { containsPattern } from "../team/search-pattern";
import { automationPage } from "./automation-page";

/**
 * `GET /v1/automation/program-templates`: the studio's templates as items of id, name, type,
 * ordered by name, case-insensitive (then id, so pages are stable), with a case-insensitive contains on the
 * name; the lane's offset page.
 */
export async function listAutomationProgramTemplates(
  db: Db,
  scope: ApiKeyScope,
  query: AutomationProgramTemplatesQuery,
) {
  const conditions: SQL[] = [eq(programTemplates.studioId, scope.studioId)];
  if (query.search) conditions.push(ilike(programTemplates.name, containsPattern(query.search)));
  const where = and(...conditions);
  const page = await selectPage(db, query, {
    table: programTemplates,
    where,
    rows: ({ limit, offset }) =>
      db
        .select({ id: programTemplates.id, name: programTemplates.name, type: programTemplates.type })
        .from(programTemplates)
        .where(where)
        .orderBy(...nameOrder(programTemplates.name), asc(programTemplates.id))
        .limit(limit)
        .offset(offset),
  });
  return automationPage<AutomationProgramTemplateItem>(
    { items: page.rows.map((r) => ({ ...r, type: r.type as TemplateType })), total: page.total },
    query,
  );
}
