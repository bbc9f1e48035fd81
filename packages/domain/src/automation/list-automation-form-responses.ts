import { and, desc, eq } from "drizzle-orm";
import type { FormType } from "@studio/contracts";
import { clients, formResponses, forms, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { liveTraineeOf } from "../clients/live-trainee";

/**
 * `GET /v1/automation/trainees/{id}/form-responses` (document 3 "Forms"): the trainee's
 * responses, newest first, one limit/offset window; data items only (no total or hasMore) and no
 * answers. search is accepted and ignored. Unknown trainee: 400 client not found.
 */
export async function listAutomationFormResponses(
  db: Db,
  scope: ApiKeyScope,
  query: { id: string; limit: number; offset: number },
) {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(liveTraineeOf(scope, query.id))
    .limit(1);
  if (!client) throw notFound("client");
  const rows = await db
    .select({
      id: formResponses.id,
      formId: formResponses.formId,
      formName: forms.name,
      formType: forms.type,
      assignmentId: formResponses.assignmentId,
      documentUrl: formResponses.documentUrl,
      submittedAt: formResponses.submittedAt,
    })
    .from(formResponses)
    .innerJoin(forms, eq(forms.id, formResponses.formId))
    .where(and(eq(formResponses.studioId, scope.studioId), eq(formResponses.clientId, client.id)))
    .orderBy(desc(formResponses.submittedAt), desc(formResponses.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((r) => ({
      ...r,
      formType: r.formType as FormType,
      submittedAt: r.submittedAt.toISOString(),
    })),
  };
}
