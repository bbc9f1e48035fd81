import type { PersonalRecord } from "@studio/contracts";
import type { ExerciseBests } from "@studio/db";

export type { ExerciseBests };

/** A workout log as record detection reads it (entries: [{exerciseId, name, sets: [{done, weight, reps, targetReps}]}]). */
export interface WorkoutLogForRecords {
  id: string;
  performedOn: string;
  entries: unknown;
}

/** The best set of an exercise in one session. */
export interface BestSet {
  /** null when the set carries no weight (missing or not above zero). */
  weight: number | null;
  reps: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A finite number, or a numeric string the app may send; anything else is null. */
export function numberOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * Record eligibility (document 2 "Computation rules"): a done set needs reps above zero; a set
 * with no weight or no target reps counts; a weighted set with a target counts only when its
 * reps reached at least 80 percent of the target.
 */
function eligibleSet(set: unknown): BestSet | null {
  if (!isRecord(set) || set.done !== true) return null;
  const reps = numberOf(set.reps);
  if (reps === null || reps <= 0) return null;
  const rawWeight = numberOf(set.weight);
  const weight = rawWeight !== null && rawWeight > 0 ? rawWeight : null;
  const target = numberOf(set.targetReps);
  if (weight !== null && target !== null && target > 0 && reps < 0.8 * target) return null;
  return { weight, reps };
}

/** Heaviest eligible set, reps as the tie break (document 2 "Best set"). */
const better = (a: BestSet, b: BestSet): BestSet =>
  (a.weight ?? 0) !== (b.weight ?? 0)
    ? (a.weight ?? 0) > (b.weight ?? 0)
      ? a
      : b
    : a.reps >= b.reps
      ? a
      : b;

/** A new best beats the record: by strictly more weight when either carries weight, else by more reps. */
export function beatsRecord(candidate: BestSet, record: BestSet): boolean {
  if (candidate.weight !== null || record.weight !== null)
    return (candidate.weight ?? 0) > (record.weight ?? 0);
  return candidate.reps > record.reps;
}

const formatNumber = (n: number) => String(Math.round(n * 100) / 100);

/** The record's display string: "100 kg × 5", or "12 reps" without weight. */
export const recordDisplay = (best: BestSet): string =>
  best.weight !== null
    ? `${formatNumber(best.weight)} kg × ${formatNumber(best.reps)}`
    : `${formatNumber(best.reps)} reps`;

interface ExerciseBest {
  key: string;
  exerciseId: string | null;
  name: string;
  best: BestSet;
}

/** Exercises match on exercise id, else on name (document 2 "Computation rules"). */
export const exerciseKey = (exerciseId: string | null, name: string): string =>
  exerciseId ? `id:${exerciseId}` : `name:${name}`;

/**
 * Each log's bests by its entries value: a view runs record detection more than once over the
 * same parsed logs (the range and the previous span, issue 30); read-only once built.
 */
const bestsOfEntries = new WeakMap<object, readonly ExerciseBest[]>();

/** Each exercise's best eligible set of one session (computed once per entries value). */
function sessionBests(entries: unknown): readonly ExerciseBest[] {
  if (typeof entries !== "object" || entries === null) return computeSessionBests(entries);
  let bests = bestsOfEntries.get(entries);
  if (!bests) bestsOfEntries.set(entries, (bests = computeSessionBests(entries)));
  return bests;
}

/** Each exercise's best eligible set of one session; exercises match on exercise id, else on name. */
function computeSessionBests(entries: unknown): ExerciseBest[] {
  const byKey = new Map<string, ExerciseBest>();
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (!isRecord(entry)) continue;
    const exerciseId =
      typeof entry.exerciseId === "string" && entry.exerciseId.trim() ? entry.exerciseId.trim() : null;
    const name = typeof entry.name === "string" ? entry.name.trim() : "";
    if (!exerciseId && !name) continue;
    const key = exerciseKey(exerciseId, name);
    for (const set of Array.isArray(entry.sets) ? entry.sets : []) {
      const eligible = eligibleSet(set);
      if (!eligible) continue;
      const found = byKey.get(key);
      if (found) found.best = better(found.best, eligible);
      else byKey.set(key, { key, exerciseId, name, best: eligible });
    }
  }
  return [...byKey.values()];
}

/**
 * The bests a log stores when written (workout_logs.exercise_bests, issue 30 item 2): each
 * exercise's best eligible set by exercise key, as record detection computes it from the entries
 * (`sessionBests`), so a baseline read from the column equals one computed from the entries.
 */
export function exerciseBestsOf(entries: unknown): ExerciseBests {
  const bests: ExerciseBests = {};
  for (const { key, best } of sessionBests(entries)) bests[key] = [best.weight, best.reps];
  return bests;
}

/**
 * The personal records set across sessions, oldest first: a session's best set of an exercise
 * is a record when it beats the best of every earlier session (of `baselineOldestFirst`, the
 * stored bests of sessions before the list, then of the list); the first session of an exercise
 * never counts (it only sets the baseline).
 */
export function findPersonalRecords(
  logsOldestFirst: readonly WorkoutLogForRecords[],
  baselineOldestFirst: readonly ExerciseBests[] = [],
): PersonalRecord[] {
  const baseline = new Map<string, BestSet>();
  // The record per exercise after each session: its best unless that does not beat the record.
  const raise = (key: string, best: BestSet, record: BestSet | undefined) =>
    baseline.set(key, record && !beatsRecord(best, record) ? record : best);
  for (const bests of baselineOldestFirst) {
    for (const key of Object.keys(bests)) {
      const [weight, reps] = bests[key]!;
      raise(key, { weight, reps }, baseline.get(key));
    }
  }
  const records: PersonalRecord[] = [];
  for (const log of logsOldestFirst) {
    for (const { key, exerciseId, name, best } of sessionBests(log.entries)) {
      const record = baseline.get(key);
      if (record && beatsRecord(best, record)) {
        records.push({
          exerciseId,
          name,
          value: recordDisplay(best),
          weight: best.weight,
          reps: best.reps,
          date: log.performedOn,
          workoutLogId: log.id,
        });
      }
      raise(key, best, record);
    }
  }
  return records;
}
