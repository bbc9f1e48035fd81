import { and, eq, gte, lte, sql } from "drizzle-orm";
import { TILE_KEYS, TRACKING_RANGE_DAYS, type TrackingRangeQuery, type WeightView } from "@studio/contracts";
import { dailyMetrics, weightEntries, type Db, resultRows } from "@studio/db";
import type { StudioScope } from "../scope";
import { instantsOf, lastDays } from "../time/day-keys";
import { localParts } from "../time/zoned-time";
import { hasMeasurements, readMeasurements } from "./daily-metric-record";
import { goalProgress } from "./get-measurement-summary";
import { loadTrackedTrainee } from "./tracked-trainee";
import { round2 } from "./tracking-history";
import { loadWeighInTotals } from "./weigh-in-totals";
import { tileImproving, weeklyRateKg, weighInEveryDays } from "./weight-view-rules";
import { weightSourceOf } from "./weight-source";

/**
 * `GET /v1/web/clients/:id/tracking/weight` (document 2 "Weight view"). Four statements after
 * the trainee: the weigh-in totals over full history (first, latest, count), the weigh-ins in
 * range with their delta against the previous weigh-in (lag() in SQL over the range and the
 * weigh-in before it), the
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
  const { clientId } = trainee;
  const studioId = scope.studioId;
  const owned = sql`client_id = ${clientId} and studio_id = ${studioId}`;
  const columns = sql`id, weight_kg, recorded_at, created_at, note, source`;

  const [totals, inRange, tileRows, measuredDays] = await Promise.all([
    loadWeighInTotals(db, studioId, clientId),
    // The range's weigh-ins with their delta against the previous weigh-in over full history:
    // lag() over the range plus the one weigh-in before it (the previous of the range's first),
    // instead of over every weigh-in before the range's end (issue 30).
    db
      .execute(
        sql`select id, weight_kg as "weightKg", recorded_at as "recordedAt", note, source,
          weight_kg - lag(weight_kg) over (order by recorded_at, created_at, id) as "deltaKg"
        from (
          (select ${columns} from ${weightEntries} where ${owned} and recorded_at < ${start.toISOString()}::timestamptz
            order by recorded_at desc, created_at desc, id desc limit 1)
          union all
          select ${columns} from ${weightEntries} where ${owned}
            and recorded_at >= ${start.toISOString()}::timestamptz and recorded_at < ${end.toISOString()}::timestamptz
        ) w
        order by recorded_at, created_at, id`,
      )
      .then((r) =>
        resultRows<{
          id: string;
          weightKg: number;
          recordedAt: string;
          note: string | null;
          source: string;
          deltaKg: number | null;
        }>(r).flatMap((w) => {
          const recordedAt = weightEntries.recordedAt.mapFromDriverValue(w.recordedAt) as Date;
          return recordedAt.getTime() >= start.getTime() ? [{ ...w, recordedAt }] : [];
        }),
      ),
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

  const count = totals.count;
  const startKg = totals.firstKg ?? trainee.weightKg;
  const currentKg = totals.latestKg ?? trainee.weightKg;
  const goalKg = trainee.goalWeightKg;
  const points = inRange.map((w) => {
    const { recordedAt } = w;
    // One zone conversion for the day and the time (Intl's formatToParts, issue 30).
    const local = localParts(recordedAt, trainee.zone);
    return {
      id: w.id,
      date: local.date,
      time: local.time,
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
    weeklyRateKg: weeklyRateKg(inRange.map((w) => ({ recordedAt: w.recordedAt, weightKg: w.weightKg }))),
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
