import { and, eq, inArray, sql } from "drizzle-orm";
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
  const [delivery] = await prepareFormFilledDeliveries(db, [{ scope, ...input }]);
  return delivery!;
}

/**
 * prepareFormFilledDelivery for many deliveries, of any studios, in two statements (issue 30
 * item 6: the worker prepares the deliveries it fetched together). Each delivery is read in its
 * own studio: a hook or a response of another studio than its scope's is not found. Answers one
 * result per delivery, in order.
 */
export async function prepareFormFilledDeliveries(
  db: DbOrTx,
  deliveries: readonly { scope: StudioScope; hookId: string; responseId: string }[],
): Promise<FormFilledDelivery[]> {
  if (!deliveries.length) return [];
  const studioIds = [...new Set(deliveries.map((d) => d.scope.studioId))];
  const hooks = await db
    .select({
      id: webhooks.id,
      studioId: webhooks.studioId,
      targetUrl: webhooks.targetUrl,
      secret: webhooks.secret,
      archivedAt: studios.archivedAt,
    })
    .from(webhooks)
    .innerJoin(studios, eq(studios.id, webhooks.studioId))
    .where(
      and(
        inArray(webhooks.id, [...new Set(deliveries.map((d) => d.hookId))]),
        inArray(webhooks.studioId, studioIds),
      ),
    );
  const hookOf = new Map(hooks.map((h) => [h.id, h]));
  const sendable = deliveries.filter((d) => {
    const hook = hookOf.get(d.hookId);
    return hook && hook.studioId === d.scope.studioId && !hook.archivedAt;
  });
  const responses = sendable.length
    ? await db
        .select({
          id: formResponses.id,
          studioId: formResponses.studioId,
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
          // The ordinal among the trainee's responses in the studio, any form.
          ordinal: sql<number>`(select count(*)::int from form_responses o
            where o.studio_id = ${formResponses.studioId} and o.client_id = ${formResponses.clientId}
              and (o.submitted_at < ${formResponses.submittedAt}
                or (o.submitted_at = ${formResponses.submittedAt} and o.id <= ${formResponses.id})))`,
        })
        .from(formResponses)
        .innerJoin(forms, eq(forms.id, formResponses.formId))
        .innerJoin(clients, eq(clients.id, formResponses.clientId))
        .leftJoin(formAssignments, eq(formAssignments.id, formResponses.assignmentId))
        .where(
          and(
            inArray(formResponses.id, [...new Set(sendable.map((d) => d.responseId))]),
            inArray(formResponses.studioId, studioIds),
          ),
        )
    : [];
  const responseOf = new Map(responses.map((r) => [r.id, r]));
  return deliveries.map(({ scope, hookId, responseId }): FormFilledDelivery => {
    const { studioId } = scope;
    const hook = hookOf.get(hookId);
    if (!hook || hook.studioId !== studioId) return { outcome: "skip", reason: "hook deleted" };
    if (hook.archivedAt) return { outcome: "skip", reason: "studio archived" };
    const response = responseOf.get(responseId);
    if (!response || response.studioId !== studioId) return { outcome: "skip", reason: "response deleted" };
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
        submissionNumber: Number(response.ordinal ?? 1),
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
  });
}
