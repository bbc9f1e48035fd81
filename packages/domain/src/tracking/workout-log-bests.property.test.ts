import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entriesArbitrary } from "../../test/workout-log-bests-arbitrary";
import { exerciseBestsOf, findPersonalRecords, type WorkoutLogForRecords } from "./personal-records";
import { recordsInRange } from "./workout-view-rules";

// The coach views' record baseline read from the stored exercise bests (issue 30 item 2) must
// answer what the baseline computed from the same logs' entries answers. FC_SEED replays a run.

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
console.warn(`workout-log-bests.property: seed ${SEED} (replay with FC_SEED=${SEED})`);
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

/** Logs a day apart from 2026-01-01, oldest first. */
const logsArbitrary = fc.array(entriesArbitrary, { maxLength: 40 }).map((all) =>
  all.map((entries, i): WorkoutLogForRecords => ({
    id: `log-${i}`,
    performedOn: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    entries,
  })),
);

/** The bests as the column holds them: written as JSON, read back parsed. */
const stored = (log: WorkoutLogForRecords) => JSON.parse(JSON.stringify(exerciseBestsOf(log.entries)));

describe("stored exercise bests as the record baseline", () => {
  it("records after a baseline of stored bests equal records over the baseline logs' entries", () => {
    fc.assert(
      fc.property(logsArbitrary, fc.nat(), (logs, cut) => {
        const split = logs.length === 0 ? 0 : cut % (logs.length + 1);
        const checked = logs.slice(split);
        const ids = new Set(checked.map((l) => l.id));
        const fromEntries = findPersonalRecords(logs).filter((r) => ids.has(r.workoutLogId));
        expect(findPersonalRecords(checked, logs.slice(0, split).map(stored))).toEqual(fromEntries);
      }),
      runs(500),
    );
  });

  it("recordsInRange over window logs and the stored bests before them equals the same over every log's entries (the baseline limit included)", () => {
    fc.assert(
      fc.property(logsArbitrary, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 12 }), (logs, a, b, limit) => {
        // Logs before `windowStart` are read as stored bests, the rest with their entries; the
        // range starts at `rangeStart` (inside the window) and runs to the last log.
        const windowStart = logs.length === 0 ? 0 : a % (logs.length + 1);
        const rangeStart =
          windowStart + (logs.length === windowStart ? 0 : b % (logs.length - windowStart + 1));
        const range = {
          from: logs[rangeStart]?.performedOn ?? "2027-01-01",
          to: "2027-12-31",
        };
        const window = logs.slice(windowStart).map((row) => ({ row }));
        const everyLog = logs.map((row) => ({ row }));
        expect(recordsInRange(window, range, limit, logs.slice(0, windowStart).map(stored))).toEqual(
          recordsInRange(everyLog, range, limit),
        );
      }),
      runs(500),
    );
  });

  it("the stored form: exercise key to [weight or null, reps] of the best eligible set", () => {
    expect(
      exerciseBestsOf([
        {
          exerciseId: " ex-1 ",
          name: "Squat",
          sets: [
            { done: true, weight: 100, reps: 5 },
            { done: true, weight: 100, reps: 6 },
            { done: true, weight: 110, reps: 3, targetReps: 5 }, // under 80 % of the target
            { done: false, weight: 120, reps: 5 },
          ],
        },
        {
          name: "\u00a0Plank ",
          sets: [
            { done: true, reps: 60 },
            { done: true, weight: 0, reps: 90 },
          ],
        },
        { name: "Row", sets: [{ done: true, weight: "40", reps: "8" }] },
        { name: "  ", sets: [{ done: true, reps: 1 }] },
        { name: "Skipped", sets: [{ done: true, reps: 0 }] },
      ]),
    ).toEqual({ "id:ex-1": [100, 6], "name:Plank": [null, 90], "name:Row": [40, 8] });
    expect(exerciseBestsOf("not entries")).toEqual({});
  });
});
