import { accessOf, type StudioScope } from "../scope";
import { and, eq } from "drizzle-orm";
import {
  ClientCreateInput,
  SEND_TRAINEE_INVITE_JOB,
  type ClientRecord,
  type CreateTraineeInput,
  type SendTraineeInvitePayload,
} from "@studio/contracts";
import { clients, studios, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { ChatMessage } from "../ports";
import { assertClientSlotAvailable } from "../team/studio-limits";
import { toClientRecord } from "./client-record";
import { assertAssignableCoaches, resolveCoachList, writeCoachAssignments } from "./coach-assignments";
import { storedExternalId } from "./external-id";
import { normalizePhoneOrThrow } from "./phone";
import { parseDomainInput } from "../validation";
import { liveTraineeOf, liveTrainees } from "./live-trainee";
import { firstCheckInDay, traineeToday } from "./check-in-start";

/** Fields only non-web callers set (the automation lane's idempotency key). */
export interface TraineeCreateExtras {
  /** As the caller sent it; stored with the studio prefix (`storedExternalId`). */
  externalId?: string | null;
}

/** CONFLICT when a live trainee of the studio already has the (normalized) phone. */
export async function assertPhoneFree(
  db: DbOrTx,
  scope: StudioScope,
  phone: string,
  exceptClientId?: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(liveTrainees(scope), eq(clients.phone, phone)))
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
 * The chat invite (sendInvite) is a job enqueued in the same transaction: it exists if and
 * only if the trainee does (inside a caller's open transaction: if that commits), and the worker
 * sends it after the answer, retried with backoff, so a chat provider's failure never fails
 * the create.
 */
export async function createTrainee(
  db: DbOrTx,
  scope: StudioScope,
  rawInput: CreateTraineeInput & TraineeCreateExtras,
): Promise<ClientRecord> {
  // Callers other than the web route (CRM convert, automation, imports) bring unchecked input.
  const input = { ...parseDomainInput(ClientCreateInput, rawInput), externalId: rawInput.externalId };
  const phone = normalizePhoneOrThrow(input.phone);
  const requested = [...(input.coachIds ?? [])];
  const access = accessOf(scope);
  if (access?.kind === "assigned" && !requested.includes(access.coachId)) requested.push(access.coachId);
  const assignments = resolveCoachList(requested, input.primaryCoachId);

  const row = await db.transaction(async (tx) => {
    await assertClientSlotAvailable(tx, scope);
    await assertPhoneFree(tx, scope, phone);
    await assertAssignableCoaches(tx, scope, assignments.coachIds, null);
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
        checkInStartDate:
          input.checkInStartDate ??
          (input.updateFormId
            ? firstCheckInDay(await traineeToday(tx, scope, input.timezone ?? null), input.updateCadence)
            : null),
        allowAppWhileFrozen: input.allowAppWhileFrozen ?? null,
        externalId: input.externalId ? storedExternalId(scope.studioId, input.externalId) : null,
      })
      .returning();
    await writeCoachAssignments(tx, scope, created!.id, assignments, false);
    if (input.sendInvite) {
      const invite: SendTraineeInvitePayload = {
        studioId: scope.studioId,
        clientId: created!.id,
        requestId: scope.requestId,
      };
      await scope.jobs.enqueue(SEND_TRAINEE_INVITE_JOB, invite, { tx });
    }
    return created!;
  });
  return toClientRecord(row, assignments);
}

/**
 * The app invite over the chat channel (the send-trainee-invite job), from the rows as they are
 * when the job runs; null when the trainee was deleted meanwhile (nothing to send).
 */
export async function composeTraineeInvite(
  db: DbOrTx,
  scope: StudioScope,
  input: { clientId: string },
): Promise<ChatMessage | null> {
  const [found] = await db
    .select({ phone: clients.phone, firstName: clients.firstName, studioName: studios.name })
    .from(clients)
    .innerJoin(studios, eq(studios.id, clients.studioId))
    .where(liveTraineeOf(scope, input.clientId))
    .limit(1);
  if (!found) return null;
  return {
    studioId: scope.studioId,
    phone: found.phone,
    text: `Hi ${found.firstName}! ${found.studioName} invited you to its coaching app. Download the app and sign in with this phone number.`,
  };
}
