import { and, eq } from "drizzle-orm";
import type { DurationUnit } from "@studio/contracts";
import { programs, subscriptions, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";
import { endDateOf, studioToday } from "./subscription-dates";

export interface FirstPlanActivation {
  clientId: string;
  programId: string;
}

/**
 * The plan-activated hook (document 2 "assign": "starts a subscription waiting on the
 * FIRST_PLAN trigger"; decisions.md "Subscriptions and forms"): the trainee's PENDING
 * subscriptions waiting on FIRST_PLAN start on the program's start date, else on the studio's
 * today; the end follows from their duration; ACTIVE when the start has come (PENDING with
 * dates before). Idempotent: a started subscription no longer waits, so a retried job starts
 * none. The rows are locked, so two concurrent jobs cannot both start one.
 */
export async function activateFirstPlanSubscriptions(
  db: DbOrTx,
  scope: StudioScope,
  input: FirstPlanActivation,
): Promise<{ started: number }> {
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.studioId, scope.studioId),
          eq(subscriptions.clientId, input.clientId),
          eq(subscriptions.status, "PENDING"),
          eq(subscriptions.waitingForTrigger, "FIRST_PLAN"),
        ),
      )
      .for("update");
    if (waiting.length === 0) return { started: 0 };
    const [program] = await tx
      .select({ startDate: programs.startDate })
      .from(programs)
      .where(and(eq(programs.id, input.programId), eq(programs.studioId, scope.studioId)))
      .limit(1);
    const today = await studioToday(tx, scope);
    const startDate = program?.startDate ?? today;
    for (const row of waiting) {
      await tx
        .update(subscriptions)
        .set({
          status: startDate <= today ? "ACTIVE" : "PENDING",
          startDate,
          endDate: endDateOf(startDate, row.durationValue, row.durationUnit as DurationUnit),
          waitingForTrigger: "NONE",
          updatedAt: scope.now,
        })
        .where(eq(subscriptions.id, row.id));
    }
    return { started: waiting.length };
  });
}
