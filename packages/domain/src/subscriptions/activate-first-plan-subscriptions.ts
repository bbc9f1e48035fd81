import type { DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";

export interface FirstPlanActivation {
  clientId: string;
  programId: string;
}

/**
 * The plan-activated hook (document 2 "assign": "starts a subscription waiting on the
 * FIRST_PLAN trigger"; decisions.md "Subscriptions and forms"): a PENDING subscription of the
 * trainee waiting on FIRST_PLAN would start on the first program assignment.
 *
 * Subscriptions do not exist yet: the subscriptions issue creates their table and fills this
 * operation in. Until then it reads and records nothing and reports that it started none.
 * The plan-activated job that calls it is enqueued exactly when the spec says (assignment
 * without hold, release of a held program, one per new program of a bulk assignment).
 */
export async function activateFirstPlanSubscriptions(
  _db: DbOrTx,
  _scope: StudioScope,
  _input: FirstPlanActivation,
): Promise<{ started: number }> {
  return { started: 0 };
}
