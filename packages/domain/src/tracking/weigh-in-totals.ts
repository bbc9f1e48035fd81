import { sql } from "drizzle-orm";
import { weightEntries, type DbOrTx, resultRows } from "@studio/db";

/** A trainee's weigh-ins over full history: how many, the first and the latest (recordedAt, then write order). */
export interface WeighInTotals {
  count: number;
  firstKg: number | null;
  latestKg: number | null;
  /** recordedAt of the latest weigh-in (the largest recordedAt). */
  latestAt: Date | null;
}

/**
 * The weigh-in totals in one statement: the count, and the first and the latest weigh-in each
 * read by the (client_id, recorded_at) index with LIMIT 1. The same answer as array_agg(... order
 * by ...)[1] over every weigh-in, which sorted the whole history twice (1,096 rows over 3 years:
 * ~2 ms of PostgreSQL per coach summary and weight view, issue 30).
 */
export async function loadWeighInTotals(
  db: DbOrTx,
  studioId: string,
  clientId: string,
): Promise<WeighInTotals> {
  const owned = sql`client_id = ${clientId} and studio_id = ${studioId}`;
  const [row] = resultRows<{
    count: number;
    firstKg: number | null;
    latestKg: number | null;
    latestAt: unknown;
  }>(
    await db.execute(sql`select
      (select count(*)::int from ${weightEntries} where ${owned}) as "count",
      (select weight_kg from ${weightEntries} where ${owned}
        order by recorded_at, created_at, id limit 1) as "firstKg",
      latest.weight_kg as "latestKg", latest.recorded_at as "latestAt"
    from (select 1) one
    left join lateral (select weight_kg, recorded_at from ${weightEntries} where ${owned}
      order by recorded_at desc, created_at desc, id desc limit 1) latest on true`),
  );
  return {
    count: row?.count ?? 0,
    firstKg: row?.firstKg ?? null,
    latestKg: row?.latestKg ?? null,
    // Read through the column's mapping: PostgreSQL's raw text given to `new Date` is wrong for
    // years below 100 (issue 27 item 5).
    latestAt:
      row?.latestAt === null || row?.latestAt === undefined
        ? null
        : (weightEntries.recordedAt.mapFromDriverValue(row.latestAt as string) as Date),
  };
}
