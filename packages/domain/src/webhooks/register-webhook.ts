import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { HOOK_EVENTS, HOOK_LIMITS, type HookCreateInput, type RegisteredHook } from "@studio/contracts";
import { apiKeys, forms, webhooks, type DbOrTx } from "@studio/db";
import { checkTarget } from "@studio/outbound";
import type { ApiKeyScope } from "../scope";
import { HOOK_MESSAGES, hookError, toHook } from "./hook-record";

export interface RegisterWebhookInput extends HookCreateInput {
  /**
   * WEBHOOK_ALLOW_LOOPBACK=1 (refused in production by the config): loopback targets, over http
   * too, are accepted. The route passes the configuration here; nothing else sets it.
   */
  allowLoopback?: boolean;
}

/**
 * POST /v1/automation/hooks (document 3 "Webhook registration"): targetUrl trimmed, at most 2048,
 * https on a public host (the registration check of decisions.md "Outbound target checks");
 * event FORM_FILLED (the default and only value); formId blank for every form, else a form of the
 * studio. At most 50 hooks per API key: the key's row is locked while counting, so concurrent
 * registrations cannot pass the limit together. The secret (24 random bytes, 48 hex characters)
 * is answered here only.
 */
export async function registerWebhook(
  db: DbOrTx,
  scope: ApiKeyScope,
  input: RegisterWebhookInput,
): Promise<RegisteredHook> {
  const targetUrl = input.targetUrl.trim();
  if (!targetUrl || targetUrl.length > HOOK_LIMITS.targetUrl) throw hookError(HOOK_MESSAGES.target);
  const check = checkTarget(targetUrl, { schemes: ["https"], allowLoopback: input.allowLoopback === true });
  if (!check.ok) throw hookError(HOOK_MESSAGES.target);
  const event = input.event?.trim() || "FORM_FILLED";
  if (!(HOOK_EVENTS as readonly string[]).includes(event)) throw hookError(HOOK_MESSAGES.unknownEvent);
  const formId = input.formId?.trim() || null;
  const { studioId } = scope;
  const { apiKeyId } = scope.actor;

  return db.transaction(async (tx) => {
    if (formId) {
      const [form] = await tx
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.id, formId), eq(forms.studioId, studioId)));
      if (!form) throw hookError(HOOK_MESSAGES.formNotFound);
    }
    // The key's row lock serializes registrations of one key: the count below cannot go stale.
    await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.studioId, studioId)))
      .for("update");
    const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.apiKeyId, apiKeyId));
    if ((held?.n ?? 0) >= HOOK_LIMITS.perApiKey) throw hookError(HOOK_MESSAGES.limit);
    const secret = randomBytes(HOOK_LIMITS.secretBytes).toString("hex");
    const [row] = await tx
      .insert(webhooks)
      .values({ studioId, apiKeyId, targetUrl, event, formId, secret, createdAt: scope.now })
      .returning();
    scope.logger.info("webhook registered", { hookId: row!.id, event, formId });
    return { ...toHook(row!), secret };
  });
}
