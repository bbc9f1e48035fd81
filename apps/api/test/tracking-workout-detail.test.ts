import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addClient, withoutRequestId } from "./support/team-fixtures";
import {
  addCoach,
  atClock,
  insertLog,
  insertLogs,
  viewTrainee,
  type LogFields,
  type LogSet,
  type ViewTrainee,
} from "./support/workout-view-fixtures";

const START = Date.parse("2026-03-10T10:00:00Z");
let t: TestApp;
let w: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(START) });
  w = atClock(t, () => START);
});
afterAll(async () => t?.close());

const path = (s: { clientId: string }, logId: string) =>
  `/v1/web/clients/${s.clientId}/tracking/workouts/${logId}`;
const detail = async (s: ViewTrainee, logId: string) => {
  const res = await w.web("GET", path(s, logId), s.owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const fresh = () => viewTrainee(w, newOwner());
const push = (performedOn: string, extra: Partial<LogFields> = {}): LogFields => ({
  performedOn,
  programId: "p1",
  dayId: "d1",
  label: "Push",
  ...extra,
});
const ex = (name: string, sets: LogSet[], exerciseId?: string) => ({
  name,
  ...(exerciseId ? { exerciseId } : {}),
  sets,
});

describe("GET /v1/web/clients/{id}/tracking/workouts/{logId}", () => {
  it("per exercise with a done set: done sets, top set, previous best of the same type, deltas, personal record", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      push("2026-03-01", {
        entries: [
          ex("Bench", [{ weight: 60, reps: 5 }], "ex-bench"),
          ex("Dips", [{ reps: 10 }]),
          ex("Fly", [{ weight: 20, reps: 10 }]),
        ],
      }),
      // Another day type holds a heavier bench: not the previous best, but part of the record baseline.
      push("2026-03-03", {
        dayId: "d2",
        label: "Pull",
        entries: [ex("Bench", [{ weight: 70, reps: 1 }], "ex-bench")],
      }),
    ]);
    const log = await insertLog(
      t,
      s,
      push("2026-03-05", {
        startedAt: "2026-03-05T08:00:00Z",
        finishedAt: "2026-03-05T09:00:00Z",
        entries: [
          ex(
            "Bench",
            [
              { weight: 65, reps: 3 },
              { weight: 72.5, reps: 0 },
              { weight: 65, reps: 5, targetReps: 10 }, // top set, though under 80 % of its target
              { done: false, weight: 100, reps: 5 },
            ],
            "ex-bench",
          ),
          ex("Dips", [{ reps: 12 }, { weight: null, reps: 8 }]),
          ex("Fly", [{ weight: 22.5, reps: 8 }]),
          ex("Squat", [{ weight: 100, reps: 5 }]), // first ever
          ex("Skipped", [{ done: false, weight: 5, reps: 5 }]),
        ],
      }),
    );
    const d = await detail(s, log.id);
    expect(d).toMatchObject({
      id: log.id,
      date: "2026-03-05",
      label: "Push",
      dayId: "d1",
      programId: "p1",
      completed: true,
      status: "completed",
      durationSec: 3600,
      volume: Math.round(65 * 3 + 72.5 * 0 + 65 * 5 + 22.5 * 8 + 500),
    });
    expect(d.exercises.map((e: any) => e.name)).toEqual(["Bench", "Dips", "Fly", "Squat"]);
    const [bench, dips, fly, squat] = d.exercises;
    expect(bench).toEqual({
      exerciseId: "ex-bench",
      name: "Bench",
      sets: [
        { weight: 65, reps: 3, targetReps: null },
        { weight: 72.5, reps: 0, targetReps: null },
        { weight: 65, reps: 5, targetReps: 10 },
      ],
      best: { weight: 65, reps: 5 },
      isPersonalRecord: false, // eligible best 65 × 3 does not beat 70 of the other day type
      previousBest: { weight: 60, reps: 5 },
      deltaKg: 5,
      deltaReps: null,
    });
    expect(dips).toMatchObject({
      best: { weight: null, reps: 12 },
      previousBest: { weight: null, reps: 10 },
      deltaKg: null,
      deltaReps: 2,
      isPersonalRecord: true,
    });
    expect(fly).toMatchObject({
      best: { weight: 22.5, reps: 8 },
      deltaKg: 2.5,
      deltaReps: null,
      isPersonalRecord: true,
    });
    expect(squat).toMatchObject({
      previousBest: null,
      deltaKg: null,
      deltaReps: null,
      isPersonalRecord: false,
    });
  });

  it("deltaReps when only one side is weighted", async () => {
    const s = await fresh();
    await insertLog(t, s, push("2026-03-01", { entries: [ex("Pullup", [{ reps: 10 }])] }));
    const log = await insertLog(
      t,
      s,
      push("2026-03-02", { entries: [ex("Pullup", [{ weight: 5, reps: 6 }])] }),
    );
    expect((await detail(s, log.id)).exercises[0]).toMatchObject({
      deltaKg: null,
      deltaReps: -4,
      isPersonalRecord: true,
    });
  });

  it("the record baseline reads the earlier logs' stored bests; a log without them (left NULL by migration 0021) by its entries (issue 30 item 2)", async () => {
    const s = await fresh();
    // Pull-day logs: the baseline, not the same type (their sets are not the previous best).
    await insertLogs(t, s, [
      push("2026-03-01", {
        dayId: "d2",
        entries: [ex("Bench", [{ weight: 100, reps: 5 }], "ex-bench")],
        exerciseBests: { "id:ex-bench": [50, 5] },
      }),
      push("2026-03-02", { dayId: "d2", entries: [ex("Dips", [{ reps: 20 }])], exerciseBests: null }),
    ]);
    const log = await insertLog(
      t,
      s,
      push("2026-03-05", {
        entries: [ex("Bench", [{ weight: 90, reps: 5 }], "ex-bench"), ex("Dips", [{ reps: 15 }])],
      }),
    );
    const byName = Object.fromEntries(
      (await detail(s, log.id)).exercises.map((e: any) => [e.name, e.isPersonalRecord]),
    );
    expect(byName).toEqual({ Bench: true, Dips: false });
  });

  it("same type: the same dayId in the same program, or for old logs the same label; volume history oldest first (this + 7), previous sessions newest first (5); later logs and abandoned starts left out", async () => {
    const s = await fresh();
    const days = Array.from({ length: 10 }, (_, i) => `2026-02-${String(10 + i).padStart(2, "0")}`);
    const same = await insertLogs(
      t,
      s,
      days.map((d, i) => push(d, { entries: [ex("Bench", [{ weight: 10 + i, reps: 1 }])] })),
    );
    await insertLogs(t, s, [
      push("2026-02-25", { dayId: "d2", entries: [ex("Bench", [{ weight: 1, reps: 1 }])] }), // other day
      push("2026-02-25", { programId: "p2", entries: [ex("Bench", [{ weight: 1, reps: 1 }])] }), // other program
      push("2026-02-26", { completed: false, entries: [ex("Bench", [{ done: false, weight: 1, reps: 1 }])] }), // abandoned
      push("2026-03-08", { entries: [ex("Bench", [{ weight: 99, reps: 1 }])] }), // after this log
    ]);
    const log = await insertLog(
      t,
      s,
      push("2026-03-01", { entries: [ex("Bench", [{ weight: 30, reps: 1 }])] }),
    );
    const d = await detail(s, log.id);
    expect(d.volumeHistory.map((p: any) => p.volume)).toEqual([13, 14, 15, 16, 17, 18, 19, 30]);
    expect(d.volumeHistory.at(-1)).toMatchObject({ workoutLogId: log.id, status: "completed" });
    expect(d.previousSessions.map((p: any) => [p.workoutLogId, p.date, p.volume])).toEqual(
      same
        .slice(5)
        .reverse()
        .map((r) => [r.id, r.performedOn, 10 + same.indexOf(r)]),
    );
    expect(d.exercises[0].previousBest).toEqual({ weight: 19, reps: 1 });

    // Old logs without a dayId: the same label in the same program.
    const o = await fresh();
    await insertLogs(t, o, [
      push("2026-02-01", { dayId: null, label: "Legs", entries: [ex("Squat", [{ weight: 50, reps: 5 }])] }),
      push("2026-02-02", { dayId: null, label: "Arms", entries: [ex("Squat", [{ weight: 90, reps: 5 }])] }),
      push("2026-02-03", {
        dayId: null,
        label: "Legs",
        programId: "p9",
        entries: [ex("Squat", [{ weight: 91, reps: 5 }])],
      }),
    ]);
    const old = await insertLog(
      t,
      o,
      push("2026-02-04", { dayId: null, label: "Legs", entries: [ex("Squat", [{ weight: 55, reps: 5 }])] }),
    );
    const od = await detail(o, old.id);
    expect(od.previousSessions.map((p: any) => p.date)).toEqual(["2026-02-01"]);
    expect(od.exercises[0]).toMatchObject({
      previousBest: { weight: 50, reps: 5 },
      deltaKg: 5,
      isPersonalRecord: false,
    });
  });

  it("up to 40 logs are scanned, this one included", async () => {
    const s = await fresh();
    await insertLog(t, s, push("2026-01-01", { entries: [ex("Rare", [{ weight: 40, reps: 5 }])] }));
    const between = Array.from({ length: 39 }, (_, i) =>
      push("2026-01-02", {
        entries: [ex("Bench", [{ weight: 1, reps: 1 }])],
        createdAt: new Date(Date.UTC(2026, 0, 2, 0, 0, i)).toISOString(),
      }),
    );
    await insertLogs(t, s, between);
    const log = await insertLog(
      t,
      s,
      push("2026-03-01", { entries: [ex("Rare", [{ weight: 45, reps: 5 }])] }),
    );
    // This log plus 39 between fill the 40: the rare session is not scanned.
    expect((await detail(s, log.id)).exercises[0].previousBest).toBeNull();
    expect((await detail(s, log.id)).exercises[0].isPersonalRecord).toBe(true); // the record baseline reaches 500 logs
    // This log plus 38 between plus the rare one make 40: found.
    const s2 = await fresh();
    await insertLog(t, s2, push("2026-01-01", { entries: [ex("Rare", [{ weight: 40, reps: 5 }])] }));
    await insertLogs(t, s2, between.slice(0, 38));
    const log2 = await insertLog(
      t,
      s2,
      push("2026-03-01", { entries: [ex("Rare", [{ weight: 45, reps: 5 }])] }),
    );
    expect((await detail(s2, log2.id)).exercises[0].previousBest).toEqual({ weight: 40, reps: 5 });
  });

  it("a partial or abandoned log can be viewed; its status says so", async () => {
    const s = await fresh();
    const partial = await insertLog(
      t,
      s,
      push("2026-03-01", { completed: false, entries: [ex("Bench", [{ weight: 1, reps: 1 }])] }),
    );
    const abandoned = await insertLog(
      t,
      s,
      push("2026-03-02", { completed: false, entries: [ex("Bench", [{ done: false, weight: 1, reps: 1 }])] }),
    );
    expect((await detail(s, partial.id)).status).toBe("partial");
    const a = await detail(s, abandoned.id);
    expect(a).toMatchObject({
      status: null,
      exercises: [],
      previousSessions: [{ workoutLogId: partial.id }],
    });
  });

  it("NOT_FOUND workout not found for an unknown id, another trainee's or another studio's log; trainee not found for a limited coach", async () => {
    const owner = newOwner();
    const s = await viewTrainee(w, owner);
    const neighbour = await viewTrainee(w, owner);
    const foreign = await fresh();
    const theirs = await insertLog(t, neighbour, push("2026-03-01"));
    const away = await insertLog(t, foreign, push("2026-03-01"));
    const unknown = await w.web("GET", path(s, "no-such-log"), owner);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("workout not found");
    for (const id of [theirs.id, away.id])
      expect(withoutRequestId((await w.web("GET", path(s, id), owner)).body)).toEqual(
        withoutRequestId(unknown.body),
      );
    // Another studio's trainee with its own log: trainee not found.
    const otherStudio = await w.web("GET", path(foreign, away.id), owner);
    expect(otherStudio.body.message).toBe("trainee not found");

    const { coach, as } = await addCoach(w, owner, { permissions: { trainees: "assigned" } });
    const assigned = await addClient(w, owner, { coachIds: [coach.id] });
    const own = await insertLog(t, { studioId: s.studioId, clientId: assigned.id }, push("2026-03-01"));
    expect((await w.web("GET", path({ clientId: assigned.id }, own.id), as)).status).toBe(200);
    const mine = await insertLog(t, s, push("2026-03-01"));
    const hidden = await w.web("GET", path(s, mine.id), as);
    expect(withoutRequestId(hidden.body)).toEqual(withoutRequestId(otherStudio.body));
  });
});
