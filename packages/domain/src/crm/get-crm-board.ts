import type { StudioScope } from "../scope";
import { and, eq, gte, ilike, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { CrmBoard, CrmBoardQuery, Lead } from "@studio/contracts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { leads, type Db, resultRows } from "@studio/db";
import { toLeadStatus } from "./lead-rows";
import { ensureLeadStatuses } from "./lead-statuses";
import { createdRange, startOfLocalMonth, startOfNextLocalDay } from "./local-time";

/** LIKE pattern matching `value` literally anywhere (backslash is the default escape). */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Lead filters of the board; they never touch the kpis or counts. */
export function boardFilters(studioId: string, query: CrmBoardQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(leads.studioId, studioId), isNull(leads.deletedAt)];
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(leads.name, pattern),
        ilike(leads.email, pattern),
        ilike(leads.city, pattern),
        sql`strpos(${leads.phone}, ${search}) > 0`,
      ),
    );
  }
  if (query.statusId) conditions.push(eq(leads.statusId, query.statusId));
  if (query.source) conditions.push(eq(leads.source, query.source));
  if (query.ownerCoachId) conditions.push(eq(leads.ownerCoachId, query.ownerCoachId));
  const range = createdRange(query.from, query.to);
  if (range.gte) conditions.push(gte(leads.createdAt, range.gte));
  if (range.lt) conditions.push(lt(leads.createdAt, range.lt));
  if (range.lte) conditions.push(lte(leads.createdAt, range.lte));
  return and(...conditions)!;
}

/** A board answer's identity: the studio, its board version and everything else it depends on. */
export interface CrmBoardKey {
  studioId: string;
  /** studios.crm_board_version as the request's caller lookup read it. */
  version: number;
  /** The local month start and end of today (the kpis) and the normalized filters. */
  key: string;
}

/**
 * What the board answer of this request depends on, for a cache of answers: besides the rows of
 * leads and lead_statuses (whose every write moves studios.crm_board_version in the writing
 * transaction: triggers of migration 0020, so no write path can forget it), only the local month
 * start and end of today (kpis) and the filters, normalized as boardFilters reads them. The board
 * is the same for every coach of the studio (of the permissions only `trainees` is enforced,
 * decisions/crm.md), so the caller is not part of it. The version is the one the request read
 * before any board query, so an answer built afterwards is at least that new. Undefined when the
 * scope carries no studio row (nothing to key on; the board is built as before).
 */
export function crmBoardKey(scope: StudioScope, query: CrmBoardQuery): CrmBoardKey | undefined {
  const version = scope.studio?.crmBoardVersion;
  if (version === undefined || scope.studio?.id !== scope.studioId) return undefined;
  const { now } = scope;
  const range = createdRange(query.from, query.to);
  const key = JSON.stringify([
    startOfLocalMonth(now).toISOString(),
    startOfNextLocalDay(now).toISOString(),
    query.search?.trim() ?? "",
    query.statusId ?? null,
    query.source ?? null,
    query.ownerCoachId ?? null,
    range.gte?.getTime() ?? null,
    range.lt?.getTime() ?? null,
    range.lte?.getTime() ?? null,
  ]);
  return { studioId: scope.studioId, version, key };
}

/**
 * GET /v1/web/crm/board: statuses (seeded on first sight), filtered leads newest first, and
 * kpis + countsByStatus over every live lead of the studio. The aggregates are one grouped
 * SQL count (per status, with filtered counts for this month and today's reminders); the
 * three reads run in parallel.
 */
export async function getCrmBoard(db: Db, scope: StudioScope, query: CrmBoardQuery): Promise<CrmBoard> {
  const { studioId, now } = scope;
  const monthStart = startOfLocalMonth(now).toISOString();
  const endOfToday = startOfNextLocalDay(now).toISOString();
  const [statusRows, leadRows, groups] = await Promise.all([
    ensureLeadStatuses(db, scope),
    selectBoardLeads(db, boardFilters(studioId, query)),
    db
      .select({
        statusId: leads.statusId,
        total: sql<number>`count(*)::int`,
        newThisMonth: sql<number>`(count(*) filter (where ${leads.createdAt} >= ${monthStart}::timestamptz))::int`,
        remindersToday: sql<number>`(count(*) filter (where ${leads.remindAt} < ${endOfToday}::timestamptz))::int`,
      })
      .from(leads)
      .where(and(eq(leads.studioId, studioId), isNull(leads.deletedAt)))
      .groupBy(leads.statusId),
  ]);

  const keyOf = new Map(statusRows.map((s) => [s.id, s.key]));
  const kpis = { active: 0, newThisMonth: 0, won: 0, lost: 0, remindersToday: 0 };
  const countsByStatus: Record<string, number> = {};
  for (const g of groups) {
    const total = Number(g.total);
    countsByStatus[g.statusId] = total;
    kpis.active += total;
    kpis.newThisMonth += Number(g.newThisMonth);
    kpis.remindersToday += Number(g.remindersToday);
    const key = keyOf.get(g.statusId);
    if (key === "WON") kpis.won += total;
    if (key === "LOST") kpis.lost += total;
  }
  kpis.active -= kpis.won + kpis.lost;

  return { statuses: statusRows.map(toLeadStatus), leads: leadRows, kpis, countsByStatus };
}

/** ISO-8601 UTC text exactly as Date#toISOString writes it (millisecond precision). */
const isoText = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The board's leads, newest first, already in the contract's shape: a studio can hold tens of
 * thousands, so PostgreSQL formats the timestamps and names the fields and no per-row mapping
 * runs in JS (measured in bench/crm-board.bench.ts). deletedAt is null by the filter.
 */
async function selectBoardLeads(db: Db, where: SQL): Promise<Lead[]> {
  const result = await db.execute(sql`
    select ${leads.id} as "id", ${leads.name} as "name", ${leads.phone} as "phone", ${leads.email} as "email",
      ${leads.business} as "business", ${leads.city} as "city", ${leads.source} as "source",
      ${leads.ownerCoachId} as "ownerCoachId", ${leads.valueAgorot} as "valueAgorot", ${leads.statusId} as "statusId",
      ${leads.lostReason} as "lostReason", ${isoText(leads.remindAt)} as "remindAt", ${leads.clientId} as "clientId",
      null::text as "deletedAt", ${isoText(leads.createdAt)} as "createdAt", ${isoText(leads.updatedAt)} as "updatedAt"
    from ${leads}
    where ${where}
    order by ${leads.createdAt} desc nulls last, ${leads.id} desc nulls last`);
  return resultRows<Lead>(result);
}
