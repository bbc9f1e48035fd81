import { and, eq } from "drizzle-orm";
import { calendarEvents, clients, type Db } from "@studio/db";
import { recordAuditEntry } from "../audit/record-audit-entry";
import { loadLiveTrainee } from "../clients/live-trainee";
import type { ApiKeyScope } from "../scope";

/**
 * `DELETE /v1/automation/trainees/{id}`: without confirm true nothing is deleted (deleted false).
 * With it, a hard delete of the trainee and its history in one transaction: every table holding
 * the trainee's rows references clients.id with ON DELETE CASCADE (coach assignments,
 * subscriptions, programs and activities, forms' assignments and responses, tracking, shopping,
 * notifications and push tokens, content unlocks, tasks about the trainee); calendar events keep
 * the coach's row with SET NULL, so the trainee's meetings are deleted here explicitly. CRM leads
 * stay (their clientId becomes null). The audit entry automation.trainee.delete is written in the
 * same transaction. A missing, deleted or another studio's trainee: client not found (400).
 */
export async function deleteAutomationTrainee(
  db: Db,
  scope: ApiKeyScope,
  input: { id: string; confirm?: boolean },
): Promise<{ id: string; deleted: boolean }> {
  if (input.confirm !== true) {
    const row = await loadLiveTrainee(db, scope, input.id);
    return { id: row.id, deleted: false };
  }
  return db.transaction(async (tx) => {
    const row = await loadLiveTrainee(tx, scope, input.id, { forUpdate: true });
    await tx
      .delete(calendarEvents)
      .where(and(eq(calendarEvents.studioId, scope.studioId), eq(calendarEvents.clientId, row.id)));
    await tx.delete(clients).where(and(eq(clients.id, row.id), eq(clients.studioId, scope.studioId)));
    await recordAuditEntry(tx, scope, {
      action: "automation.trainee.delete",
      entityType: "trainee",
      entityId: row.id,
    });
    return { id: row.id, deleted: true };
  });
}
