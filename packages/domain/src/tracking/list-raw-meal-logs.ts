import { and, count, desc, eq } from "drizzle-orm";
import type { RawMealLogPage, RawTrackingQuery } from "@studio/contracts";
import { mealLogs, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { toMealLog } from "../trainee-logs/meal-log-record";
import { assertRawListClient, dayWindow, pageOffset } from "./raw-list-client";

/**
 * `GET /v1/web/tracking/meal-logs` (document 2): full rows by consumedAt descending, and the
 * total. from/to filter the trainee's local day of consumedAt (meal_logs.day, fixed at write).
 */
export async function listRawMealLogs(
  db: Db,
  scope: StudioScope,
  query: RawTrackingQuery,
): Promise<RawMealLogPage> {
  await assertRawListClient(db, scope, query.clientId);
  const where = and(
    eq(mealLogs.clientId, query.clientId),
    eq(mealLogs.studioId, scope.studioId),
    ...dayWindow(mealLogs.day, query),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mealLogs)
      .where(where)
      .orderBy(desc(mealLogs.consumedAt), desc(mealLogs.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(mealLogs).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...toMealLog(r),
      clientId: r.clientId,
      items: Array.isArray(r.items) ? r.items : [],
    })),
    total: total?.n ?? 0,
  };
}
