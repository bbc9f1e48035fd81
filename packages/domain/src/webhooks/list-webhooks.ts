import { and, asc, eq } from "drizzle-orm";
import { HOOK_EVENTS, type Hook, type HookListInput } from "@studio/contracts";
import { webhooks, type DbOrTx } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { HOOK_MESSAGES, hookError, toHook } from "./hook-record";

/**
 * GET /v1/automation/hooks: the hooks this API key created (hooks belong to their key), oldest
 * first, without secrets, with lastDeliveryAt and lastStatus. An unknown event answers 400.
 */
export async function listWebhooks(db: DbOrTx, scope: ApiKeyScope, input: HookListInput): Promise<Hook[]> {
  const event = input.event?.trim() || undefined;
  if (event !== undefined && !(HOOK_EVENTS as readonly string[]).includes(event))
    throw hookError(HOOK_MESSAGES.unknownEvent);
  const rows = await db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.studioId, scope.studioId),
        eq(webhooks.apiKeyId, scope.actor.apiKeyId),
        event ? eq(webhooks.event, event) : undefined,
      ),
    )
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  return rows.map(toHook);
}
