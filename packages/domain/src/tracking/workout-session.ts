// One workout log as the coach views read it (document 2 "Computation rules": only sets with
// done true are read; workoutStatus; volume). Pure: no database, no clock.
import type { WorkoutStatus } from "@studio/contracts";
import { exerciseKey, numberOf, type BestSet } from "./personal-records";

/** A done set's values; weight is null when missing or not above zero. */
export interface DoneSet {
  weight: number | null;
  reps: number | null;
  targetReps: number | null;
}

/** An exercise of a log with its done sets (exercises without a done set are dropped). */
export interface SessionExercise {
  key: string;
  exerciseId: string | null;
  name: string;
  sets: DoneSet[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The exercises of a log's entries with at least one done set, in entry order. */
export function doneExercises(entries: unknown): SessionExercise[] {
  const out: SessionExercise[] = [];
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (!isObject(entry)) continue;
    const exerciseId =
      typeof entry.exerciseId === "string" && entry.exerciseId.trim() ? entry.exerciseId.trim() : null;
    const name = typeof entry.name === "string" ? entry.name.trim() : "";
    const sets: DoneSet[] = [];
    for (const set of Array.isArray(entry.sets) ? entry.sets : []) {
      if (!isObject(set) || set.done !== true) continue;
      const weight = numberOf(set.weight);
      sets.push({
        weight: weight !== null && weight > 0 ? weight : null,
        reps: numberOf(set.reps),
        targetReps: numberOf(set.targetReps),
      });
    }
    if (sets.length > 0) out.push({ key: exerciseKey(exerciseId, name), exerciseId, name, sets });
  }
  return out;
}

/** Unrounded volume: weight times reps over done sets having both. */
export const rawVolumeOf = (exercises: readonly SessionExercise[]): number =>
  exercises.reduce(
    (sum, e) =>
      sum +
      e.sets.reduce(
        (s, set) => (set.weight !== null && set.reps !== null ? s + set.weight * set.reps : s),
        0,
      ),
    0,
  );

/** workoutStatus: completed when completed, partial with at least one done set, else null (an abandoned start). */
export function workoutStatusOf(
  completed: boolean,
  exercises: readonly SessionExercise[],
): WorkoutStatus | null {
  if (completed) return "completed";
  return exercises.length > 0 ? "partial" : null;
}

/** finishedAt minus startedAt in whole seconds; null without both or when not positive. */
export function durationSecOf(startedAt: Date | null, finishedAt: Date | null): number | null {
  if (!startedAt || !finishedAt) return null;
  const seconds = Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000);
  return seconds > 0 ? seconds : null;
}

/** The top set (workout detail): heaviest, reps as the tie break, among done sets with reps above zero. */
export function topSetOf(sets: readonly DoneSet[]): BestSet | null {
  let best: BestSet | null = null;
  for (const set of sets) {
    if (set.reps === null || set.reps <= 0) continue;
    const candidate = { weight: set.weight, reps: set.reps };
    if (
      !best ||
      (candidate.weight ?? 0) > (best.weight ?? 0) ||
      ((candidate.weight ?? 0) === (best.weight ?? 0) && candidate.reps > best.reps)
    )
      best = candidate;
  }
  return best;
}

/** A log row with what the views read of it. */
export interface WorkoutLogRow {
  id: string;
  performedOn: string;
  programId: string | null;
  dayId: string | null;
  label: string | null;
  completed: boolean;
  startedAt: Date | null;
  finishedAt: Date | null;
  entries: unknown;
}

/** A log read once: its done exercises, status, volume and duration. */
export interface ReadSession {
  row: WorkoutLogRow;
  exercises: SessionExercise[];
  status: WorkoutStatus | null;
  rawVolume: number;
  volume: number;
  durationSec: number | null;
}

export function readSession(row: WorkoutLogRow): ReadSession {
  const exercises = doneExercises(row.entries);
  const rawVolume = rawVolumeOf(exercises);
  return {
    row,
    exercises,
    status: workoutStatusOf(row.completed, exercises),
    rawVolume,
    volume: Math.round(rawVolume),
    durationSec: durationSecOf(row.startedAt, row.finishedAt),
  };
}
