import { and, count, desc, eq } from "drizzle-orm";
import type { RawDailyMetricPage, RawTrackingQuery } from "@studio/contracts";
import { dailyMetrics, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { toDailyMetric } from "./daily-metric-record";
import { assertRawListClient, dayWindow, pageOffset } from "./raw-list-client";

/** `GET /v1/web/tracking/daily-metrics` (document 2): full rows by date descending, and the total. */
export async function listRawDailyMetrics(
  db: Db,
  scope: StudioScope,
  query: RawTrackingQuery,
): Promise<RawDailyMetricPage> {
  await assertRawListClient(db, scope, query.clientId);
  const where = and(
    eq(dailyMetrics.clientId, query.clientId),
    eq(dailyMetrics.studioId, scope.studioId),
    ...dayWindow(dailyMetrics.date, query),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dailyMetrics)
      .where(where)
      .orderBy(desc(dailyMetrics.date))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(dailyMetrics).where(where),
  ]);
  return { items: rows.map((r) => ({ ...toDailyMetric(r), clientId: r.clientId })), total: total?.n ?? 0 };
}
