import { and, eq, lt, or, lte, count } from "drizzle-orm";
import type { FormFilledBody, FormFilledField } from "@studio/contracts";
import { clients, formAssignments, formResponses, forms, studios, webhooks, type DbOrTx } from "@studio/db";
import { publicExternalId } from "../clients/external-id";
import { frozenSchemaOf } from "../forms/form-assignment-record";
import type { StudioScope } from "../scope";

export type FormFilledDelivery =
  | { outcome: "skip"; reason: "hook deleted" | "studio archived" | "response deleted" }
  | { outcome: "send"; targetUrl: string; secret: string; body: FormFilledBody };

/** Field kinds that show text to the trainee and take no answer (not listed in the body). */
const NOT_ANSWERABLE = new Set(["HEADING", "SECTION", "TITLE", "INFO", "TEXT_BLOCK", "PARAGRAPH", "DIVIDER"]);

const str = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/**
 * The answerable fields of the form in its order, with the trainee's answer (null when
 * unanswered). A field is an object with `key` (or `id`), `label`, `kind` (or `type`).
 */
export function formFilledFields(formFields: unknown, answers: unknown): FormFilledField[] {
  const given = answers && typeof answers === "object" ? (answers as Record<string, unknown>) : {};
  if (!Array.isArray(formFields)) return [];
  const fields: FormFilledField[] = [];
  for (const raw of formFields as unknown[]) {
    if (!raw || typeof raw !== "object") continue;
    const field = raw as Record<string, unknown>;
    const key = str(field.key) ?? str(field.id);
    if (!key) continue;
    const kind = str(field.kind) ?? str(field.type) ?? "TEXT";
    if (NOT_ANSWERABLE.has(kind.toUpperCase())) continue;
    const value = Object.hasOwn(given, key) ? given[key] : null;
    fields.push({ key, label: str(field.label) ?? key, kind, value: value === undefined ? null : value });
  }
  return fields;
}

/**
 * What one FORM_FILLED delivery sends, read when the job runs (decisions.md "Outbound webhook
 * FORM_FILLED"): nothing when the hook was deleted, its studio archived or the response removed;
 * else the target, the secret and the body. submissionNumber is the ordinal of this response
 * among all of the trainee's responses in the studio (any form), computed now. fields follow the
 * assignment's frozen schema (what the trainee answered); documentUrl is the response's (the
 * signed PDF of a document to sign).
 */
export async function prepareFormFilledDelivery(
  db: DbOrTx,
  scope: StudioScope,
  input: { hookId: string; responseId: string },
): Promise<FormFilledDelivery> {
  const { studioId } = scope;
  const [hook] = await db
    .select({
      id: webhooks.id,
      targetUrl: webhooks.targetUrl,
      secret: webhooks.secret,
      archivedAt: studios.archivedAt,
    })
    .from(webhooks)
    .innerJoin(studios, eq(studios.id, webhooks.studioId))
    .where(and(eq(webhooks.id, input.hookId), eq(webhooks.studioId, studioId)));
  if (!hook) return { outcome: "skip", reason: "hook deleted" };
  if (hook.archivedAt) return { outcome: "skip", reason: "studio archived" };
  const [response] = await db
    .select({
      id: formResponses.id,
      clientId: formResponses.clientId,
      answers: formResponses.answers,
      submittedAt: formResponses.submittedAt,
      formId: forms.id,
      formName: forms.name,
      formType: forms.type,
      formFields: forms.fields,
      frozenSchema: formAssignments.frozenSchema,
      documentUrl: formResponses.documentUrl,
      externalId: clients.externalId,
    })
    .from(formResponses)
    .innerJoin(forms, eq(forms.id, formResponses.formId))
    .innerJoin(clients, eq(clients.id, formResponses.clientId))
    .leftJoin(formAssignments, eq(formAssignments.id, formResponses.assignmentId))
    .where(and(eq(formResponses.id, input.responseId), eq(formResponses.studioId, studioId)));
  if (!response) return { outcome: "skip", reason: "response deleted" };
  const [ordinal] = await db
    .select({ n: count() })
    .from(formResponses)
    .where(
      and(
        eq(formResponses.studioId, studioId),
        eq(formResponses.clientId, response.clientId),
        or(
          lt(formResponses.submittedAt, response.submittedAt),
          and(eq(formResponses.submittedAt, response.submittedAt), lte(formResponses.id, response.id)),
        ),
      ),
    );
  return {
    outcome: "send",
    targetUrl: hook.targetUrl,
    secret: hook.secret,
    body: {
      event: "form_filled",
      hookId: hook.id,
      studioId,
      clientId: response.clientId,
      externalId: publicExternalId(studioId, response.externalId),
      formId: response.formId,
      formName: response.formName,
      formType: response.formType,
      responseId: response.id,
      submissionNumber: ordinal?.n ?? 1,
      submittedAt: response.submittedAt.toISOString(),
      documentUrl: response.documentUrl,
      // The fields the trainee saw: the assignment's frozen schema (the live form only for a
      // response recorded without an assignment).
      fields: formFilledFields(
        response.frozenSchema ? frozenSchemaOf(response.frozenSchema).fields : response.formFields,
        response.answers,
      ),
    },
  };
}
