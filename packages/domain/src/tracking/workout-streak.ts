import { addDays } from "../time/zoned-time";

/**
 * Workout streaks over the local days holding a workout (document 3 progress): current counts
 * back from today, or from yesterday when today has none; best is the longest run of
 * consecutive days. Days after today are ignored.
 */
export function workoutStreak(
  workoutDays: Iterable<string>,
  today: string,
): { current: number; best: number } {
  const days = new Set([...workoutDays].filter((d) => d <= today));
  let current = 0;
  for (let day = days.has(today) ? today : addDays(today, -1); days.has(day); day = addDays(day, -1))
    current += 1;
  let best = 0;
  for (const day of days) {
    if (days.has(addDays(day, -1))) continue; // not the first day of a run
    let length = 0;
    for (let d = day; days.has(d); d = addDays(d, 1)) length += 1;
    best = Math.max(best, length);
  }
  return { current, best };
}
