import type { Db } from "@studio/db";
import { recordAuditEntry } from "../audit/record-audit-entry";
import { deleteWebhook } from "../webhooks/delete-webhook";
import type { ApiKeyScope } from "../scope";

/**
 * `DELETE /v1/automation/hooks/{id}`: deleteWebhook (only the calling key's hooks; any other id
 * is 400 webhook not found) with the audit entry automation.hook.remove in the same transaction.
 */
export async function removeAutomationHook(
  db: Db,
  scope: ApiKeyScope,
  input: { id: string },
): Promise<{ id: string; deleted: true }> {
  return db.transaction(async (tx) => {
    const removed = await deleteWebhook(tx, scope, { id: input.id });
    await recordAuditEntry(tx, scope, {
      action: "automation.hook.remove",
      entityType: "webhook",
      entityId: removed.id,
    });
    return removed;
  });
}
