import type { AutomationHookRegister, RegisteredHook } from "@studio/contracts";
import type { Db } from "@studio/db";
import { recordAuditEntry } from "../audit/record-audit-entry";
import { registerWebhook } from "../webhooks/register-webhook";
import type { ApiKeyScope } from "../scope";

/**
 * `POST /v1/automation/hooks`: registerWebhook inside this transaction (its own becomes a
 * savepoint) with the audit entry automation.hook.register in the same transaction. Data: the
 * hook with its secret (the only answer that carries it; the audit entry never does).
 * `allowLoopback` is the route's WEBHOOK_ALLOW_LOOPBACK configuration, never a client field.
 */
export async function registerAutomationHook(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationHookRegister & { allowLoopback: boolean },
): Promise<RegisteredHook> {
  return db.transaction(async (tx) => {
    const hook = await registerWebhook(tx, scope, {
      targetUrl: input.targetUrl,
      event: input.event,
      formId: input.formId,
      allowLoopback: input.allowLoopback,
    });
    await recordAuditEntry(tx, scope, {
      action: "automation.hook.register",
      entityType: "webhook",
      entityId: hook.id,
      data: { targetUrl: hook.targetUrl, event: hook.event, formId: hook.formId },
    });
    return hook;
  });
}
