import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, migrationsFolder, studios, workoutLogs, type DatabaseHandle } from "@studio/db";
import { pgliteTemplate } from "@studio/db/test-support/pglite-template";
import { entriesArbitrary, numericEntriesArbitrary } from "../../test/workout-log-bests-arbitrary";
import { fillWorkoutLogBests } from "./fill-workout-log-bests";
import { exerciseBestsOf } from "./personal-records";

// workout_logs.exercise_bests (issue 30 item 2): migration 0021's SQL backfill computes what the
// TypeScript function every write uses computes, or leaves NULL where it cannot be exact; the
// backfill path fills what it left. FC_SEED replays a run.

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
console.warn(`workout-log-bests.db: seed ${SEED} (replay with FC_SEED=${SEED})`);

/** Migration 0021's statements after the column (create the function, backfill, drop it). */
const backfill = readFileSync(path.join(migrationsFolder, "0021_workout-log-bests.sql"), "utf8")
  .split("--> statement-breakpoint")
  .slice(1);

let handle: DatabaseHandle;
let studioId: string;
let clientId: string;
beforeAll(async () => {
  handle = await pgliteTemplate().fresh();
  const [studio] = await handle.db.insert(studios).values({ name: "S", slug: "s" }).returning();
  studioId = studio!.id;
  const [client] = await handle.db
    .insert(clients)
    .values({ studioId, firstName: "Maya", phone: "+972501234567" })
    .returning();
  clientId = client!.id;
}, 60_000);
afterAll(async () => handle?.close());

/** Rows of these entries without stored bests (as migration 0021 finds them). */
async function insertRows(all: unknown[]) {
  await handle.db.delete(workoutLogs);
  if (all.length === 0) return [];
  return handle.db
    .insert(workoutLogs)
    .values(
      all.map((entries) => ({ studioId, clientId, performedOn: "2026-03-01", entries, exerciseBests: null })),
    )
    .returning({ id: workoutLogs.id });
}

const storedRows = () =>
  handle.db.select({ entries: workoutLogs.entries, bests: workoutLogs.exerciseBests }).from(workoutLogs);

/** Migration 0021's backfill as written, on the rows there are. */
async function runBackfill() {
  for (const statement of backfill) await handle.db.execute(sql.raw(statement));
}

/** A done set of a matched exercise carries a string where record detection reads a number. */
const hasStringNumber = (entries: unknown) =>
  Array.isArray(entries) &&
  entries.some(
    (e) =>
      typeof e === "object" &&
      e !== null &&
      Array.isArray(e.sets) &&
      e.sets.some(
        (s: any) =>
          typeof s === "object" &&
          s !== null &&
          s.done === true &&
          [s.weight, s.reps, s.targetReps].some((v) => typeof v === "string"),
      ),
  );

describe("migration 0021: exercise_bests backfilled in SQL", () => {
  it("equals exerciseBestsOf(entries) for every row whose done sets carry numbers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(numericEntriesArbitrary, { minLength: 1, maxLength: 40 }), async (all) => {
        await insertRows(all);
        await runBackfill();
        for (const row of await storedRows()) expect(row.bests).toEqual(exerciseBestsOf(row.entries));
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it("leaves NULL only a row with a number sent as a string (the views compute it from its entries)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entriesArbitrary, { minLength: 1, maxLength: 40 }), async (all) => {
        await insertRows(all);
        await runBackfill();
        for (const row of await storedRows()) {
          if (row.bests === null) expect(hasStringNumber(row.entries)).toBe(true);
          else expect(row.bests).toEqual(exerciseBestsOf(row.entries));
        }
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it("fixed cases: trimming as JavaScript trims, the target rule, ties, numbers float8 cannot hold as JavaScript does", async () => {
    const cases: unknown[] = [
      [
        { exerciseId: "\u3000ex-1\ufeff", name: "Squat", sets: [{ done: true, weight: 100, reps: 5 }] },
        { exerciseId: "ex-1", name: "Other", sets: [{ done: true, weight: 100.0, reps: 7 }] },
        {
          name: "\u00a0Plank\u2029",
          sets: [
            { done: true, reps: 60 },
            { done: true, weight: 0, reps: 90 },
          ],
        },
        {
          name: "Row",
          sets: [
            { done: true, weight: 50, reps: 7, targetReps: 9 },
            { done: true, weight: 40, reps: 8, targetReps: 10 },
          ],
        },
        {
          name: "Dip",
          sets: [
            { done: true, weight: 0.1 + 0.2, reps: 8 },
            { done: true, weight: 0.3, reps: 9 },
          ],
        },
      ],
      [{ name: "Tiny", sets: [{ done: true, weight: 1e-320, reps: 1 }] }],
      [{ name: "Odd", sets: [{ done: true, weight: " 60 ", reps: 5 }] }],
      { not: "an array" },
      [],
    ];
    const ids = (await insertRows(cases)).map((r) => r.id);
    await runBackfill();
    const byId = new Map((await handle.db.select().from(workoutLogs)).map((r) => [r.id, r.exerciseBests]));
    const bestsOf = (entries: unknown) => byId.get(ids[cases.indexOf(entries)]!);
    expect(bestsOf(cases[0])).toEqual({
      "id:ex-1": [100, 7],
      "name:Plank": [null, 90],
      "name:Row": [40, 8],
      "name:Dip": [0.1 + 0.2, 8],
    });
    expect(bestsOf(cases[0])).toEqual(exerciseBestsOf(cases[0]));
    expect(bestsOf(cases[1])).toBeNull(); // subnormal: outside what the SQL reads exactly
    expect(bestsOf(cases[2])).toBeNull(); // a string: Number()'s rules
    expect(bestsOf(cases[3])).toEqual({});
    expect(bestsOf(cases[4])).toEqual({});
  });
});

describe("fillWorkoutLogBests", () => {
  it("stores the bests of every row without them, in batches, and leaves stored ones alone", async () => {
    const rows = await insertRows([
      [{ name: "Odd", sets: [{ done: true, weight: " 60 ", reps: "5" }] }],
      [{ name: "Row", sets: [{ done: true, weight: 40, reps: 8 }] }],
      [{ name: "Dip", sets: [{ done: true, reps: 12 }] }],
    ]);
    await handle.db
      .update(workoutLogs)
      .set({ exerciseBests: { "name:Row": [1, 1] } })
      .where(eq(workoutLogs.id, rows[1]!.id));
    expect(await fillWorkoutLogBests(handle.db, { limit: 1 })).toEqual({ filled: 1 });
    expect(await fillWorkoutLogBests(handle.db, { limit: 10 })).toEqual({ filled: 1 });
    expect(await fillWorkoutLogBests(handle.db, { limit: 10 })).toEqual({ filled: 0 });
    expect(await handle.db.select().from(workoutLogs).where(isNull(workoutLogs.exerciseBests))).toEqual([]);
    const bests = new Map((await handle.db.select().from(workoutLogs)).map((r) => [r.id, r.exerciseBests]));
    expect(bests.get(rows[0]!.id)).toEqual({ "name:Odd": [60, 5] });
    expect(bests.get(rows[1]!.id)).toEqual({ "name:Row": [1, 1] });
    expect(bests.get(rows[2]!.id)).toEqual({ "name:Dip": [null, 12] });
  });
});
