import { auditEntries, type DbOrTx } from "@studio/db";
import type { ApiKeyScope } from "../scope";

/** The audit actions of document 3 "Response envelope". */
export type AuditAction =
  | "automation.trainee.create"
  | "automation.trainee.delete"
  | "automation.subscription.assign"
  | "automation.program.assign"
  | "automation.task.create"
  | "automation.hook.register"
  | "automation.hook.remove";

export interface AuditEntryInput {
  action: AuditAction;
  entityType: string;
  entityId: string;
  data?: Record<string, unknown>;
}

/**
 * Records one audit entry with the API key as actor (actorType model_tool when the model-tool
 * endpoint made the call, api_key otherwise; actorId the key either way). Call it with the transaction of the write
 * it records (`tx`), never a separate handle: the entry then exists if and only if the write
 * committed (docs/decisions/automation.md "Automation lane").
 */
export async function recordAuditEntry(
  tx: DbOrTx,
  scope: ApiKeyScope,
  entry: AuditEntryInput,
): Promise<void> {
  await tx.insert(auditEntries).values({
    studioId: scope.studioId,
    // The key is the actor; a call of the model-tool endpoint is recorded as the model tool's.
    actorType: scope.actor.via === "model_tool" ? "model_tool" : "api_key",
    actorId: scope.actor.apiKeyId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    data: entry.data ?? {},
    createdAt: scope.now,
  });
}
