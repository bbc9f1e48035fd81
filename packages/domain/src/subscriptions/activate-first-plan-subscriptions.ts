import { and, eq, sql } from "drizzle-orm";
import type { DurationUnit } from "@studio/contracts";
import { programs, subscriptions, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";
import { endDateOf, studioToday } from "./subscription-dates";

export interface FirstPlanActivation {
  clientId: string;
  programId: string;
}

/** A program that became ACTIVE: whose trainee, and from which date (null: the studio's today). */
export interface StartedProgram {
  clientId: string;
  startDate: string | null;
}

/**
 * The FIRST_PLAN trigger (document 2 "assign": "starts a subscription waiting on the FIRST_PLAN
 * trigger"; document 3 programs/assign: "a first plan starts a subscription that was waiting for
 * one"; decisions.md "Subscriptions and forms"), in the caller's transaction: the PENDING
 * subscriptions of these trainees waiting on FIRST_PLAN start on their program's start date,
 * else on the studio's today; the end follows from their duration; ACTIVE when the start has come
 * (PENDING with dates before). The rows are locked, and a started subscription no longer waits,
 * so a second call starts none. A fixed number of statements for any number of programs: one
 * select when nothing waits (the common case), then one update of every waiting row.
 */
export async function startWaitingSubscriptions(
  tx: DbOrTx,
  scope: StudioScope,
  started: readonly StartedProgram[],
): Promise<number> {
  const startOf = new Map<string, string | null>();
  for (const program of started)
    if (!startOf.has(program.clientId)) startOf.set(program.clientId, program.startDate);
  if (startOf.size === 0) return 0;
  const waiting = await tx
    .select({
      id: subscriptions.id,
      clientId: subscriptions.clientId,
      durationValue: subscriptions.durationValue,
      durationUnit: subscriptions.durationUnit,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.studioId, scope.studioId),
        // One jsonb parameter, not one per trainee (500 in a bulk assignment).
        sql`${subscriptions.clientId} in (select jsonb_array_elements_text(${JSON.stringify([...startOf.keys()])}::jsonb))`,
        eq(subscriptions.status, "PENDING"),
        eq(subscriptions.waitingForTrigger, "FIRST_PLAN"),
      ),
    )
    .for("update");
  if (waiting.length === 0) return 0;
  const today = await studioToday(tx, scope);
  const starts = waiting.map((row) => {
    const startDate = startOf.get(row.clientId) ?? today;
    return {
      id: row.id,
      status: startDate <= today ? "ACTIVE" : "PENDING",
      startDate,
      endDate: endDateOf(startDate, row.durationValue, row.durationUnit as DurationUnit),
    };
  });
  await tx.execute(sql`update ${subscriptions} set status = v.status, start_date = v."startDate"::date,
      end_date = v."endDate"::date, waiting_for_trigger = 'NONE', updated_at = ${scope.now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(starts)}::jsonb)
      as v(id text, status text, "startDate" text, "endDate" text)
    where ${subscriptions.id} = v.id and ${subscriptions.studioId} = ${scope.studioId}`);
  return waiting.length;
}

/**
 * The plan-activated job's handler: startWaitingSubscriptions for one program, in its own
 * transaction. The assignment already started them in its transaction, so the job normally finds
 * none waiting; it stays as the backstop for a FIRST_PLAN subscription assigned while the
 * program's transaction was still open (neither saw the other's uncommitted row).
 */
export async function activateFirstPlanSubscriptions(
  db: DbOrTx,
  scope: StudioScope,
  input: FirstPlanActivation,
): Promise<{ started: number }> {
  return db.transaction(async (tx) => {
    const [program] = await tx
      .select({ startDate: programs.startDate })
      .from(programs)
      .where(and(eq(programs.id, input.programId), eq(programs.studioId, scope.studioId)))
      .limit(1);
    const started = await startWaitingSubscriptions(tx, scope, [
      { clientId: input.clientId, startDate: program?.startDate ?? null },
    ]);
    return { started };
  });
}
