import { and, asc, eq, ilike, type SQL } from "drizzle-orm";
import type { FormType } from "@studio/contracts";
import { forms, type Db } from "@studio/db";
import { selectPage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { containsPattern } from "../team/search-pattern";
import { automationPage } from "./automation-page";

/** Sendable forms (document 3 "Form reference"): active and published. */
export const sendableForm = (studioId: string) =>
  and(eq(forms.studioId, studioId), eq(forms.isActive, true), eq(forms.isPublished, true))!;

/**
 * `GET /v1/automation/forms`: the studio's sendable forms (id, name, type) by name, with a
 * case-insensitive search on the name, as a lane page (items, total, limit, offset, hasMore).
 */
export async function listAutomationForms(
  db: Db,
  scope: ApiKeyScope,
  query: { search?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [sendableForm(scope.studioId)];
  if (query.search) conditions.push(ilike(forms.name, containsPattern(query.search)));
  const where = and(...conditions);
  const { rows, total } = await selectPage(db, query, {
    table: forms,
    where,
    rows: ({ limit, offset }) =>
      db
        .select({ id: forms.id, name: forms.name, type: forms.type })
        .from(forms)
        .where(where)
        .orderBy(asc(forms.name), asc(forms.id))
        .limit(limit)
        .offset(offset),
  });
  return automationPage({ rows: rows.map((r) => ({ ...r, type: r.type as FormType })), total }, query);
}
