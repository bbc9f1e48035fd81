import { TILE_KEYS, TRACKING_LIMITS, type MeasurementSummary } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { dayKeyOf, inRange, lastDays, localTimeOf } from "../time/day-keys";
import { downsampleEvenly } from "./downsample-evenly";
import { loadTraineeDay } from "./trainee-day";
import { loadMeasurementDays, loadWeighIns, round2 } from "./tracking-history";
import { APP_WEIGHT_SOURCE, isAppWeighIn, weightSourceOf } from "./weight-source";

const L = TRACKING_LIMITS;

/**
 * Goal progress (document 3 "Measurement summary detail", document 2 "Weight view"): the percent
 * of the way from the start weight to the goal, (start - current) / (start - goal), rounded and
 * clamped 0 to 100; direction lose when the goal is below the start, else gain; both null when
 * a weight is missing or start equals goal.
 */
export function goalProgress(
  startKg: number | null,
  currentKg: number | null,
  goalKg: number | null,
): MeasurementSummary["goalProgress"] {
  if (startKg === null || currentKg === null || goalKg === null || startKg === goalKg) {
    return { pct: null, direction: null };
  }
  const pct = Math.round(((startKg - currentKg) / (startKg - goalKg)) * 100);
  return { pct: Math.min(100, Math.max(0, pct)), direction: goalKg < startKg ? "lose" : "gain" };
}

type LogRow = MeasurementSummary["log"][number] & { sortAt: number };

/**
 * `GET /v1/trainee/measurements/summary` (document 3 "Measurement summary detail"): headline
 * weights, goal progress, the weight chart, the five circumference tiles and the merged day
 * log. Days are local days of the trainee zone.
 */
export async function getMeasurementSummary(db: Db, scope: TraineeScope): Promise<MeasurementSummary> {
  const day = await loadTraineeDay(db, scope);
  const [weighIns, measurementDays] = await Promise.all([
    loadWeighIns(db, scope, day.clientId),
    loadMeasurementDays(db, scope, day.clientId),
  ]);
  const startKg = weighIns[0]?.weightKg ?? day.weightKg;
  const currentKg = weighIns.at(-1)?.weightKg ?? day.weightKg;
  const goalKg = day.goalWeightKg;

  // Chart: the weigh-ins of the last 90 local days, or all of them when fewer than two fall there.
  const points = weighIns.map((w) => ({
    date: dayKeyOf(w.recordedAt, day.zone),
    recordedAt: w.recordedAt.toISOString(),
    weightKg: w.weightKg,
  }));
  const window = lastDays(scope.now, day.zone, L.chartWindowDays);
  const recent = points.filter((p) => inRange(p.date, window));
  const chart = downsampleEvenly(recent.length >= 2 ? recent : points, L.chartPoints);

  const tiles = TILE_KEYS.map((key) => {
    const values = measurementDays.flatMap((m) => (m.values[key] !== undefined ? [m.values[key]] : []));
    const first = values[0] ?? null;
    const current = values.at(-1) ?? null;
    return {
      key,
      current,
      first,
      delta: values.length >= 2 && first !== null && current !== null ? round2(current - first) : null,
    };
  });

  // Day log: each weigh-in a row; a day's measurements ride on its last weigh-in; a day with
  // measurements and no weigh-in gets a row of its own (weightEntryId null).
  const measurementsByDate = new Map(measurementDays.map((m) => [m.date, m]));
  const lastWeighInOfDay = new Map<string, string>();
  for (const w of weighIns) lastWeighInOfDay.set(dayKeyOf(w.recordedAt, day.zone), w.id); // oldest first
  const rows: LogRow[] = weighIns.map((w) => {
    const date = dayKeyOf(w.recordedAt, day.zone);
    const measured = lastWeighInOfDay.get(date) === w.id ? measurementsByDate.get(date) : undefined;
    return {
      date,
      time: localTimeOf(w.recordedAt, day.zone),
      weightEntryId: w.id,
      weightKg: w.weightKg,
      note: w.note,
      source: weightSourceOf(w.source),
      editable: isAppWeighIn(w.source),
      measurements: measured?.values ?? null,
      sortAt: w.recordedAt.getTime(),
    };
  });
  for (const m of measurementDays) {
    if (lastWeighInOfDay.has(m.date)) continue;
    rows.push({
      date: m.date,
      time: localTimeOf(m.updatedAt, day.zone),
      weightEntryId: null,
      weightKg: null,
      note: m.note,
      source: APP_WEIGHT_SOURCE,
      editable: false,
      measurements: m.values,
      sortAt: m.updatedAt.getTime(),
    });
  }
  rows.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : b.sortAt - a.sortAt));

  return {
    weights: {
      startKg,
      currentKg,
      goalKg,
      changeKg: startKg !== null && currentKg !== null ? round2(currentKg - startKg) : null,
    },
    count: weighIns.length + measurementDays.length,
    goalProgress: goalProgress(startKg, currentKg, goalKg),
    chart,
    tiles,
    log: rows.slice(0, L.summaryLogRows).map(({ sortAt: _sortAt, ...row }) => row),
  };
}
