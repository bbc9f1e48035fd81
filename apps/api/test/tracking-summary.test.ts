import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, customMeals, dailyMetrics, mealLogs, nutritionDayMeals, weightEntries } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addClient, withoutRequestId } from "./support/team-fixtures";
import {
  addCoach,
  atClock,
  insertLogs,
  viewTrainee,
  type ViewTrainee,
} from "./support/workout-view-fixtures";

// Document 2 "Client tracking": GET /summary (appActivity, 14 entries oldest first; cards of
// docs/decisions/tracking.md). Clock: Tuesday 2026-03-10 12:00 in Jerusalem; the 14 days are 02-25..03-10.
const START = Date.parse("2026-03-10T10:00:00Z");
let t: TestApp;
let w: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(START) });
  w = atClock(t, () => START);
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;
const fresh = (fields: Partial<typeof clients.$inferInsert> = {}) => viewTrainee(w, newOwner(), fields);
const summary = async (s: ViewTrainee) => {
  const res = await w.web("GET", `/v1/web/clients/${s.clientId}/tracking/summary`, s.owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const dayOf = (v: any, date: string) => v.appActivity.find((d: any) => d.date === date);
const own = (s: ViewTrainee) => ({ studioId: s.studioId, clientId: s.clientId });

describe("GET /v1/web/clients/{id}/tracking/summary", () => {
  it("an empty trainee: 14 inactive days oldest first ending today, cards empty", async () => {
    const s = await fresh({ weightKg: 80, goalWeightKg: 75, stepsGoal: 8000, waterGoalMl: 2500 });
    const v = await summary(s);
    expect(v.today).toBe("2026-03-10");
    expect(v.timezone).toBe("Asia/Jerusalem");
    expect(v.appActivity).toHaveLength(14);
    expect(v.appActivity[0].date).toBe("2026-02-25");
    expect(v.appActivity[13].date).toBe("2026-03-10");
    expect(v.appActivity[0]).toEqual({
      date: "2026-02-25",
      workout: false,
      workouts: 0,
      mealsLogged: 0,
      waterMl: 0,
      steps: null,
      weighIn: false,
      measured: false,
      active: false,
    });
    expect(v).toMatchObject({
      weight: {
        currentKg: 80,
        startKg: 80,
        goalKg: 75,
        changeKg: null,
        lastWeighInAt: null,
        lastWeighInDate: null,
        weighIns: 0,
      },
      workouts: { lastWorkoutOn: null, streak: { current: 0, best: 0 }, last7Days: 0, last30Days: 0 },
      nutrition: { daysLogged7: 0, adherencePct7: 0, lastMealOn: null },
      steps: { average7: null, goal: 8000 },
      water: { average7Ml: null, goalMl: 2500 },
      activity: { activeDays14: 0, lastActiveOn: null },
    });
  });

  it("a workout counts as a session only when completed or with at least one done set", async () => {
    const s = await fresh();
    await insertLogs(t, s, [
      { performedOn: "2026-03-10", completed: true },
      {
        performedOn: "2026-03-09",
        completed: false,
        entries: [{ name: "Row", sets: [{ done: true, reps: 5 }] }],
      },
      {
        performedOn: "2026-03-08",
        completed: false,
        entries: [{ name: "Row", sets: [{ done: false, reps: 5 }] }],
      },
      { performedOn: "2026-03-07", completed: false },
      { performedOn: "2026-03-06", completed: true },
      { performedOn: "2026-03-06", completed: true },
      { performedOn: "2026-02-20", completed: true },
      { performedOn: "2026-03-11", completed: true }, // after today
    ]);
    const v = await summary(s);
    expect(v.appActivity.slice(-5).map((d: any) => [d.date, d.workout, d.workouts])).toEqual([
      ["2026-03-06", true, 2],
      ["2026-03-07", false, 0],
      ["2026-03-08", false, 0],
      ["2026-03-09", true, 1],
      ["2026-03-10", true, 1],
    ]);
    expect(v.workouts).toEqual({
      lastWorkoutOn: "2026-03-10",
      streak: { current: 2, best: 2 },
      last7Days: 4,
      last30Days: 5,
    });
    expect(v.activity).toEqual({ activeDays14: 3, lastActiveOn: "2026-03-10" });
  });

  it("meals: free logs, plan meals eaten / eaten outside / replaced / with an eaten item, custom meals without a log; a mirrored custom meal is not counted twice", async () => {
    const s = await fresh();
    const [log] = await db()
      .insert(mealLogs)
      .values({ ...own(s), consumedAt: new Date("2026-03-09T08:00:00Z"), day: "2026-03-09", source: "FREE" })
      .returning();
    await db()
      .insert(customMeals)
      .values([
        { ...own(s), date: "2026-03-09", label: "Mirror", mealLogId: log!.id },
        { ...own(s), date: "2026-03-08", label: "Shake" },
      ]);
    await db()
      .insert(nutritionDayMeals)
      .values([
        { ...own(s), date: "2026-03-07", mealId: "m1", status: "eaten" },
        { ...own(s), date: "2026-03-07", mealId: "m2", status: "eatenOutside" },
        { ...own(s), date: "2026-03-06", mealId: "m1", status: "replaced" },
        {
          ...own(s),
          date: "2026-03-05",
          mealId: "m1",
          status: "planned",
          items: [{ itemId: "i1", eaten: true }],
        },
        {
          ...own(s),
          date: "2026-03-04",
          mealId: "m1",
          status: "planned",
          items: [{ itemId: "i1", eaten: false }],
        },
        { ...own(s), date: "2026-03-04", mealId: "m2", status: "removed" },
      ]);
    const v = await summary(s);
    expect(v.appActivity.slice(-7).map((d: any) => [d.date, d.mealsLogged])).toEqual([
      ["2026-03-04", 0],
      ["2026-03-05", 1],
      ["2026-03-06", 1],
      ["2026-03-07", 2],
      ["2026-03-08", 1],
      ["2026-03-09", 1],
      ["2026-03-10", 0],
    ]);
    expect(v.nutrition).toEqual({ daysLogged7: 5, adherencePct7: 71, lastMealOn: "2026-03-09" });
    expect(v.activity.lastActiveOn).toBe("2026-03-09");
  });

  it("water, steps, measurements and weigh-ins by local day; weight card from the first and latest weigh-ins", async () => {
    const s = await fresh({ weightKg: 99 });
    await db()
      .insert(dailyMetrics)
      .values([
        { ...own(s), date: "2026-03-10", steps: 4000, waterMl: 1500 },
        { ...own(s), date: "2026-03-09", steps: 8000, waterMl: 0, measurements: { waist: 80 } },
        { ...own(s), date: "2026-03-02", steps: 0, waterMl: 500 },
        { ...own(s), date: "2026-02-01", steps: 100 },
      ]);
    await db()
      .insert(weightEntries)
      .values([
        { ...own(s), recordedAt: new Date("2026-01-01T10:00:00Z"), weightKg: 90, source: "APP" },
        // 23:30 local on 03-07 (21:30Z): the local day is 03-07.
        { ...own(s), recordedAt: new Date("2026-03-07T21:30:00Z"), weightKg: 88.4, source: "coach" },
      ]);
    const v = await summary(s);
    expect(dayOf(v, "2026-03-10")).toMatchObject({
      steps: 4000,
      waterMl: 1500,
      active: true,
      measured: false,
    });
    expect(dayOf(v, "2026-03-09")).toMatchObject({ steps: 8000, waterMl: 0, measured: true, active: true });
    expect(dayOf(v, "2026-03-02")).toMatchObject({ steps: 0, waterMl: 500, active: true });
    expect(dayOf(v, "2026-03-07")).toMatchObject({ weighIn: true, active: true });
    expect(dayOf(v, "2026-03-08")).toMatchObject({ weighIn: false, active: false });
    expect(v.weight).toEqual({
      currentKg: 88.4,
      startKg: 90,
      goalKg: null,
      changeKg: -1.6,
      lastWeighInAt: "2026-03-07T21:30:00.000Z",
      lastWeighInDate: "2026-03-07",
      weighIns: 2,
    });
    // Steps average over the synced days of the last 7 (03-04..03-10): 4000 and 8000.
    expect(v.steps.average7).toBe(6000);
    expect(v.water.average7Ml).toBe(1500);
    expect(v.activity).toEqual({ activeDays14: 4, lastActiveOn: "2026-03-10" });
  });

  it("coach scoping and tenancy: a limited coach, another studio, a missing and a deleted trainee get NOT_FOUND trainee not found alike", async () => {
    const owner = newOwner();
    const mine = await viewTrainee(w, owner);
    const { coach, as } = await addCoach(w, owner, { permissions: { trainees: "assigned" } });
    const assigned = await addClient(w, owner, { coachIds: [coach.id] });
    const foreign = await fresh();
    const path = (id: string) => `/v1/web/clients/${id}/tracking/summary`;
    expect((await w.web("GET", path(assigned.id), as)).status).toBe(200);
    const away = await w.web("GET", path(foreign.clientId), owner);
    expect(away.status).toBe(404);
    expect(away.body.message).toBe("trainee not found");
    for (const res of [
      await w.web("GET", path(mine.clientId), as),
      await w.web("GET", path("no-such"), owner),
    ]) {
      expect(withoutRequestId(res.body)).toEqual(withoutRequestId(away.body));
    }
    await db()
      .update(clients)
      .set({ deletedAt: new Date(START - 1000) })
      .where(eq(clients.id, mine.clientId));
    const gone = await w.web("GET", path(mine.clientId), owner);
    expect(withoutRequestId(gone.body)).toEqual(withoutRequestId(away.body));
  });

  it("a dismissed member is FORBIDDEN on the tracking routes", async () => {
    const owner = newOwner();
    const s = await viewTrainee(w, owner);
    const { coach, as } = await addCoach(w, owner);
    expect((await w.web("GET", `/v1/web/clients/${s.clientId}/tracking/summary`, as)).status).toBe(200);
    const dismissed = await w.web("DELETE", `/v1/web/coaches/${coach.id}`, owner);
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    for (const [method, path, body] of [
      ["GET", `/v1/web/clients/${s.clientId}/tracking/summary`],
      ["GET", `/v1/web/clients/${s.clientId}/tracking/weight`],
      ["POST", `/v1/web/clients/${s.clientId}/tracking/weights`, { weightKg: 80 }],
      ["POST", `/v1/web/clients/${s.clientId}/tracking/measurements`, { waist: 80 }],
      ["GET", `/v1/web/tracking/daily-metrics?clientId=${s.clientId}`],
    ] as const) {
      const res = await w.web(method, path, as, body);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("FORBIDDEN");
    }
  });
});
