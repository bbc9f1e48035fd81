import { and, desc, eq, gte, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AutomationTrainee, AutomationTraineeSearch } from "@studio/contracts";
import { clientCoaches, clients, type Db } from "@studio/db";
import { selectPage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { containsPattern } from "../team/search-pattern";
import { automationPage } from "./automation-page";
import {
  coachIdsColumn,
  PHONE_LIKE,
  phoneSearchDigits,
  toAutomationTrainee,
} from "./automation-trainee-record";
import { liveTrainees } from "../clients/live-trainee";

/** A plain date is midnight UTC; a date-time is its instant. */
const instantOf = (value: string): Date => new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

/**
 * The search term: only phone characters → the phone, matched on its variants (local or
 * international digits inside the stored E.164); anything else → the name, case-insensitive,
 * on the first, last or full name (either order).
 */
function searchCondition(search: string): SQL {
  if (PHONE_LIKE.test(search)) {
    const variants = phoneSearchDigits(search);
    if (variants.length === 0) return sql`false`;
    return or(...variants.map((digits) => sql`${clients.phone} like ${containsPattern(digits)}`))!;
  }
  const pattern = containsPattern(search);
  return or(
    ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
    ilike(sql`${clients.lastName} || ' ' || ${clients.firstName}`, pattern),
  )!;
}

/**
 * `GET /v1/automation/trainees/search`: live trainees of the studio, newest first, as a lane page.
 * Two statements whatever the page size: the rows with their coach ids, and the total.
 */
export async function searchAutomationTrainees(
  db: Db,
  scope: ApiKeyScope,
  query: AutomationTraineeSearch,
): Promise<{ items: AutomationTrainee[]; total: number; limit: number; offset: number; hasMore: boolean }> {
  const conditions: (SQL | undefined)[] = [liveTrainees(scope)];
  if (query.search) conditions.push(searchCondition(query.search));
  if (query.status) conditions.push(eq(clients.status, query.status));
  if (query.tag) conditions.push(sql`${clients.tags} @> ${JSON.stringify([query.tag])}::jsonb`);
  if (query.coachId)
    conditions.push(
      sql`exists (select 1 from ${clientCoaches} where ${clientCoaches.clientId} = ${clients.id} and ${clientCoaches.coachId} = ${query.coachId})`,
    );
  if (query.createdFrom) conditions.push(gte(clients.createdAt, instantOf(query.createdFrom)));
  if (query.updatedFrom) conditions.push(gte(clients.updatedAt, instantOf(query.updatedFrom)));
  const where = and(...conditions);
  const page = await selectPage(db, query, {
    table: clients,
    where,
    rows: ({ limit, offset }) =>
      db
        .select({ row: clients, coachIds: coachIdsColumn })
        .from(clients)
        .where(where)
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(limit)
        .offset(offset),
  });
  return automationPage(
    { items: page.rows.map(({ row, coachIds }) => toAutomationTrainee(row, coachIds)), total: page.total },
    query,
  );
}
