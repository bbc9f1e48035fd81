import type { AutomationTrainee, Subscription } from "@studio/contracts";
import type { Db } from "@studio/db";
import { loadCoachAssignments } from "../clients/client-record";
import { loadLiveTrainee } from "../clients/live-trainee";
import type { ApiKeyScope } from "../scope";
import { liveSubscriptionRows, toSubscription } from "../subscriptions/subscription-record";
import { toAutomationTrainee } from "./automation-trainee-record";

/**
 * `GET /v1/automation/trainees/{id}`: the trainee and its live subscriptions (PENDING, ACTIVE,
 * FROZEN). A missing, deleted or another studio's trainee: client not found (400 on this lane).
 */
export async function getAutomationTrainee(
  db: Db,
  scope: ApiKeyScope,
  input: { id: string },
): Promise<{ trainee: AutomationTrainee; subscriptions: Subscription[] }> {
  const row = await loadLiveTrainee(db, scope, input.id);
  const [assignments, subscriptions] = await Promise.all([
    loadCoachAssignments(db, [row.id]),
    liveSubscriptionRows(db, scope, row.id),
  ]);
  return {
    trainee: toAutomationTrainee(row, assignments.get(row.id)!.coachIds),
    subscriptions: subscriptions.map(toSubscription),
  };
}
