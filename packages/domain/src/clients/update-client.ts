import { type StudioScope } from "../scope";
import { and, eq } from "drizzle-orm";
import type { ClientRecord, ClientUpdate } from "@studio/contracts";
import { clients, type Db } from "@studio/db";
import { lockStudioLimit } from "../team/studio-limits";
import { loadCoachAssignments, toClientRecord } from "./client-record";
import type { ClientRow } from "./client-scope";
import { loadLiveTrainee } from "./live-trainee";
import { assertAssignableCoaches, resolveCoachList, writeCoachAssignments } from "./coach-assignments";
import { assertPhoneFree } from "./create-trainee";
import { normalizePhoneOrThrow } from "./phone";
import { firstCheckInDay, traineeToday } from "./check-in-start";

const PLAIN_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "birthDate",
  "gender",
  "heightCm",
  "weightKg",
  "goal",
  "goals",
  "goalWeightKg",
  "stepsGoal",
  "waterGoalMl",
  "status",
  "timezone",
  "updateFormId",
  "updateCadence",
  "checkInStartDate",
  "allowAppWhileFrozen",
] as const;

/**
 * `PATCH /v1/web/clients/:id`: sent fields change, null clears a nullable one; tags and
 * coachIds replace the stored lists; a new phone is normalized and must stay unique.
 */
export async function updateClient(db: Db, scope: StudioScope, input: ClientUpdate): Promise<ClientRecord> {
  return db.transaction(async (tx) => {
    const current = await loadLiveTrainee(tx, scope, input.id, { forUpdate: true });
    const patch: Partial<ClientRow> = {};
    for (const key of PLAIN_FIELDS) {
      if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
    }
    // A check-in form without a first day gets one: one cadence after the trainee's today.
    const formId = input.updateFormId !== undefined ? input.updateFormId : current.updateFormId;
    if (formId && input.checkInStartDate === undefined && !current.checkInStartDate)
      patch.checkInStartDate = firstCheckInDay(
        await traineeToday(tx, scope, input.timezone !== undefined ? input.timezone : current.timezone),
        input.updateCadence !== undefined ? input.updateCadence : current.updateCadence,
      );
    if (input.tags !== undefined) patch.tags = [...new Set(input.tags)];
    if (input.phone !== undefined) {
      patch.phone = normalizePhoneOrThrow(input.phone);
      if (patch.phone !== current.phone) await assertPhoneFree(tx, scope, patch.phone, current.id);
    }

    let assignments = (await loadCoachAssignments(tx, [current.id])).get(current.id)!;
    if (input.coachIds !== undefined || input.primaryCoachId !== undefined) {
      const next = resolveCoachList(
        input.coachIds ?? assignments.coachIds,
        input.primaryCoachId,
        assignments.primaryCoachId,
      );
      const added = next.coachIds.filter((id) => !assignments.coachIds.includes(id));
      if (added.length > 0) {
        // The client lock also serializes coach capacity checks.
        await lockStudioLimit(tx, scope, "clients");
        await assertAssignableCoaches(tx, scope, added, current.id);
      }
      await writeCoachAssignments(tx, scope, current.id, next, true);
      assignments = next;
    }
    const [updated] = await tx
      .update(clients)
      .set({ ...patch, updatedAt: scope.now })
      .where(and(eq(clients.id, current.id), eq(clients.studioId, scope.studioId)))
      .returning();
    return toClientRecord(updated!, assignments);
  });
}
