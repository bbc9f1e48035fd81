import { and, eq } from "drizzle-orm";
import type { DurationUnit, Subscription, SubscriptionAssign } from "@studio/contracts";
import { programs, subscriptions, type Db, type DbOrTx } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { notify } from "../notifications/notify";
import { coachVariable } from "../programs/program-effects";
import { runTaskAutomations } from "../task-automations/run-task-automations";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";
import { loadPlanRow } from "./plan-record";
import { endDateOf, studioToday } from "./subscription-dates";
import { liveSubscriptionRows, toSubscription } from "./subscription-record";

/**
 * Assign or renew a plan (document 3 "Plans and subscriptions"; decisions.md "Subscriptions and
 * forms"), the one operation the coach app and the automation lane share. Checks in order: the
 * trainee (NOT_FOUND client not found), the plan of the studio (NOT_FOUND plan not found; an
 * inactive plan BAD_REQUEST), the duration: the one sent, else the plan's; none at all is
 * BAD_REQUEST naming the plan. Price: the override, else the plan's.
 *
 * Dates (civil, studio zone): a FIRST_PLAN plan creates a PENDING subscription waiting for the
 * trainee's first program, unless the trainee already holds an ACTIVE program (the trigger has
 * happened: it starts like any plan). Otherwise the start is the date sent, else the end of the
 * latest dated live subscription (a renewal queues behind the running one), else today; it is
 * ACTIVE when the start has come, PENDING before. The trainee row is locked so two renewals
 * queue one behind the other.
 *
 * Effects, in the same transaction: the push PLAN_UPDATED (the plans category's type: the
 * trainee's plan changed; {{plan}} the plan's name, {{coach}} the calling coach, else the studio;
 * its 6-hour throttle applies), unless `notify` is false; and the subscription-assigned task hook:
 * the studio's active SUBSCRIPTION_ASSIGNED task automations due today create their tasks
 * (runTaskAutomations, claimed once per rule and subscription; later offsets are the scheduler's).
 * See docs/decisions/subscriptions.md "Subscriptions".
 */
export async function assignSubscription(
  db: Db,
  scope: StudioScope,
  input: SubscriptionAssign,
): Promise<Subscription> {
  return db.transaction(async (tx) => {
    const client = await loadLiveTrainee(tx, scope, input.clientId, { forUpdate: true });
    const plan = await loadPlanRow(tx, scope, input.planId);
    if (!plan.isActive) throw new AppError("BAD_REQUEST", `plan "${plan.name}" is not active`);
    const durationValue = input.durationValue ?? plan.durationValue;
    const durationUnit = (input.durationUnit ?? plan.durationUnit) as DurationUnit | null;
    if (durationValue === null || durationUnit === null)
      throw new AppError(
        "BAD_REQUEST",
        `plan "${plan.name}" has no duration: send durationValue and durationUnit`,
      );
    const base = {
      studioId: scope.studioId,
      clientId: client.id,
      planId: plan.id,
      priceAgorot: input.priceOverrideAgorot ?? plan.priceAgorot,
      durationValue,
      durationUnit,
      createdAt: scope.now,
      updatedAt: scope.now,
    };

    if (plan.trigger === "FIRST_PLAN" && !(await hasActiveProgram(tx, scope, client.id))) {
      const [row] = await tx
        .insert(subscriptions)
        .values({ ...base, status: "PENDING", waitingForTrigger: "FIRST_PLAN" })
        .returning();
      await afterAssign(tx, scope, row!, plan.name, input.notify !== false);
      return toSubscription(row!);
    }

    const today = await studioToday(tx, scope);
    const queuedAfter = (await liveSubscriptionRows(tx, scope, client.id))
      .map((row) => row.endDate)
      .filter((end): end is string => end !== null)
      .sort()
      .at(-1);
    const startDate = input.startDate ?? (queuedAfter && queuedAfter > today ? queuedAfter : today);
    const [row] = await tx
      .insert(subscriptions)
      .values({
        ...base,
        status: startDate <= today ? "ACTIVE" : "PENDING",
        startDate,
        endDate: endDateOf(startDate, durationValue, durationUnit),
        waitingForTrigger: "NONE",
      })
      .returning();
    await afterAssign(tx, scope, row!, plan.name, input.notify !== false);
    return toSubscription(row!);
  });
}

/** The push (unless notify is false) and the subscription-assigned task hook. */
async function afterAssign(
  tx: DbOrTx,
  scope: StudioScope,
  row: { id: string; clientId: string },
  planName: string,
  push: boolean,
): Promise<void> {
  if (push)
    await notify(tx, scope, {
      clientId: row.clientId,
      type: "PLAN_UPDATED",
      variables: { plan: planName, coach: await coachVariable(tx, scope) },
      data: { subscriptionId: row.id },
    });
  await runTaskAutomations(
    tx,
    { now: scope.now, since: scope.now, graceMs: 0 },
    { studioId: scope.studioId, subscriptionId: row.id, trigger: "SUBSCRIPTION_ASSIGNED" },
  );
}

async function hasActiveProgram(tx: DbOrTx, scope: StudioScope, clientId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: programs.id })
    .from(programs)
    .where(
      and(
        eq(programs.studioId, scope.studioId),
        eq(programs.clientId, clientId),
        eq(programs.status, "ACTIVE"),
      ),
    )
    .limit(1);
  return row !== undefined;
}
