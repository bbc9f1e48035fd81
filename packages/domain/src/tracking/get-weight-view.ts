import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { TILE_KEYS, TRACKING_RANGE_DAYS, type TrackingRangeQuery, type WeightView } from "@studio/contracts";
import { dailyMetrics, weightEntries, type Db, resultRows } from "@studio/db";
import type { StudioScope } from "../scope";
import { dayKeyOf, instantsOf, lastDays, localTimeOf } from "../time/day-keys";
import { hasMeasurements, readMeasurements } from "./daily-metric-record";
import { goalProgress } from "./get-measurement-summary";
import { loadTrackedTrainee } from "./tracked-trainee";
import { round2 } from "./tracking-history";
import { tileImproving, weeklyRateKg, weighInEveryDays } from "./weight-view-rules";
import { weightSourceOf } from "./weight-source";

/**
 * `GET /v1/web/clients/:id/tracking/weight` (document 2 "Weight view"). Four statements after
 * the trainee: the weigh-in totals over full history (first, latest, count), the weigh-ins in
 * range with their delta against the previous weigh-in over full history (lag() in SQL), the
 * circumference tiles aggregated in SQL over all time, and the circumference days in range.
 */
export async function getWeightView(
  db: Db,
  scope: StudioScope,
  input: TrackingRangeQuery,
): Promise<WeightView> {
  const trainee = await loadTrackedTrainee(db, scope, input.id);
  const range = lastDays(scope.now, trainee.zone, TRACKING_RANGE_DAYS[input.range]);
  const { start, end } = instantsOf(range, trainee.zone);
  const owned = and(eq(weightEntries.clientId, trainee.clientId), eq(weightEntries.studioId, scope.studioId));
  const order = sql`${weightEntries.recordedAt}, ${weightEntries.createdAt}, ${weightEntries.id}`;
  const history = db
    .select({
      id: weightEntries.id,
      weightKg: weightEntries.weightKg,
      recordedAt: weightEntries.recordedAt,
      createdAt: weightEntries.createdAt,
      note: weightEntries.note,
      source: weightEntries.source,
      deltaKg: sql<
        number | null
      >`${weightEntries.weightKg} - lag(${weightEntries.weightKg}) over (order by ${order})`.as("delta_kg"),
    })
    .from(weightEntries)
    .where(and(owned, lt(weightEntries.recordedAt, end)))
    .as("history");

  const [[totals], inRange, tileRows, measuredDays] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`,
        firstKg: sql<number | null>`(array_agg(${weightEntries.weightKg} order by ${order}))[1]`,
        latestKg: sql<
          number | null
        >`(array_agg(${weightEntries.weightKg} order by ${weightEntries.recordedAt} desc, ${weightEntries.createdAt} desc, ${weightEntries.id} desc))[1]`,
      })
      .from(weightEntries)
      .where(owned),
    db
      .select()
      .from(history)
      .where(gte(history.recordedAt, start))
      .orderBy(asc(history.recordedAt), asc(history.createdAt), asc(history.id)),
    db
      .execute(
        sql`select k.key as "key", count(*)::int as "count",
          (array_agg(v.value order by d.date asc))[1] as "first",
          (array_agg(v.value order by d.date desc))[1] as "current"
        from ${dailyMetrics} d
        cross join (values ('chest'), ('waist'), ('hips'), ('arm'), ('thigh')) as k(key)
        cross join lateral (select (d.measurements ->> k.key)::float8 as value
          where jsonb_typeof(d.measurements -> k.key) = 'number') v
        where d.client_id = ${trainee.clientId} and d.studio_id = ${scope.studioId}
          and d.measurements <> '{}'::jsonb
        group by k.key`,
      )
      .then((r) => resultRows<{ key: string; count: number; first: number; current: number }>(r)),
    db
      .select({ date: dailyMetrics.date, measurements: dailyMetrics.measurements, note: dailyMetrics.note })
      .from(dailyMetrics)
      .where(
        and(
          eq(dailyMetrics.clientId, trainee.clientId),
          eq(dailyMetrics.studioId, scope.studioId),
          gte(dailyMetrics.date, range.from),
          lte(dailyMetrics.date, range.to),
          sql`${dailyMetrics.measurements} <> '{}'::jsonb`,
        ),
      )
      .orderBy(sql`${dailyMetrics.date} desc`),
  ]);

  const count = totals?.count ?? 0;
  const startKg = totals?.firstKg ?? trainee.weightKg;
  const currentKg = totals?.latestKg ?? trainee.weightKg;
  const goalKg = trainee.goalWeightKg;
  const points = inRange.map((w) => {
    const recordedAt = new Date(w.recordedAt);
    return {
      id: w.id,
      date: dayKeyOf(recordedAt, trainee.zone),
      time: localTimeOf(recordedAt, trainee.zone),
      recordedAt: recordedAt.toISOString(),
      weightKg: w.weightKg,
      deltaKg: w.deltaKg === null ? null : round2(Number(w.deltaKg)),
      note: w.note,
      source: weightSourceOf(w.source),
    };
  });
  const tileByKey = new Map(tileRows.map((t) => [t.key, t]));
  const tiles = TILE_KEYS.map((key) => {
    const t = tileByKey.get(key);
    const first = t ? Number(t.first) : null;
    const current = t ? Number(t.current) : null;
    const delta = t && t.count >= 2 ? round2(Number(t.current) - Number(t.first)) : null;
    return { key, current, first, delta, improving: tileImproving(key, delta) };
  });

  return {
    range: input.range,
    from: range.from,
    to: range.to,
    startKg,
    currentKg,
    goalKg,
    deltaKg: count >= 2 && startKg !== null && currentKg !== null ? round2(currentKg - startKg) : null,
    goalProgress: goalProgress(startKg, currentKg, goalKg),
    weeklyRateKg: weeklyRateKg(
      inRange.map((w) => ({ recordedAt: new Date(w.recordedAt), weightKg: w.weightKg })),
    ),
    weighInEveryDays: weighInEveryDays(points.map((p) => p.date)),
    points,
    log: [...points].reverse(),
    history: measuredDays.flatMap((d) => {
      const measurements = readMeasurements(d.measurements);
      return hasMeasurements(measurements) ? [{ date: d.date, measurements, note: d.note }] : [];
    }),
    circumferences: { tiles },
  };
}
