import { and, eq } from "drizzle-orm";
import type { HookDeleteInput } from "@studio/contracts";
import { webhooks, type DbOrTx } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { HOOK_MESSAGES, hookError } from "./hook-record";

/**
 * DELETE /v1/automation/hooks/:id: only a hook this API key created; any other (missing,
 * another key's, another studio's) answers 400 "webhook not found". Deliveries already queued
 * find the hook gone when they run and send nothing.
 */
export async function deleteWebhook(
  db: DbOrTx,
  scope: ApiKeyScope,
  input: HookDeleteInput,
): Promise<{ id: string; deleted: true }> {
  const [row] = await db
    .delete(webhooks)
    .where(
      and(
        eq(webhooks.id, input.id),
        eq(webhooks.studioId, scope.studioId),
        eq(webhooks.apiKeyId, scope.actor.apiKeyId),
      ),
    )
    .returning({ id: webhooks.id });
  if (!row) throw hookError(HOOK_MESSAGES.notFound);
  return { id: row.id, deleted: true };
}
