import { asc, inArray } from "drizzle-orm";
import type { ClientRecord } from "@studio/contracts";
import { clientCoaches, type DbOrTx } from "@studio/db";
import type { ClientRow } from "./client-scope";
import { publicExternalId } from "./external-id";

export interface CoachAssignments {
  coachIds: string[];
  primaryCoachId: string | null;
}

/** Coach lists of many trainees in one query, in list order. */
export async function loadCoachAssignments(
  db: DbOrTx,
  clientIds: string[],
): Promise<Map<string, CoachAssignments>> {
  const out = new Map<string, CoachAssignments>(
    clientIds.map((id) => [id, { coachIds: [], primaryCoachId: null }]),
  );
  if (clientIds.length === 0) return out;
  const rows = await db
    .select({
      clientId: clientCoaches.clientId,
      coachId: clientCoaches.coachId,
      isPrimary: clientCoaches.isPrimary,
    })
    .from(clientCoaches)
    .where(inArray(clientCoaches.clientId, clientIds))
    .orderBy(asc(clientCoaches.position), asc(clientCoaches.createdAt), asc(clientCoaches.id));
  for (const row of rows) {
    const entry = out.get(row.clientId)!;
    entry.coachIds.push(row.coachId);
    if (row.isPrimary) entry.primaryCoachId = row.coachId;
  }
  return out;
}

export function toClientRecord(row: ClientRow, assignments: CoachAssignments): ClientRecord {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    birthDate: row.birthDate,
    gender: row.gender as ClientRecord["gender"],
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    goal: row.goal,
    goals: row.goals,
    goalWeightKg: row.goalWeightKg,
    stepsGoal: row.stepsGoal,
    waterGoalMl: row.waterGoalMl,
    tags: row.tags,
    coachIds: assignments.coachIds,
    primaryCoachId: assignments.primaryCoachId,
    status: row.status as ClientRecord["status"],
    timezone: row.timezone,
    updateFormId: row.updateFormId,
    updateCadence: row.updateCadence as ClientRecord["updateCadence"],
    checkInStartDate: row.checkInStartDate,
    allowAppWhileFrozen: row.allowAppWhileFrozen,
    externalId: publicExternalId(row.studioId, row.externalId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toClientRecords(db: DbOrTx, rows: ClientRow[]): Promise<ClientRecord[]> {
  const assignments = await loadCoachAssignments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toClientRecord(row, assignments.get(row.id)!));
}
