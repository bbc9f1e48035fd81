import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { eq, sql } from "drizzle-orm";
import { clients, programs, studios, workoutLogs } from "@studio/db";
import { exerciseBestsOf } from "@studio/domain";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { withoutRequestId } from "./support/team-fixtures";
import {
  addCoach,
  atClock,
  insertDevice,
  insertLog,
  insertLogs,
  insertPlan,
  insertSteps,
  viewTrainee,
  type LogFields,
  type ViewTrainee,
} from "./support/workout-view-fixtures";
import { addClient } from "./support/team-fixtures";

// Tuesday 2026-03-10, 12:00 in Jerusalem. Weeks (Sunday–Saturday): the current one is
// 2026-03-08..03-14, the eighth back starts 2026-01-18. 7d = 03-04..03-10 (previous 02-25..03-03),
// 30d = 02-09..03-10 (previous 01-10..02-08), 3m = 2025-12-11..03-10.
const START = Date.parse("2026-03-10T10:00:00Z");
let t: TestApp;
let w: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(START) });
  w = atClock(t, () => START);
});
afterAll(async () => t?.close());

const path = (s: { clientId: string }, range?: string) =>
  `/v1/web/clients/${s.clientId}/tracking/workouts${range ? `?range=${range}` : ""}`;
const view = async (s: ViewTrainee, range?: string) => {
  const res = await w.web("GET", path(s, range), s.owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const fresh = (fields: Partial<typeof clients.$inferInsert> = {}) => viewTrainee(w, newOwner(), fields);
const bench = (weight: number | null, reps: number, extra: Record<string, unknown> = {}) => ({
  name: "Bench",
  exerciseId: "ex-bench",
  sets: [{ weight, reps, ...extra }],
});
const on = (performedOn: string, extra: Partial<LogFields> = {}): LogFields => ({ performedOn, ...extra });

describe("GET /v1/web/clients/{id}/tracking/workouts", () => {
  it("an empty trainee: eight empty weeks, no sessions, 30d by default, steps strip of seven null days, previous null", async () => {
    const s = await fresh();
    const v = await view(s);
    expect(v).toMatchObject({
      range: "30d",
      from: "2026-02-09",
      to: "2026-03-10",
      filePlan: false,
      weeklyTarget: null,
      logs: [],
      volume: [],
      personalRecords: [],
      steps: { goal: null, source: null },
      kpis: {
        sessions: 0,
        completed: 0,
        expected: null,
        totalVolume: 0,
        averageDurationSec: null,
        personalRecords: 0,
      },
      previous: null,
    });
    expect(v.weeks).toHaveLength(8);
    expect(v.weeks[0]).toEqual({
      from: "2026-01-18",
      to: "2026-01-24",
      sessions: 0,
      completed: 0,
      volume: 0,
    });
    expect(v.weeks[7]).toEqual({
      from: "2026-03-08",
      to: "2026-03-14",
      sessions: 0,
      completed: 0,
      volume: 0,
    });
    expect(v.steps.days.map((d: any) => d.date)).toEqual([
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
    ]);
    expect(v.steps.days.every((d: any) => d.steps === null)).toBe(true);
  });

  it("weeks: the last eight Sunday–Saturday weeks oldest first whatever the range; sessions, completed and volume per week; abandoned starts do not count", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      on("2026-01-17", { entries: [bench(100, 1)] }), // the Saturday before the first week
      on("2026-01-18", { entries: [bench(50, 2)] }), // first Sunday
      on("2026-01-24", { completed: false, entries: [bench(10, 3)] }), // partial, Saturday
      on("2026-01-20", {
        completed: false,
        entries: [{ name: "Row", sets: [{ done: false, weight: 9, reps: 9 }] }],
      }),
      on("2026-03-10", { entries: [bench(20.25, 2)] }),
      on("2026-03-11", { entries: [bench(20, 2)] }), // after today
    ]);
    for (const range of ["7d", "3m"]) {
      const v = await view(s, range);
      expect(v.weeks.map((x: any) => x.from)).toEqual([
        "2026-01-18",
        "2026-01-25",
        "2026-02-01",
        "2026-02-08",
        "2026-02-15",
        "2026-02-22",
        "2026-03-01",
        "2026-03-08",
      ]);
      expect(v.weeks[0]).toEqual({
        from: "2026-01-18",
        to: "2026-01-24",
        sessions: 2,
        completed: 1,
        volume: 130,
      });
      expect(v.weeks[7]).toEqual({
        from: "2026-03-08",
        to: "2026-03-14",
        sessions: 1,
        completed: 1,
        volume: 41,
      });
    }
  });

  it("logs: sessions in range newest first, completed or partial, abandoned starts omitted; volume over done sets with weight and reps, rounded; duration", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      on("2026-03-03", { entries: [bench(100, 1)] }), // the day before 7d
      on("2026-03-04", {
        label: "Push",
        dayId: "d1",
        programId: "p1",
        startedAt: "2026-03-04T08:00:00Z",
        finishedAt: "2026-03-04T08:45:30Z",
        entries: [
          {
            name: "Press",
            sets: [
              { weight: 62.5, reps: 3 },
              { weight: "40", reps: "2" },
              { weight: null, reps: 12 },
              { weight: 30, reps: null },
              { done: false, weight: 100, reps: 10 },
            ],
          },
          { name: "Skipped", sets: [{ done: false, weight: 5, reps: 5 }] },
        ],
      }),
      on("2026-03-06", { completed: false, entries: [bench(10, 1.25)] }),
      on("2026-03-07", { completed: false, entries: [bench(10, 10, { done: false })] }), // abandoned start
      on("2026-03-10", { entries: [] }), // completed with no sets still is a session
    ]);
    const v = await view(s, "7d");
    expect(v.from).toBe("2026-03-04");
    expect(v.logs.map((l: any) => [l.date, l.status, l.volume])).toEqual([
      ["2026-03-10", "completed", 0],
      ["2026-03-06", "partial", 13],
      ["2026-03-04", "completed", 268],
    ]);
    expect(v.logs[2]).toMatchObject({
      label: "Push",
      dayId: "d1",
      programId: "p1",
      durationSec: 2730,
      exercises: 1,
      doneSets: 4,
    });
    expect(v.volume.map((p: any) => [p.date, p.volume])).toEqual([
      ["2026-03-04", 268],
      ["2026-03-06", 13],
      ["2026-03-10", 0],
    ]);
    expect(v.kpis).toMatchObject({ sessions: 3, completed: 2, totalVolume: 280 });
  });

  it("kpis: expected from the plan's weekly target × range days / 7 (null without a plan or for a file plan); averageDurationSec over completed sessions with a positive duration", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      on("2026-03-05", { startedAt: "2026-03-05T08:00:00Z", finishedAt: "2026-03-05T09:00:00Z" }),
      on("2026-03-06", { startedAt: "2026-03-06T08:00:00Z", finishedAt: "2026-03-06T08:30:01Z" }),
      on("2026-03-07", { startedAt: "2026-03-07T08:00:00Z", finishedAt: "2026-03-07T08:00:00Z" }), // zero
      on("2026-03-08", { startedAt: "2026-03-08T08:00:00Z" }), // no end
      on("2026-03-09", {
        completed: false,
        startedAt: "2026-03-09T08:00:00Z",
        finishedAt: "2026-03-09T12:00:00Z",
        entries: [bench(1, 1)],
      }), // partial
    ]);
    let v = await view(s, "30d");
    expect(v.kpis.averageDurationSec).toBe(2701); // (3600 + 1801) / 2, rounded
    expect(v.kpis.expected).toBeNull();
    expect(v.weeklyTarget).toBeNull();

    const plan = await insertPlan(t, s, {
      content: { schemaVersion: 2, meta: { workoutsPerWeek: 3 }, days: [] },
    });
    v = await view(s, "30d");
    expect(v.weeklyTarget).toBe(3);
    expect(v.kpis.expected).toBe(13);
    expect((await view(s, "7d")).kpis.expected).toBe(3);
    expect((await view(s, "3m")).kpis.expected).toBe(39);

    // Without workoutsPerWeek the target is the number of plan days; COMBINED is ignored; the latest updated wins.
    await insertPlan(t, s, {
      type: "COMBINED",
      content: { schemaVersion: 2, meta: { workoutsPerWeek: 6 } },
      updatedAt: new Date("2026-03-09T00:00:00Z"),
    });
    await insertPlan(t, s, {
      content: { schemaVersion: 2, days: [{ id: "d1" }, { id: "d2" }] },
      updatedAt: new Date("2026-03-08T00:00:00Z"),
    });
    expect((await view(s, "7d")).kpis.expected).toBe(3);
    await t.deps.database.db.update(programs).set({ status: "ENDED" }).where(eq(programs.id, plan.id));
    expect((await view(s, "7d")).kpis.expected).toBe(2);

    await insertPlan(t, s, {
      pdfUrl: "https://example.com/plan.pdf",
      content: {},
      updatedAt: new Date("2026-03-10T00:00:00Z"),
    });
    v = await view(s, "7d");
    expect(v.filePlan).toBe(true);
    expect(v.weeklyTarget).toBeNull();
    expect(v.kpis.expected).toBeNull();
  });

  it("previous: the kpis of the equal span before the range, or null when it has no session", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      on("2026-02-24", { entries: [bench(999, 1)] }), // before the previous 7d span
      on("2026-03-04", { entries: [bench(50, 1)] }),
    ]);
    expect((await view(s, "7d")).previous).toBeNull();
    await insertLogs(t, s, [
      on("2026-02-25", { entries: [bench(10, 2)] }),
      on("2026-03-03", { completed: false, entries: [bench(20, 2)] }),
    ]);
    const v = await view(s, "7d");
    expect(v.previous).toEqual({
      sessions: 2,
      completed: 1,
      expected: null,
      totalVolume: 60,
      averageDurationSec: null,
      personalRecords: 0,
    });
    expect(v.kpis).toMatchObject({ sessions: 1, totalVolume: 50, personalRecords: 0 });
    // 30d: previous is 01-10..02-08, which holds nothing.
    expect((await view(s, "30d")).previous).toBeNull();
  });

  it("personal records: against the best of earlier sessions; a first session never counts; five most recent newest first, kpis counts all", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      on("2026-02-01", { entries: [bench(60, 5)] }),
      on("2026-03-01", { entries: [bench(61, 5)] }), // record, before the 7d range
      on("2026-03-04", { entries: [bench(62, 5), { name: "Curl", sets: [{ weight: 10, reps: 8 }] }] }), // bench record; curl first
      on("2026-03-05", { entries: [bench(62, 9)] }), // same weight, more reps: not a record
      on("2026-03-06", { entries: [bench(63, 5), { name: "Curl", sets: [{ weight: 11, reps: 8 }] }] }),
      on("2026-03-07", { entries: [bench(64, 5)] }),
      on("2026-03-08", { entries: [bench(65, 5)] }),
      on("2026-03-09", { entries: [bench(66, 5)] }),
    ]);
    const v = await view(s, "7d");
    expect(v.kpis.personalRecords).toBe(6);
    expect(v.personalRecords.map((r: any) => [r.date, r.name, r.value])).toEqual([
      ["2026-03-09", "Bench", "66 kg × 5"],
      ["2026-03-08", "Bench", "65 kg × 5"],
      ["2026-03-07", "Bench", "64 kg × 5"],
      ["2026-03-06", "Curl", "11 kg × 8"],
      ["2026-03-06", "Bench", "63 kg × 5"],
    ]);
    expect(v.personalRecords[0]).toMatchObject({ exerciseId: "ex-bench", weight: 66, reps: 5 });
  });

  it("record eligibility: reps above zero; a weighted set with a target counts only at 80 % of it; no weight or no target counts; reps decide only when neither is weighted", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      on("2026-03-01", {
        entries: [bench(50, 10, { targetReps: 10 }), { name: "Pullup", sets: [{ reps: 8 }] }],
      }),
      on("2026-03-04", {
        entries: [bench(80, 7, { targetReps: 10 }), { name: "Pullup", sets: [{ reps: 0 }] }],
      }), // 70 %: not eligible
      on("2026-03-05", {
        entries: [bench(55, 8, { targetReps: 10 }), { name: "Pullup", sets: [{ reps: 9 }] }],
      }), // 80 %: record; reps record
      on("2026-03-06", { entries: [bench(56, 3), { name: "Pullup", sets: [{ weight: 0, reps: 8 }] }] }), // no target: record; fewer reps
      on("2026-03-07", { entries: [{ name: "Pullup", sets: [{ weight: 5, reps: 1 }] }] }), // weight beats reps
    ]);
    const v = await view(s, "7d");
    expect(v.personalRecords.map((r: any) => [r.date, r.name, r.value]).reverse()).toEqual([
      ["2026-03-05", "Bench", "55 kg × 8"],
      ["2026-03-05", "Pullup", "9 reps"],
      ["2026-03-06", "Bench", "56 kg × 3"],
      ["2026-03-07", "Pullup", "5 kg × 1"],
    ]);
  });

  it("exercises match on exercise id, else on name", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      on("2026-03-01", {
        entries: [
          { exerciseId: "ex-a", name: "Squat", sets: [{ weight: 100, reps: 5 }] },
          { name: "Lunge", sets: [{ weight: 20, reps: 5 }] },
        ],
      }),
      on("2026-03-05", {
        entries: [
          { exerciseId: "ex-a", name: "Back squat", sets: [{ weight: 101, reps: 5 }] }, // same id, renamed: record
          { exerciseId: "ex-b", name: "Squat", sets: [{ weight: 200, reps: 5 }] }, // another id, same name: first session
          { name: "Lunge", sets: [{ weight: 21, reps: 5 }] }, // by name: record
        ],
      }),
    ]);
    const v = await view(s, "7d");
    expect(v.personalRecords.map((r: any) => [r.exerciseId, r.name])).toEqual([
      [null, "Lunge"],
      ["ex-a", "Back squat"],
    ]);
  });

  it("the baseline is the best of up to 500 earlier logs", async () => {
    const s = await fresh();
    const filler = Array.from({ length: 499 }, (_, i) =>
      on("2026-02-20", {
        entries: [{ name: "Other", sets: [{ weight: 1, reps: 1 }] }],
        createdAt: new Date(Date.UTC(2026, 1, 20, 0, 0, i)).toISOString(),
      }),
    );
    await insertLogs(t, s, [
      on("2025-06-01", { entries: [bench(100, 5)] }), // 501st earlier log: out of the baseline
      on("2025-06-02", { entries: [bench(80, 5)] }), // 500th earlier log
      ...filler,
      on("2026-03-05", { entries: [bench(90, 5)] }),
    ]);
    const v = await view(s, "7d");
    expect(v.personalRecords.map((r: any) => r.value)).toEqual(["90 kg × 5"]);
    // With 100 kg inside the 500, 90 kg is no record.
    await insertLog(t, s, on("2025-06-03", { entries: [bench(100, 5)] }));
    expect((await view(s, "7d")).personalRecords).toEqual([]);
  });

  it("the baseline logs (before the earliest day the view shows) count by their stored bests, not their entries (issue 30 item 2)", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      // Entries of 100 kg, stored bests of 50: the column is what the baseline reads.
      on("2025-06-01", { entries: [bench(100, 5)], exerciseBests: { "id:ex-bench": [50, 5] } }),
      on("2026-03-05", { entries: [bench(90, 5)] }),
    ]);
    expect((await view(s, "7d")).personalRecords.map((r: any) => r.value)).toEqual(["90 kg × 5"]);
  });

  it("a log without stored bests (left NULL by migration 0021) counts by its entries: every range answers as with the bests stored", async () => {
    const logs: LogFields[] = [
      on("2025-10-01", { entries: [bench(60, 5), { name: "Curl", sets: [{ weight: "10", reps: 8 }] }] }),
      on("2025-11-01", {
        entries: [bench(70, 3, { targetReps: 5 }), { name: " Curl", sets: [{ reps: 12 }] }],
      }),
      on("2025-12-20", { entries: [bench(65, 8), { name: "Pullup", sets: [{ reps: 9 }] }] }),
      on("2026-01-10", { entries: [bench(72, 4, { targetReps: 5 })] }),
      on("2026-02-01", { entries: [bench(71, 5), { name: "Curl", sets: [{ weight: 11, reps: 8 }] }] }),
      on("2026-02-28", { entries: [bench(73, 5), { name: "Pullup", sets: [{ reps: 10 }] }] }),
      on("2026-03-05", {
        entries: [bench(75, 2, { targetReps: 3 }), { name: "Curl", sets: [{ weight: 12, reps: 6 }] }],
      }),
      on("2026-03-09", { entries: [bench(75, 6), { name: "Pullup", sets: [{ weight: 5, reps: 1 }] }] }),
    ];
    const stored = await fresh();
    const legacy = await fresh();
    const storedRows = await insertLogs(t, stored, logs);
    const legacyRows = await insertLogs(
      t,
      legacy,
      logs.map((l) => ({ ...l, exerciseBests: null })),
    );
    // The answers with each trainee's log ids replaced by the log's day.
    const answer = async (s: ViewTrainee, rows: { id: string; performedOn: string }[], range: string) => {
      let text = JSON.stringify(await view(s, range));
      for (const row of rows) text = text.replaceAll(row.id, `log-${row.performedOn}`);
      return JSON.parse(text);
    };
    for (const range of ["7d", "30d", "3m"]) {
      const withBests = await answer(stored, storedRows, range);
      expect(withBests.kpis.personalRecords, range).toBeGreaterThan(0);
      expect(await answer(legacy, legacyRows, range), range).toEqual(withBests);
    }
  });

  it("migration 0021's SQL computes the bests exerciseBestsOf computes, on PostgreSQL; NULL for numbers sent as strings", async () => {
    const s = await fresh();
    const all: unknown[] = [
      [
        {
          exerciseId: " ex-1\u00a0",
          name: "Squat",
          sets: [
            { done: true, weight: 100, reps: 5 },
            { done: true, weight: 100, reps: 6 },
          ],
        },
        {
          exerciseId: "",
          name: "\ufeffPlank ",
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
        {
          name: "Curl",
          sets: [{ done: false, weight: 30, reps: 8 }, { done: true, weight: -5, reps: 2.5 }, 7],
        },
        { name: "  ", sets: [{ done: true, reps: 3 }] },
        "not an entry",
      ],
      [{ name: "Odd", sets: [{ done: true, weight: " 60 ", reps: 5 }] }],
      [],
      { not: "entries" },
    ];
    const rows = await t.deps.database.db
      .insert(workoutLogs)
      .values(
        all.map((entries) => ({
          studioId: s.studioId,
          clientId: s.clientId,
          performedOn: "2026-03-01",
          entries,
        })),
      )
      .returning({ id: workoutLogs.id });
    const [, create, , drop] = readFileSync(
      resolvePath(__dirname, "../../../packages/db/migrations/0021_workout-log-bests.sql"),
      "utf8",
    ).split("--> statement-breakpoint");
    const db = t.deps.database.db;
    await db.execute(sql.raw(create!));
    await db.execute(
      sql`update workout_logs set exercise_bests = workout_log_bests_0021(entries) where client_id = ${s.clientId}`,
    );
    await db.execute(sql.raw(drop!));
    const stored = new Map(
      (await db.select().from(workoutLogs).where(eq(workoutLogs.clientId, s.clientId))).map((r) => [r.id, r]),
    );
    const [mixed, odd, empty, notArray] = rows.map((r) => stored.get(r.id)!);
    expect(mixed!.exerciseBests).toEqual({
      "id:ex-1": [100, 6],
      "name:Plank": [null, 90],
      "name:Row": [40, 8],
      "name:Dip": [0.1 + 0.2, 8],
      "name:Curl": [null, 2.5],
    });
    expect(mixed!.exerciseBests).toEqual(exerciseBestsOf(mixed!.entries));
    expect(odd!.exerciseBests).toBeNull();
    expect(empty!.exerciseBests).toEqual({});
    expect(notArray!.exerciseBests).toEqual({});
  });

  it("steps: goal from the plan when its requirement includes steps, else the trainee's goal, else null; seven days with null when not synced; source by the latest device", async () => {
    const s = await fresh({ stepsGoal: 8000 });
    await insertSteps(t, s, "2026-03-03", 1); // before the strip
    await insertSteps(t, s, "2026-03-04", 4000);
    await insertSteps(t, s, "2026-03-09", null);
    await insertSteps(t, s, "2026-03-10", 0);
    const v = await view(s, "3m");
    expect(v.steps.goal).toBe(8000);
    expect(v.steps.days.map((d: any) => d.steps)).toEqual([4000, null, null, null, null, null, 0]);
    expect(v.steps.source).toBeNull();

    await insertDevice(t, s, "android", "2026-03-01T00:00:00Z");
    expect((await view(s)).steps.source).toBe("healthConnect");
    await insertDevice(t, s, "ios", "2026-03-02T00:00:00Z");
    expect((await view(s)).steps.source).toBe("appleHealth");
    await insertDevice(t, s, "web", "2026-03-03T00:00:00Z");
    expect((await view(s)).steps.source).toBeNull();

    await insertPlan(t, s, {
      content: { schemaVersion: 2, meta: { requirement: { mode: "cardioOnly", stepsDaily: 12000 } } },
      updatedAt: new Date("2026-03-01T00:00:00Z"),
    });
    expect((await view(s)).steps.goal).toBe(8000);
    await insertPlan(t, s, {
      content: { schemaVersion: 2, meta: { requirement: { mode: "stepsOnly", stepsDaily: 11000 } } },
      updatedAt: new Date("2026-03-02T00:00:00Z"),
    });
    expect((await view(s)).steps.goal).toBe(11000);

    const bare = await fresh();
    await insertPlan(t, bare, {
      content: { schemaVersion: 2, meta: { requirement: { mode: "both", stepsDaily: 0 } } },
    });
    expect((await view(bare)).steps.goal).toBeNull();
  });

  it("dates are the trainee's civil days: trainee zone, else studio zone", async () => {
    // 10:00Z is 23:00 of 2026-03-09 in Pago Pago (UTC-11).
    const s = await fresh({ timezone: "Pacific/Pago_Pago" });
    await insertLogs(t, s, [
      on("2026-03-10", { entries: [bench(1, 1)] }),
      on("2026-03-09", { entries: [bench(1, 1)] }),
    ]);
    const v = await view(s, "7d");
    expect([v.from, v.to]).toEqual(["2026-03-03", "2026-03-09"]);
    expect(v.logs.map((l: any) => l.date)).toEqual(["2026-03-09"]);
    expect(v.weeks[7].from).toBe("2026-03-08");

    const z = await fresh({ timezone: null });
    await t.deps.database.db
      .update(studios)
      .set({ timezone: "Pacific/Pago_Pago" })
      .where(eq(studios.id, z.studioId));
    expect((await view(z, "7d")).to).toBe("2026-03-09");
  });

  it("VALIDATION for an unknown range", async () => {
    const s = await fresh();
    const res = await w.web("GET", path(s, "1y"), s.owner);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
  });

  it("coach scoping and tenancy: a limited coach, another studio and a deleted trainee get NOT_FOUND trainee not found alike", async () => {
    const owner = newOwner();
    const mine = await viewTrainee(w, owner);
    const { coach, as } = await addCoach(w, owner, { permissions: { trainees: "assigned" } });
    const assigned = await addClient(w, owner, { coachIds: [coach.id] });
    const foreign = await fresh();
    await insertLog(t, mine, on("2026-03-09", { entries: [bench(1, 1)] }));

    expect((await w.web("GET", path({ clientId: assigned.id }), as)).status).toBe(200);
    const hidden = await w.web("GET", path(mine), as);
    const away = await w.web("GET", path(foreign), owner);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("trainee not found");
    expect(withoutRequestId(hidden.body)).toEqual(withoutRequestId(away.body));

    await t.deps.database.db
      .update(clients)
      .set({ deletedAt: new Date(START - 1000) })
      .where(eq(clients.id, mine.clientId));
    const gone = await w.web("GET", path(mine), owner);
    expect(withoutRequestId(gone.body)).toEqual(withoutRequestId(away.body));
  });
});
