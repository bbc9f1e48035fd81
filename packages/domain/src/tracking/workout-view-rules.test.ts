import { describe, expect, it } from "vitest";
import { lastWeeks } from "../time/day-keys";
import { bestDeltas } from "./get-client-workout";
import {
  readSession,
  topSetOf,
  durationSecOf,
  workoutStatusOf,
  doneExercises,
  type WorkoutLogRow,
} from "./workout-session";
import { expectedSessions, recordsInRange, spanKpis, stepsSourceOf, weekBuckets } from "./workout-view-rules";

let n = 0;
const log = (performedOn: string, entries: unknown, extra: Partial<WorkoutLogRow> = {}) =>
  readSession({
    id: `l${++n}`,
    performedOn,
    programId: null,
    dayId: null,
    label: null,
    completed: true,
    startedAt: null,
    finishedAt: null,
    entries,
    ...extra,
  });
const bench = (weight: unknown, reps: unknown, extra: Record<string, unknown> = {}) => [
  { exerciseId: "b", name: "Bench", sets: [{ done: true, weight, reps, ...extra }] },
];

describe("workout session reading", () => {
  it("reads only done sets; weight not above zero is null; numeric strings count; exercises without a done set are dropped", () => {
    expect(
      doneExercises([
        {
          name: "A",
          sets: [
            { done: true, weight: "20", reps: "5" },
            { done: false, weight: 9, reps: 9 },
            { done: true, weight: 0, reps: 3 },
          ],
        },
        { name: "B", sets: [{ done: false, weight: 1, reps: 1 }] },
        "junk",
      ]),
    ).toEqual([
      {
        key: "name:A",
        exerciseId: null,
        name: "A",
        sets: [
          { weight: 20, reps: 5, targetReps: null },
          { weight: null, reps: 3, targetReps: null },
        ],
      },
    ]);
  });

  it("status, volume (weight × reps over sets having both, rounded) and duration", () => {
    const s = log(
      "2026-03-01",
      [
        {
          name: "A",
          sets: [
            { done: true, weight: 62.5, reps: 3 },
            { done: true, reps: 10 },
          ],
        },
      ],
      {
        completed: false,
      },
    );
    expect([s.status, s.volume, s.rawVolume]).toEqual(["partial", 188, 187.5]);
    expect(workoutStatusOf(true, [])).toBe("completed");
    expect(workoutStatusOf(false, [])).toBeNull();
    expect(durationSecOf(new Date(0), new Date(90_400))).toBe(90);
    expect(durationSecOf(new Date(1000), new Date(1000))).toBeNull();
    expect(durationSecOf(null, new Date(1000))).toBeNull();
  });

  it("top set: heaviest, reps as the tie break, reps above zero (no target rule)", () => {
    expect(
      topSetOf([
        { weight: 50, reps: 5, targetReps: 10 },
        { weight: 60, reps: 0, targetReps: null },
        { weight: 50, reps: 6, targetReps: null },
        { weight: null, reps: 30, targetReps: null },
      ]),
    ).toEqual({ weight: 50, reps: 6 });
    expect(topSetOf([{ weight: 10, reps: null, targetReps: null }])).toBeNull();
  });

  it("deltas: kg when both bests are weighted, else reps", () => {
    expect(bestDeltas({ weight: 62.5, reps: 5 }, { weight: 60, reps: 8 })).toEqual({
      deltaKg: 2.5,
      deltaReps: null,
    });
    expect(bestDeltas({ weight: null, reps: 12 }, { weight: 5, reps: 8 })).toEqual({
      deltaKg: null,
      deltaReps: 4,
    });
    expect(bestDeltas({ weight: 5, reps: 1 }, null)).toEqual({ deltaKg: null, deltaReps: null });
  });
});

describe("workouts view rules", () => {
  it("records in a range: baseline from earlier logs, capped; the first session never counts; records before the range are not listed", () => {
    const logs = [
      log("2026-01-01", bench(100, 5)),
      log("2026-01-02", bench(80, 5)),
      log("2026-01-03", bench(85, 5)), // a record, before the range
      log("2026-03-05", bench(90, 5)),
    ];
    const range = { from: "2026-03-01", to: "2026-03-10" };
    expect(recordsInRange(logs, range)).toEqual([]);
    expect(recordsInRange(logs, range, 2).map((r) => r.value)).toEqual(["90 kg × 5"]);
    expect(recordsInRange(logs, range, 0)).toEqual([]); // no baseline: first session
    expect(recordsInRange([log("2026-03-02", bench(50, 5, { targetReps: 10 }))], range)).toEqual([]);
  });

  it("eight Sunday–Saturday weeks oldest first; buckets count sessions, completed and volume", () => {
    const weeks = lastWeeks(new Date("2026-03-10T10:00:00Z"), "Asia/Jerusalem", 8);
    expect(weeks[0]).toEqual({ from: "2026-01-18", to: "2026-01-24" });
    expect(weeks[7]).toEqual({ from: "2026-03-08", to: "2026-03-14" });
    const buckets = weekBuckets(weeks, [
      log("2026-03-08", bench(10, 1)),
      log("2026-03-14", bench(10.4, 1), { completed: false }),
      log("2026-03-15", bench(10, 1)),
      log("2026-03-09", [], { completed: false }),
    ]);
    expect(buckets[7]).toEqual({
      from: "2026-03-08",
      to: "2026-03-14",
      sessions: 2,
      completed: 1,
      volume: 20,
    });
  });

  it("kpis: expected rounded, null without a target; averages over completed sessions with a positive duration", () => {
    expect(expectedSessions(3, 30)).toBe(13);
    expect(expectedSessions(4, 7)).toBe(4);
    expect(expectedSessions(null, 7)).toBeNull();
    const at = (ms: number) => new Date(ms);
    const k = spanKpis(
      [
        log("2026-03-01", [], { startedAt: at(0), finishedAt: at(60_000) }),
        log("2026-03-02", [], { startedAt: at(0), finishedAt: at(0) }),
        log("2026-03-03", bench(1, 1), { completed: false, startedAt: at(0), finishedAt: at(999_000) }),
      ],
      { from: "2026-03-01", to: "2026-03-07" },
      2,
      4,
    );
    expect(k).toEqual({
      sessions: 3,
      completed: 2,
      expected: 2,
      totalVolume: 1,
      averageDurationSec: 60,
      personalRecords: 4,
    });
  });

  it("steps source by platform", () => {
    expect(stepsSourceOf("ios")).toBe("appleHealth");
    expect(stepsSourceOf("android")).toBe("healthConnect");
    expect(stepsSourceOf("web")).toBeNull();
    expect(stepsSourceOf(undefined)).toBeNull();
  });
});
