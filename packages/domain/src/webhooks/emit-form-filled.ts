import { and, eq, isNull, or } from "drizzle-orm";
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookPayload } from "@studio/contracts";
import { formResponses, webhooks, type DbOrTx } from "@studio/db";
import { enqueueJobs } from "../enqueue-jobs";
import type { StudioScope } from "../scope";

/**
 * FORM_FILLED (document 3 "Events"): called by the forms module INSIDE the submission's
 * transaction (`tx`), for every submission (trainee app and public signing page). One
 * deliver-webhook job per hook of the studio listening to FORM_FILLED for every form or for this
 * form, in one enqueue statement: the jobs exist if and only if the submission commits, and no
 * request waits on a webhook. The job carries ids only; the body is built when it runs.
 */
export async function emitFormFilled(
  tx: DbOrTx,
  scope: StudioScope,
  input: { responseId: string },
): Promise<{ enqueued: number }> {
  const { studioId } = scope;
  const [response] = await tx
    .select({ id: formResponses.id, formId: formResponses.formId })
    .from(formResponses)
    .where(and(eq(formResponses.id, input.responseId), eq(formResponses.studioId, studioId)));
  if (!response) return { enqueued: 0 };
  const hooks = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.studioId, studioId),
        eq(webhooks.event, "FORM_FILLED"),
        or(isNull(webhooks.formId), eq(webhooks.formId, response.formId)),
      ),
    );
  await enqueueJobs(
    scope.jobs,
    DELIVER_WEBHOOK_JOB,
    hooks.map(
      (hook) =>
        ({
          studioId,
          hookId: hook.id,
          responseId: response.id,
          requestId: scope.requestId,
        }) satisfies DeliverWebhookPayload,
    ),
    { tx },
  );
  return { enqueued: hooks.length };
}
