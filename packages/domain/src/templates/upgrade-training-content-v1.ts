import { PLAN_CONTENT_LIMITS } from "@studio/contracts";
import { asRecord, field, isRecord, readNumber, recordsOf, type UnknownRecord } from "./plan-values";

const L = PLAN_CONTENT_LIMITS;
const AEROBIC_ENTRIES_READ = 50;

/** A day's version 1 aerobic minutes: the sum of its entries' minutes (a bare number counts too). */
function aerobicMinutesOf(aerobic: unknown): number {
  if (!Array.isArray(aerobic)) return 0;
  let total = 0;
  for (const entry of aerobic.slice(0, AEROBIC_ENTRIES_READ)) {
    const minutes = readNumber(isRecord(entry) ? field(entry, "minutes") : entry);
    if (minutes !== undefined && minutes > 0) total += minutes;
  }
  return Math.min(Math.round(total), L.dayCardioMinutes);
}

/**
 * Document 2 "Version 1 content (with an aerobic array per day) is upgraded on read; the
 * minutes become the cardio requirement. No stored migration." Returns builder content of
 * schemaVersion 2 for the normalizer (which then fills and bounds it):
 * - no day has aerobic minutes: the content as it is, marked version 2;
 * - otherwise meta.requirement becomes {mode cardioOnly, scope perWorkout, cardioMinutes: the
 *   most common positive day total (the first one on a tie), stepsDaily 0} (version 1 had no
 *   steps goal), and every day with minutes gets them as its own cardioMinutes (the
 *   normalizer blanks those equal to the plan value). A day without aerobic minutes cannot say
 *   "zero" in version 2 (blank inherits the plan value); it inherits.
 */
export function upgradeTrainingContentV1(raw: unknown): UnknownRecord {
  const root = asRecord(raw);
  const days = recordsOf(field(root, "days"), L.days);
  const totals = days.map((day) => aerobicMinutesOf(field(day, "aerobic")));
  const positive = totals.filter((minutes) => minutes > 0);
  const base: UnknownRecord = { meta: field(root, "meta"), days };
  if (positive.length === 0) return { schemaVersion: 2, ...base };

  const counts = new Map<number, number>();
  for (const minutes of positive) counts.set(minutes, (counts.get(minutes) ?? 0) + 1);
  let planMinutes = positive[0] ?? 0;
  for (const minutes of positive)
    if ((counts.get(minutes) ?? 0) > (counts.get(planMinutes) ?? 0)) planMinutes = minutes;

  return {
    schemaVersion: 2,
    meta: {
      ...asRecord(field(root, "meta")),
      requirement: { mode: "cardioOnly", scope: "perWorkout", cardioMinutes: planMinutes, stepsDaily: 0 },
    },
    days: days.map((day, index) => {
      const minutes = totals[index] ?? 0;
      return minutes > 0 ? { ...day, cardioMinutes: minutes } : day;
    }),
  };
}
