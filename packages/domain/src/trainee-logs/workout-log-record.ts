import type { WorkoutEntry, WorkoutLogCreateInput, WorkoutLogRecord } from "@studio/contracts";
import type { workoutLogs } from "@studio/db";

export type WorkoutLogRow = typeof workoutLogs.$inferSelect;

/** The stored entries of a log input: every field present, defaults filled (done false, values null). */
export function storedEntries(entries: NonNullable<WorkoutLogCreateInput["entries"]>): WorkoutEntry[] {
  return entries.map((entry) => ({
    exerciseId: entry.exerciseId ?? null,
    name: entry.name,
    sets: (entry.sets ?? []).map((set) => ({
      done: set.done ?? false,
      weight: set.weight ?? null,
      reps: set.reps ?? null,
      targetReps: set.targetReps ?? null,
    })),
  }));
}

/** Document 2 workoutStatus: completed when completed, partial when at least one set is done, else null. */
export function workoutStatus(completed: boolean, entries: WorkoutEntry[]): WorkoutLogRecord["status"] {
  if (completed) return "completed";
  return entries.some((entry) => entry.sets.some((set) => set.done === true)) ? "partial" : null;
}

export function toWorkoutLog(row: WorkoutLogRow): WorkoutLogRecord {
  const entries = (row.entries ?? []) as WorkoutEntry[];
  return {
    id: row.id,
    programId: row.programId,
    dayId: row.dayId,
    label: row.label,
    performedOn: row.performedOn,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    completed: row.completed,
    status: workoutStatus(row.completed, entries),
    entries,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
