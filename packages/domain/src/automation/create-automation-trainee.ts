import { and, eq } from "drizzle-orm";
import type { AutomationTrainee, AutomationTraineeCreate, Subscription } from "@studio/contracts";
import { clients, forms, type Db, type DbOrTx } from "@studio/db";
import { recordAuditEntry } from "../audit/record-audit-entry";
import { loadCoachAssignments } from "../clients/client-record";
import { createTrainee } from "../clients/create-trainee";
import { storedExternalId } from "../clients/external-id";
import { normalizePhoneOrThrow } from "../clients/phone";
import { updateClient } from "../clients/update-client";
import { AppError, validation } from "../errors";
import type { ApiKeyScope } from "../scope";
import { assignSubscription } from "../subscriptions/assign-subscription";
import { lockStudioLimit } from "../team/studio-limits";
import { automationTraineeOf, toAutomationTrainee } from "./automation-trainee-record";
import { sendOnboardingForm } from "./send-onboarding-form";
import { liveTrainees } from "../clients/live-trainee";

/** Document 3: the phone of a created trainee normalizes to at least 9 characters. */
const CREATE_PHONE_MIN = 9;

export interface AutomationTraineeCreated {
  trainee: AutomationTrainee;
  created: boolean;
  subscription: Subscription | null;
}

/** The onboarding form must be a form of the studio and not a document to sign (checked before any write). */
async function assertOnboardingForm(db: DbOrTx, scope: ApiKeyScope, formId: string): Promise<void> {
  const [form] = await db
    .select({ type: forms.type })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.studioId, scope.studioId)))
    .limit(1);
  if (!form) throw new AppError("NOT_FOUND", "form not found");
  if (form.type === "PDF_SIGNATURE")
    throw new AppError(
      "BAD_REQUEST",
      "onboardingFormId is a document to sign: send it with forms/assign, which answers its signing link",
    );
}

/**
 * `POST /v1/automation/trainees` (document 3), in one transaction under the studio's client lock
 * (the lock createTrainee takes for the plan limit), so concurrent calls with the same externalId
 * or phone run one after the other and the later one sees the earlier one's trainee:
 * (1) a trainee of the studio with this externalId is returned, created false, nothing updated;
 * (2) a live trainee with the phone: onDuplicatePhone error → CONFLICT 409, return_existing →
 * returned, update → its profile fields through the clients service (no subscription fields);
 * (3) otherwise createTrainee (the coach app's operation, API key as actor, plan limit, invite
 * job), the subscription through assignSubscription and the audit entry automation.trainee.create,
 * all in the same transaction. Then the onboarding form, if the trainee has no pending assignment
 * of it; its failure is logged and never fails the call.
 */
export async function createAutomationTrainee(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationTraineeCreate,
): Promise<AutomationTraineeCreated> {
  const phone = normalizePhoneOrThrow(input.phone);
  if (phone.length < CREATE_PHONE_MIN)
    throw validation(`phone: must normalize to at least ${CREATE_PHONE_MIN} characters`, {
      issues: [{ path: "phone", message: "too short", code: "invalid_phone" }],
    });
  if (input.onboardingFormId) await assertOnboardingForm(db, scope, input.onboardingFormId);
  const mode = input.onDuplicatePhone ?? "error";

  const result = await db.transaction(async (tx): Promise<AutomationTraineeCreated> => {
    await lockStudioLimit(tx, scope, "clients");

    if (input.externalId) {
      const stored = storedExternalId(scope.studioId, input.externalId);
      const [holder] = await tx
        .select()
        .from(clients)
        .where(and(eq(clients.studioId, scope.studioId), eq(clients.externalId, stored)))
        .limit(1);
      if (holder && holder.deletedAt === null) {
        const coachIds = (await loadCoachAssignments(tx, [holder.id])).get(holder.id)!.coachIds;
        return { trainee: toAutomationTrainee(holder, coachIds), created: false, subscription: null };
      }
      // A soft-deleted trainee (web lane DELETE) frees its externalId, like its phone.
      if (holder) await tx.update(clients).set({ externalId: null }).where(eq(clients.id, holder.id));
    }

    const [samePhone] = await tx
      .select()
      .from(clients)
      .where(and(liveTrainees(scope), eq(clients.phone, phone)))
      .limit(1);
    if (samePhone) {
      if (mode === "error")
        throw new AppError("CONFLICT", "a client with this phone already exists", { clientId: samePhone.id });
      if (mode === "return_existing") {
        const coachIds = (await loadCoachAssignments(tx, [samePhone.id])).get(samePhone.id)!.coachIds;
        return { trainee: toAutomationTrainee(samePhone, coachIds), created: false, subscription: null };
      }
      const updated = await updateClient(tx, scope, {
        id: samePhone.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        birthDate: input.birthDate,
        gender: input.gender,
        heightCm: input.heightCm,
        weightKg: input.weightKg,
        goal: input.goal,
        goalWeightKg: input.goalWeightKg,
        stepsGoal: input.stepsGoal,
        waterGoalMl: input.waterGoalMl,
        tags: input.tags,
        coachIds: input.coachIds,
      });
      return { trainee: automationTraineeOf(updated), created: false, subscription: null };
    }

    const record = await createTrainee(tx, scope, {
      firstName: input.firstName,
      lastName: input.lastName,
      phone,
      email: input.email,
      birthDate: input.birthDate,
      gender: input.gender,
      heightCm: input.heightCm,
      weightKg: input.weightKg,
      goal: input.goal,
      goalWeightKg: input.goalWeightKg,
      stepsGoal: input.stepsGoal,
      waterGoalMl: input.waterGoalMl,
      tags: input.tags,
      coachIds: input.coachIds,
      updateFormId: input.updateFormId,
      updateCadence: input.updateCadence,
      sendInvite: input.sendWhatsappInvite ?? false,
      externalId: input.externalId ?? null,
    });
    const subscription = input.planId
      ? await assignSubscription(tx, scope, {
          clientId: record.id,
          planId: input.planId,
          startDate: input.startDate,
          priceOverrideAgorot: input.priceOverrideAgorot,
          durationValue: input.durationValue,
          durationUnit: input.durationUnit,
          notify: true,
        })
      : null;
    await recordAuditEntry(tx, scope, {
      action: "automation.trainee.create",
      entityType: "trainee",
      entityId: record.id,
      data: {
        subscriptionId: subscription?.id ?? null,
        planId: subscription?.planId ?? null,
        sendWhatsappInvite: input.sendWhatsappInvite ?? false,
      },
    });
    return { trainee: automationTraineeOf(record), created: true, subscription };
  });

  if (input.onboardingFormId)
    await sendOnboardingForm(db, scope, { clientId: result.trainee.id, formId: input.onboardingFormId });
  return result;
}
