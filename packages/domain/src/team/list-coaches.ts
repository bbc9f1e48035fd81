import { selectPage } from "../paging";
import type { StudioScope } from "../scope";
import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { CoachListFilters, CoachRecord } from "@studio/contracts";
import { coaches, type Db } from "@studio/db";
import { toCoachRecord } from "./coach-record";
import { containsPattern } from "./search-pattern";

/** `GET /v1/web/coaches`: newest first, filtered by role, active and a name/email search. */
export async function listCoaches(
  db: Db,
  scope: StudioScope,
  filters: CoachListFilters,
): Promise<{ items: CoachRecord[]; total: number }> {
  const { studioId } = scope;
  const conditions: SQL[] = [eq(coaches.studioId, studioId), eq(coaches.active, filters.active)];
  if (filters.role) conditions.push(eq(coaches.role, filters.role));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(coaches.name, pattern), ilike(coaches.email, pattern))!);
  }
  const where = and(...conditions);
  const { rows, total } = await selectPage(db, filters, {
    table: coaches,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(coaches)
        .where(where)
        .orderBy(desc(coaches.createdAt), desc(coaches.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toCoachRecord), total };
}
