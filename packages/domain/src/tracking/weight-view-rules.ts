import type { TILE_KEYS } from "@studio/contracts";
import { daysBetween } from "../time/zoned-time";
import { round2 } from "./tracking-history";

const DAY_MS = 86_400_000;

/**
 * weeklyRateKg (document 2 "Weight view"): the change between the first and the last point in
 * range scaled to seven days; null with fewer than two points or when they are under a day apart.
 */
export function weeklyRateKg(points: readonly { recordedAt: Date; weightKg: number }[]): number | null {
  if (points.length < 2) return null;
  const first = points[0]!;
  const last = points.at(-1)!;
  const ms = last.recordedAt.getTime() - first.recordedAt.getTime();
  if (ms < DAY_MS) return null;
  return round2(((last.weightKg - first.weightKg) / ms) * DAY_MS * 7);
}

/**
 * weighInEveryDays (document 2): the span in days between the first and the last point's local
 * days divided by the number of gaps, one decimal; null with fewer than two points.
 */
export function weighInEveryDays(dates: readonly string[]): number | null {
  if (dates.length < 2) return null;
  return Math.round((daysBetween(dates[0]!, dates.at(-1)!) / (dates.length - 1)) * 10) / 10;
}

/**
 * A circumference tile's improving flag (document 2): true when the value moved the wanted way
 * (up for arm, down for the rest), false the other way; null under two values or a zero delta.
 */
export function tileImproving(key: (typeof TILE_KEYS)[number], delta: number | null): boolean | null {
  if (delta === null || delta === 0) return null;
  return key === "arm" ? delta > 0 : delta < 0;
}
