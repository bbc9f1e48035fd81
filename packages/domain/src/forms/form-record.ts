// A studio form as the web routes answer it, and the studio's form row by id.

import { and, eq } from "drizzle-orm";
import type { Form, FormField, FormType } from "@studio/contracts";
import { forms, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";

type FormRow = typeof forms.$inferSelect;

export const toForm = (row: FormRow): Form => ({
  id: row.id,
  name: row.name,
  type: row.type as FormType,
  isActive: row.isActive,
  isPublished: row.isPublished,
  fields: row.fields as FormField[],
  documentUrl: row.documentUrl,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A form of the studio; another studio's id answers like a missing one. */
export async function loadFormRow(db: DbOrTx, scope: StudioScope, id: string): Promise<FormRow> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.studioId, scope.studioId)))
    .limit(1);
  if (!row) throw notFound("form");
  return row;
}
