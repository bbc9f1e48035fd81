import { and, sql } from "drizzle-orm";
import type { AutomationTrainee, ClientRecord } from "@studio/contracts";
import { clients, type DbOrTx } from "@studio/db";
import type { ClientRow } from "../clients/client-scope";
import { publicExternalId } from "../clients/external-id";
import { normalizePhone } from "../clients/phone";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";
import { liveTrainees } from "../clients/live-trainee";

/**
 * The trainee object of the automation lane (document 3 "Trainee object (automation lane)") from
 * a clients row and its coach ids; externalId loses the studio prefix it is stored with.
 */
export function toAutomationTrainee(row: ClientRow, coachIds: string[]): AutomationTrainee {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    birthDate: row.birthDate,
    gender: row.gender as AutomationTrainee["gender"],
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    goal: row.goal,
    goalWeightKg: row.goalWeightKg,
    stepsGoal: row.stepsGoal,
    waterGoalMl: row.waterGoalMl,
    tags: row.tags,
    coachIds,
    updateFormId: row.updateFormId,
    updateCadence: row.updateCadence as AutomationTrainee["updateCadence"],
    status: row.status as AutomationTrainee["status"],
    externalId: publicExternalId(row.studioId, row.externalId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The lane's view of the clients service's record (its externalId is already the caller's own). */
export function automationTraineeOf(record: ClientRecord): AutomationTrainee {
  return {
    id: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    phone: record.phone,
    email: record.email,
    birthDate: record.birthDate,
    gender: record.gender,
    heightCm: record.heightCm,
    weightKg: record.weightKg,
    goal: record.goal,
    goalWeightKg: record.goalWeightKg,
    stepsGoal: record.stepsGoal,
    waterGoalMl: record.waterGoalMl,
    tags: record.tags,
    coachIds: record.coachIds,
    updateFormId: record.updateFormId,
    updateCadence: record.updateCadence,
    status: record.status,
    externalId: record.externalId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * The trainee's coach ids in list order, as a column of a `clients` query (one statement for a
 * whole page: no query per trainee). Table names are spelled out: Drizzle leaves columns
 * unqualified in the select list of a one-table query, which a correlated subquery cannot use.
 */
export const coachIdsColumn = sql<
  string[]
>`coalesce((select array_agg(cc.coach_id order by cc.position, cc.created_at, cc.id) from client_coaches cc where cc.client_id = "clients"."id"), '{}'::text[])`;

/** Live trainees of the studio with their coach ids, matching `where` (one statement). */
export async function selectAutomationTrainees(
  db: DbOrTx,
  scope: StudioScope,
  where: ReturnType<typeof and>,
): Promise<AutomationTrainee[]> {
  const rows = await db
    .select({ row: clients, coachIds: coachIdsColumn })
    .from(clients)
    .where(and(liveTrainees(scope), where));
  return rows.map(({ row, coachIds }) => toAutomationTrainee(row, coachIds));
}

/** Only digits, spaces, plus, minus and brackets: a phone search (document 3 "search"). */
export const PHONE_LIKE = /^[\d\s+\-()]+$/;

/**
 * Digit strings whose presence in a stored E.164 phone matches a phone search in any common
 * form: local (050-…), international (+972 50 …, 00972 …, 972 …) or with the trunk zero kept
 * after the country code (+972 (0)50 …). Leading zeros are dropped, so the local form's digits
 * appear in the E.164 one. Empty when the search holds no digit.
 */
export function phoneSearchDigits(search: string): string[] {
  const digits = search.replace(/\D/g, "");
  const significant = digits.replace(/^0+/, "") || digits;
  const out = new Set<string>();
  if (significant) out.add(significant);
  if (significant.startsWith("9720")) out.add(`972${significant.slice(4)}`);
  const e164 = normalizePhone(search);
  if (e164) out.add(e164.slice(1));
  return [...out];
}

/** The smallest phone `by-phone` looks up (document 3: at least 6 characters once normalized). */
export const LOOKUP_PHONE_MIN = 6;

/**
 * The E.164 forms a phone written any way may be stored as, most likely first: libphonenumber's
 * reading (Israel by default), then the digits read as international (+…, 00…), as Israeli local
 * (0… → +972…) or bare (both), with a trunk zero after +972 dropped. BAD_REQUEST when the value
 * normalizes (plus and digits) to fewer than 6 characters.
 */
export function phoneLookupVariants(raw: string): string[] {
  const trimmed = raw.trim();
  const international = trimmed.startsWith("+");
  const digits = trimmed.replace(/\D/g, "");
  const compact = `${international ? "+" : ""}${digits}`;
  if (compact.length < LOOKUP_PHONE_MIN)
    throw new AppError("BAD_REQUEST", `phone must normalize to at least ${LOOKUP_PHONE_MIN} characters`);
  const out: string[] = [];
  const e164 = normalizePhone(trimmed);
  if (e164) out.push(e164);
  if (international) out.push(`+${digits}`);
  else if (digits.startsWith("00")) out.push(`+${digits.slice(2)}`);
  else if (digits.startsWith("0")) out.push(`+972${digits.slice(1)}`);
  else out.push(`+${digits}`, `+972${digits}`);
  for (const variant of [...out]) if (variant.startsWith("+9720")) out.push(`+972${variant.slice(5)}`);
  return [...new Set(out)];
}
