import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Form, FormListFilters } from "@studio/contracts";
import { forms, type Db } from "@studio/db";
import { selectPage, type ListWindow } from "../paging";
import type { StudioScope } from "../scope";
import { toForm } from "./form-record";

/** `GET /v1/web/forms`: every form of the studio (active or not), newest first; optional type. */
export async function listForms(
  db: Db,
  scope: StudioScope,
  query: Omit<FormListFilters, "page" | "pageSize"> & ListWindow,
): Promise<{ items: Form[]; total: number }> {
  const conditions: SQL[] = [eq(forms.studioId, scope.studioId)];
  if (query.type) conditions.push(eq(forms.type, query.type));
  const where = and(...conditions);
  const { rows, total } = await selectPage(db, query, {
    table: forms,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(forms)
        .where(where)
        .orderBy(desc(forms.createdAt), desc(forms.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toForm), total };
}
