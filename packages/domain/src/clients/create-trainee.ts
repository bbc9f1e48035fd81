import { accessOf, type StudioScope } from "../scope";
import { and, eq, isNull } from "drizzle-orm";
import { ClientCreateInput, type ClientRecord, type CreateTraineeInput } from "@studio/contracts";
import { clients, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { DomainPorts } from "../ports";
import type { Logger } from "@studio/observability";
import { fireAndForget } from "../team/fire-and-forget";
import { assertClientSlotAvailable } from "../team/studio-limits";
import { toClientRecord } from "./client-record";
import { assertAssignableCoaches, resolveCoachList, writeCoachAssignments } from "./coach-assignments";
import { normalizePhoneOrThrow } from "./phone";
import { parseDomainInput } from "../validation";

/** Fields only non-web callers set (the automation lane's idempotency key). */
export interface TraineeCreateExtras {
  externalId?: string | null;
}

export type TraineePorts = Pick<DomainPorts, "chat">;

/** CONFLICT when a live trainee of the studio already has the (normalized) phone. */
export async function assertPhoneFree(
  db: DbOrTx,
  studioId: string,
  phone: string,
  exceptClientId?: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.studioId, studioId), eq(clients.phone, phone), isNull(clients.deletedAt)))
    .limit(1);
  if (taken && taken.id !== exceptClientId) {
    throw new AppError("CONFLICT", "a client with this phone already exists", { clientId: taken.id });
  }
}

/**
 * The one trainee-creation operation (web app, CRM convert, automation lane, imports):
 * phone to E.164 (Israel by default; VALIDATION when unparseable), then in one transaction
 * under the studio's client lock: the clientLimit cap on live trainees (FORBIDDEN
 * PLAN_LIMIT_CLIENTS), phone unique among live trainees (CONFLICT), coach assignments with
 * a primary coach. A coach limited to assigned trainees is assigned to what they create.
 * The chat invite (sendInvite) is fire and forget after the commit: a failure is only logged.
 *
 * Called inside an open transaction it runs in a savepoint, and the invite then leaves
 * before the outer commit: such callers pass sendInvite false and use sendTraineeInvite.
 */
export async function createTrainee(
  db: DbOrTx,
  scope: StudioScope,
  rawInput: CreateTraineeInput & TraineeCreateExtras,
  ports: TraineePorts,
): Promise<ClientRecord> {
  // Callers other than the web route (CRM convert, automation, imports) bring unchecked input.
  const input = { ...parseDomainInput(ClientCreateInput, rawInput), externalId: rawInput.externalId };
  const phone = normalizePhoneOrThrow(input.phone);
  const requested = [...(input.coachIds ?? [])];
  const access = accessOf(scope);
  if (access?.kind === "assigned" && !requested.includes(access.coachId)) requested.push(access.coachId);
  const assignments = resolveCoachList(requested, input.primaryCoachId);

  const { row, studioName } = await db.transaction(async (tx) => {
    const { studioName } = await assertClientSlotAvailable(tx, scope.studioId);
    await assertPhoneFree(tx, scope.studioId, phone);
    await assertAssignableCoaches(tx, scope.studioId, assignments.coachIds, null);
    const [created] = await tx
      .insert(clients)
      .values({
        studioId: scope.studioId,
        firstName: input.firstName,
        lastName: input.lastName ?? "",
        phone,
        email: input.email ?? null,
        status: input.status ?? "ACTIVE",
        timezone: input.timezone ?? null,
        birthDate: input.birthDate ?? null,
        gender: input.gender ?? null,
        heightCm: input.heightCm ?? null,
        weightKg: input.weightKg ?? null,
        goal: input.goal ?? null,
        goals: input.goals ?? [],
        goalWeightKg: input.goalWeightKg ?? null,
        stepsGoal: input.stepsGoal ?? null,
        waterGoalMl: input.waterGoalMl ?? null,
        tags: [...new Set(input.tags ?? [])],
        updateFormId: input.updateFormId ?? null,
        updateCadence: input.updateCadence ?? null,
        allowAppWhileFrozen: input.allowAppWhileFrozen ?? null,
        externalId: input.externalId ?? null,
      })
      .returning();
    await writeCoachAssignments(tx, scope.studioId, created!.id, assignments, false);
    return { row: created!, studioName };
  });

  if (input.sendInvite)
    sendTraineeInvite(ports, scope.logger, {
      studioId: scope.studioId,
      studioName,
      phone,
      firstName: row.firstName,
    });
  return toClientRecord(row, assignments);
}

/** The app invite over the chat channel; fire and forget (a failure is only logged). */
export function sendTraineeInvite(
  ports: TraineePorts,
  logger: Logger,
  trainee: { studioId: string; studioName: string; phone: string; firstName: string },
): void {
  fireAndForget(
    () =>
      ports.chat.sendMessage({
        studioId: trainee.studioId,
        phone: trainee.phone,
        text: `Hi ${trainee.firstName}! ${trainee.studioName} invited you to its coaching app. Download the app and sign in with this phone number.`,
      }),
    "trainee chat invite",
    logger,
  );
}
