import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, dailyMetrics, mealLogs } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addClient, withoutRequestId } from "./support/team-fixtures";
import {
  addCoach,
  atClock,
  insertLogs,
  viewTrainee,
  type ViewTrainee,
} from "./support/workout-view-fixtures";

// Document 2 "Raw tracking lists (read only)". Clock: Tuesday 2026-03-10 12:00 in Jerusalem.
const START = Date.parse("2026-03-10T10:00:00Z");
let t: TestApp;
let w: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(START) });
  w = atClock(t, () => START);
});
afterAll(async () => t?.close());

const list = async (kind: string, s: ViewTrainee, params: Record<string, string> = {}, as = s.owner) => {
  const qs = new URLSearchParams({ clientId: s.clientId, ...params }).toString();
  return w.web("GET", `/v1/web/tracking/${kind}?${qs}`, as);
};
const ok = async (kind: string, s: ViewTrainee, params: Record<string, string> = {}) => {
  const res = await list(kind, s, params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: any[]; total: number };
};
const days = (n: number, last = "2026-03-10") =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${last}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - i);
    return d.toISOString().slice(0, 10);
  });
const insertMetrics = (s: ViewTrainee, dates: string[]) =>
  t.deps.database.db.insert(dailyMetrics).values(
    dates.map((date, i) => ({
      studioId: s.studioId,
      clientId: s.clientId,
      date,
      steps: i,
      waterMl: 100 * i,
    })),
  );
const insertMeals = (s: ViewTrainee, at: string[]) =>
  t.deps.database.db.insert(mealLogs).values(
    at.map((iso) => ({
      studioId: s.studioId,
      clientId: s.clientId,
      consumedAt: new Date(iso),
      day: iso.slice(0, 10),
      source: "FREE",
      items: [{ foodId: null, name: "Apple", qty: 100, kcal: 52, protein: 0.3, carbs: 14, fat: 0.2 }],
    })),
  );

describe("GET /v1/web/tracking/daily-metrics", () => {
  it("full rows by date descending, total counts every matching row, page/pageSize default 1/20", async () => {
    const s = await viewTrainee(w, newOwner());
    await insertMetrics(s, days(25));
    const data = await ok("daily-metrics", s);
    expect(data.total).toBe(25);
    expect(data.items).toHaveLength(20);
    expect(data.items.map((r) => r.date)).toEqual(days(20));
    expect(data.items[0]).toMatchObject({
      clientId: s.clientId,
      date: "2026-03-10",
      steps: 0,
      waterMl: 0,
      waterLogs: [],
      measurements: {},
    });
    expect(Object.keys(data.items[0]).sort()).toEqual(
      [
        "clientId",
        "createdAt",
        "date",
        "id",
        "measurements",
        "note",
        "steps",
        "updatedAt",
        "waterLogs",
        "waterMl",
      ].sort(),
    );
    const page2 = await ok("daily-metrics", s, { page: "2" });
    expect(page2.items.map((r) => r.date)).toEqual(days(25).slice(20));
    expect(page2.total).toBe(25);
    const beyond = await ok("daily-metrics", s, { page: "9" });
    expect(beyond).toEqual({ items: [], total: 25 });
  });

  it("from and to are inclusive and filter rows and total alike", async () => {
    const s = await viewTrainee(w, newOwner());
    await insertMetrics(s, days(10));
    const data = await ok("daily-metrics", s, { from: "2026-03-03", to: "2026-03-05", pageSize: "2" });
    expect(data.total).toBe(3);
    expect(data.items.map((r) => r.date)).toEqual(["2026-03-05", "2026-03-04"]);
    expect((await ok("daily-metrics", s, { from: "2026-03-10" })).items.map((r) => r.date)).toEqual([
      "2026-03-10",
    ]);
    expect((await ok("daily-metrics", s, { to: "2026-03-01" })).total).toBe(1);
    expect((await ok("daily-metrics", s, { to: "2026-02-28" })).total).toBe(0);
  });

  it("pageSize max 500; clientId required; bad dates VALIDATION", async () => {
    const s = await viewTrainee(w, newOwner());
    expect((await list("daily-metrics", s, { pageSize: "500" })).status).toBe(200);
    const bad: Record<string, string>[] = [{ pageSize: "501" }, { page: "0" }, { from: "2026-02-30" }];
    for (const params of bad) {
      const res = await list("daily-metrics", s, params);
      expect(res.status, JSON.stringify(params)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    const missing = await w.web("GET", "/v1/web/tracking/daily-metrics", s.owner);
    expect(missing.status).toBe(422);
    const blank = await w.web("GET", "/v1/web/tracking/daily-metrics?clientId=", s.owner);
    expect(blank.status).toBe(422);
  });
});

describe("GET /v1/web/tracking/meal-logs", () => {
  it("full rows by consumedAt descending; from/to on the trainee's local day", async () => {
    const s = await viewTrainee(w, newOwner());
    await insertMeals(s, [
      "2026-03-08T06:00:00Z",
      "2026-03-09T18:00:00Z",
      "2026-03-09T05:00:00Z",
      "2026-03-10T08:00:00Z",
    ]);
    const data = await ok("meal-logs", s);
    expect(data.total).toBe(4);
    expect(data.items.map((r) => r.consumedAt)).toEqual([
      "2026-03-10T08:00:00.000Z",
      "2026-03-09T18:00:00.000Z",
      "2026-03-09T05:00:00.000Z",
      "2026-03-08T06:00:00.000Z",
    ]);
    expect(data.items[0]).toMatchObject({
      clientId: s.clientId,
      source: "FREE",
      day: "2026-03-10",
      photoUrl: null,
      note: null,
    });
    expect(data.items[0].items[0]).toMatchObject({ name: "Apple", kcal: 52 });
    const ranged = await ok("meal-logs", s, { from: "2026-03-09", to: "2026-03-09", pageSize: "1" });
    expect(ranged.total).toBe(2);
    expect(ranged.items.map((r) => r.consumedAt)).toEqual(["2026-03-09T18:00:00.000Z"]);
  });
});

describe("GET /v1/web/tracking/workout-logs", () => {
  it("by performedOn descending, completed and unfinished logs both, with status", async () => {
    const s = await viewTrainee(w, newOwner());
    await insertLogs(t, s, [
      { performedOn: "2026-03-05", completed: true },
      {
        performedOn: "2026-03-09",
        completed: false,
        entries: [{ name: "Row", sets: [{ done: false, reps: 5 }] }],
      },
      {
        performedOn: "2026-03-07",
        completed: false,
        entries: [{ name: "Row", sets: [{ done: true, reps: 5 }] }],
      },
    ]);
    const data = await ok("workout-logs", s);
    expect(data.total).toBe(3);
    expect(data.items.map((r) => [r.performedOn, r.completed, r.status])).toEqual([
      ["2026-03-09", false, null],
      ["2026-03-07", false, "partial"],
      ["2026-03-05", true, "completed"],
    ]);
    expect(data.items[0]).toMatchObject({ clientId: s.clientId, entries: [{ name: "Row" }] });
    const ranged = await ok("workout-logs", s, { from: "2026-03-06", to: "2026-03-07" });
    expect(ranged.total).toBe(1);
  });
});

describe("raw lists: tenancy and no coach scoping", () => {
  it("another studio's, a missing and a deleted trainee answer NOT_FOUND client not found alike", async () => {
    const mine = await viewTrainee(w, newOwner());
    const foreign = await viewTrainee(w, newOwner());
    for (const kind of ["daily-metrics", "meal-logs", "workout-logs"]) {
      const away = await list(kind, { ...foreign, owner: mine.owner });
      expect(away.status).toBe(404);
      expect(away.body).toMatchObject({ code: "NOT_FOUND", message: "client not found" });
      const missing = await list(kind, { ...mine, clientId: "no-such-client" });
      expect(withoutRequestId(missing.body)).toEqual(withoutRequestId(away.body));
    }
    await t.deps.database.db
      .update(clients)
      .set({ deletedAt: new Date(START - 1000) })
      .where(eq(clients.id, mine.clientId));
    const gone = await list("daily-metrics", mine);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("client not found");
  });

  it("a coach limited to assigned trainees reads an unassigned trainee here (no coach scoping)", async () => {
    const owner = newOwner();
    const s = await viewTrainee(w, owner);
    await insertMetrics(s, days(2));
    await insertLogs(t, s, [{ performedOn: "2026-03-09" }]);
    await insertMeals(s, ["2026-03-09T08:00:00Z"]);
    const { coach, as } = await addCoach(w, owner, { permissions: { trainees: "assigned" } });
    await addClient(w, owner, { coachIds: [coach.id] });
    // The same coach is refused on the scoped views of this trainee.
    const scoped = await w.web("GET", `/v1/web/clients/${s.clientId}/tracking/summary`, as);
    expect(scoped.status).toBe(404);
    for (const [kind, n] of [
      ["daily-metrics", 2],
      ["meal-logs", 1],
      ["workout-logs", 1],
    ] as const) {
      const res = await list(kind, s, {}, as);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.total).toBe(n);
    }
  });
});
