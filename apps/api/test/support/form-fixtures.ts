import { and, eq } from "drizzle-orm";
import type { FormField } from "@studio/contracts";
import { formAssignments, formResponses, forms, notifications } from "@studio/db";
import type { TestApp } from "./harness";

/** A stored field with the defaults of the web routes (trainee-filled, optional, no box). */
export const field = (key: string, kind: FormField["kind"], extra: Partial<FormField> = {}): FormField => ({
  key,
  label: `label ${key}`,
  kind,
  required: false,
  filledBy: "trainee",
  options: kind === "choice" ? ["a", "b"] : null,
  page: null,
  x: null,
  y: null,
  w: null,
  h: null,
  ...extra,
});
const box = { page: 0, x: 0.1, y: 0.1, w: 0.3, h: 0.05 };
export const boxed = (key: string, kind: "text" | "signature", extra: Partial<FormField> = {}) =>
  field(key, kind, { ...box, ...extra });

/** A form of the studio inserted directly (the web routes are tested in forms-web.test.ts). */
export async function addForm(
  t: TestApp,
  studioId: string,
  values: Partial<typeof forms.$inferInsert> & { type?: string } = {},
) {
  const [row] = await t.deps.database.db
    .insert(forms)
    .values({ studioId, name: "שאלון", type: "ONE_TIME", fields: [field("q1", "text")], ...values })
    .returning();
  return row!;
}

/** A document to sign: a coach-filled name (required), a trainee-filled city, a trainee signature. */
export const addPdfForm = (t: TestApp, studioId: string, values: Partial<typeof forms.$inferInsert> = {}) =>
  addForm(t, studioId, {
    name: "הסכם",
    type: "PDF_SIGNATURE",
    documentUrl: "https://cdn.example.com/studios/x/forms/contract.pdf",
    fields: [
      boxed("client_name", "text", { filledBy: "coach", required: true }),
      boxed("price", "text", { filledBy: "coach" }),
      boxed("city", "text"),
      boxed("sig", "signature", { required: true }),
    ],
    ...values,
  });

export const assignmentsOf = (t: TestApp, clientId: string) =>
  t.deps.database.db.select().from(formAssignments).where(eq(formAssignments.clientId, clientId));

export const responsesOf = (t: TestApp, clientId: string) =>
  t.deps.database.db.select().from(formResponses).where(eq(formResponses.clientId, clientId));

export const formPushesOf = (t: TestApp, clientId: string) =>
  t.deps.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.clientId, clientId), eq(notifications.type, "FORM_SENT")));
