import type { AutomationTrainee, AutomationTraineeUpdate } from "@studio/contracts";
import type { Db } from "@studio/db";
import { loadCoachAssignments } from "../clients/client-record";
import { loadLiveTrainee } from "../clients/live-trainee";
import { updateClient } from "../clients/update-client";
import type { ApiKeyScope } from "../scope";
import { automationTraineeOf, toAutomationTrainee } from "./automation-trainee-record";

/**
 * `PATCH /v1/automation/trainees/{id}`: the profile fields sent (blank ones were dropped by the
 * contract) go through the clients service's updateClient, whose refusals keep their own status
 * (duplicate phone 409, unknown coach 400, coach limit 403, unknown trainee 400). tags and
 * coachIds replace the stored lists. Nothing sent: the trainee as it is, unchanged.
 */
export async function updateAutomationTrainee(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationTraineeUpdate,
): Promise<{ trainee: AutomationTrainee }> {
  const { id, ...fields } = input;
  if (Object.values(fields).every((value) => value === undefined)) {
    const row = await loadLiveTrainee(db, scope, id);
    const coachIds = (await loadCoachAssignments(db, [row.id])).get(row.id)!.coachIds;
    return { trainee: toAutomationTrainee(row, coachIds) };
  }
  return { trainee: automationTraineeOf(await updateClient(db, scope, { id, ...fields })) };
}
