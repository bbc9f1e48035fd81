import { inArray } from "drizzle-orm";
import type { AutomationTrainee } from "@studio/contracts";
import { clients, type Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { phoneLookupVariants, selectAutomationTrainees } from "./automation-trainee-record";

/**
 * `GET /v1/automation/trainees/by-phone/{phone}`: the live trainee whose stored E.164 phone is one
 * of the value's variants (the likeliest reading wins when two trainees match different ones).
 * Not found is an answer, not an error: found false, trainee null. BAD_REQUEST when the value
 * normalizes to fewer than 6 characters.
 */
export async function findAutomationTraineeByPhone(
  db: Db,
  scope: ApiKeyScope,
  input: { phone: string },
): Promise<{ found: boolean; trainee: AutomationTrainee | null }> {
  const variants = phoneLookupVariants(input.phone);
  const matches = await selectAutomationTrainees(db, scope, inArray(clients.phone, variants));
  const rank = (trainee: AutomationTrainee) => variants.indexOf(trainee.phone);
  const [best] = matches.sort((a, b) => rank(a) - rank(b));
  return best ? { found: true, trainee: best } : { found: false, trainee: null };
}
