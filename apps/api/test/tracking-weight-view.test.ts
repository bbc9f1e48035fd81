import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { clients, dailyMetrics, weightEntries } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addClient, withoutRequestId } from "./support/team-fixtures";
import { addCoach, atClock, viewTrainee, type ViewTrainee } from "./support/workout-view-fixtures";

// Document 2 "Weight view", POST /weights and /measurements. Clock: Tuesday 2026-03-10 12:00 in
// Jerusalem (UTC+2). 7d = 03-04..03-10, 30d = 02-09..03-10, 3m = 2025-12-11..03-10.
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
const view = async (s: ViewTrainee, range?: string) => {
  const res = await w.web(
    "GET",
    `/v1/web/clients/${s.clientId}/tracking/weight${range ? `?range=${range}` : ""}`,
    s.owner,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const weigh = (s: ViewTrainee, rows: [string, number, string?][]) =>
  db()
    .insert(weightEntries)
    .values(
      rows.map(([at, kg, source]) => ({
        studioId: s.studioId,
        clientId: s.clientId,
        recordedAt: new Date(at),
        weightKg: kg,
        source: source ?? "APP",
      })),
    );
const measure = (s: ViewTrainee, rows: [string, Record<string, number>, string?][]) =>
  db()
    .insert(dailyMetrics)
    .values(
      rows.map(([date, measurements, note]) => ({
        studioId: s.studioId,
        clientId: s.clientId,
        date,
        measurements,
        note,
      })),
    );
const post = (
  s: ViewTrainee,
  what: "weights" | "measurements",
  body: Record<string, unknown>,
  as = s.owner,
) => w.web("POST", `/v1/web/clients/${s.clientId}/tracking/${what}`, as, body);

describe("GET /v1/web/clients/{id}/tracking/weight", () => {
  it("no weigh-ins: start and current fall back to the trainee's weight, deltaKg null, 30d by default, five empty tiles", async () => {
    const s = await fresh({ weightKg: 80, goalWeightKg: 70 });
    const v = await view(s);
    expect(v).toMatchObject({
      range: "30d",
      from: "2026-02-09",
      to: "2026-03-10",
      startKg: 80,
      currentKg: 80,
      goalKg: 70,
      deltaKg: null,
      goalProgress: { pct: 0, direction: "lose" },
      weeklyRateKg: null,
      weighInEveryDays: null,
      points: [],
      log: [],
      history: [],
    });
    expect(v.circumferences.tiles).toEqual(
      ["chest", "waist", "hips", "arm", "thigh"].map((key) => ({
        key,
        current: null,
        first: null,
        delta: null,
        improving: null,
      })),
    );
    const none = await view(await fresh());
    expect(none).toMatchObject({
      startKg: null,
      currentKg: null,
      goalProgress: { pct: null, direction: null },
    });
  });

  it("start is the first entry, current the latest, deltaKg over two entries; points oldest first with deltas against the previous weigh-in over full history; log newest first; source labels", async () => {
    const s = await fresh({ weightKg: 60, goalWeightKg: 70 });
    await weigh(s, [
      ["2025-12-01T10:00:00Z", 90, "form"],
      ["2026-02-20T10:00:00Z", 88, "APP"],
      ["2026-02-27T10:00:00Z", 86, "COACH"],
      ["2026-03-06T10:00:00Z", 85, "import:csv"],
      ["2026-03-10T10:00:00Z", 84, "automation"],
    ]);
    await db().update(clients).set({ goalWeightKg: 70 }).where(eq(clients.id, s.clientId));
    const v = await view(s, "30d");
    expect(v).toMatchObject({ startKg: 90, currentKg: 84, deltaKg: -6, goalKg: 70 });
    // (90 - 84) / (90 - 70) = 30 %, losing.
    expect(v.goalProgress).toEqual({ pct: 30, direction: "lose" });
    expect(v.points.map((p: any) => [p.date, p.weightKg, p.deltaKg, p.source])).toEqual([
      ["2026-02-20", 88, -2, "APP"],
      ["2026-02-27", 86, -2, "coach"],
      ["2026-03-06", 85, -1, "import"],
      ["2026-03-10", 84, -1, "automation"],
    ]);
    expect(v.points[0]).toMatchObject({ time: "12:00", recordedAt: "2026-02-20T10:00:00.000Z", note: null });
    expect(v.log.map((p: any) => p.date)).toEqual(["2026-03-10", "2026-03-06", "2026-02-27", "2026-02-20"]);
    // (84 - 88) over 18 days, scaled to 7; 18 days over 3 gaps.
    expect(v.weeklyRateKg).toBe(-1.56);
    expect(v.weighInEveryDays).toBe(6);
    const week = await view(s, "7d");
    expect(week.points.map((p: any) => [p.date, p.deltaKg])).toEqual([
      ["2026-03-06", -1],
      ["2026-03-10", -1],
    ]);
    expect(week.weeklyRateKg).toBe(-1.75);
    expect(week.weighInEveryDays).toBe(4);
    const quarter = await view(s, "3m");
    expect(quarter.from).toBe("2025-12-11");
    expect(quarter.points[0]).toMatchObject({ date: "2026-02-20", deltaKg: -2 });
    // form source
    const all = await fresh();
    await weigh(all, [["2026-03-09T10:00:00Z", 70, "FORM"]]);
    expect((await view(all)).points[0].source).toBe("form");
  });

  it("weeklyRateKg is null for two points under a day apart; one entry gives deltaKg null and weighInEveryDays null", async () => {
    const s = await fresh();
    await weigh(s, [["2026-03-09T20:00:00Z", 80]]);
    const one = await view(s);
    expect(one).toMatchObject({
      startKg: 80,
      currentKg: 80,
      deltaKg: null,
      weeklyRateKg: null,
      weighInEveryDays: null,
    });
    expect(one.points[0].deltaKg).toBeNull();
    await weigh(s, [["2026-03-10T09:00:00Z", 79]]);
    const two = await view(s);
    expect(two).toMatchObject({ deltaKg: -1, weeklyRateKg: null, weighInEveryDays: 1 });
  });

  it("goal progress: gain direction, clamped 0 to 100, null when start equals goal or no goal", async () => {
    const gain = await fresh({ goalWeightKg: 70 });
    await weigh(gain, [
      ["2026-03-01T10:00:00Z", 60],
      ["2026-03-05T10:00:00Z", 65],
    ]);
    expect((await view(gain)).goalProgress).toEqual({ pct: 50, direction: "gain" });
    const past = await fresh({ goalWeightKg: 70 });
    await weigh(past, [
      ["2026-03-01T10:00:00Z", 80],
      ["2026-03-05T10:00:00Z", 60],
    ]);
    expect((await view(past)).goalProgress).toEqual({ pct: 100, direction: "lose" });
    const back = await fresh({ goalWeightKg: 70 });
    await weigh(back, [
      ["2026-03-01T10:00:00Z", 80],
      ["2026-03-05T10:00:00Z", 85],
    ]);
    expect((await view(back)).goalProgress).toEqual({ pct: 0, direction: "lose" });
    const equal = await fresh({ goalWeightKg: 80 });
    await weigh(equal, [
      ["2026-03-01T10:00:00Z", 80],
      ["2026-03-05T10:00:00Z", 75],
    ]);
    expect((await view(equal)).goalProgress).toEqual({ pct: null, direction: null });
    const noGoal = await fresh();
    await weigh(noGoal, [["2026-03-01T10:00:00Z", 80]]);
    expect((await view(noGoal)).goalProgress).toEqual({ pct: null, direction: null });
  });

  it("tiles: delta latest minus first over all time, improving up for arm and down for the rest, null under two values or zero delta; history newest first, days with a circumference in range only", async () => {
    const s = await fresh();
    await measure(s, [
      ["2026-01-01", { chest: 100, waist: 90, arm: 30, hips: 100, neck: 40 }],
      ["2026-03-05", { waist: 85, arm: 32 }, "felt good"],
      ["2026-03-06", { chest: 102, thigh: 55 }],
      ["2026-03-07", { neck: 41 }],
      ["2026-03-08", { waist: 85.5, hips: 100, arm: 31.5 }],
      ["2026-03-09", {}],
    ]);
    const v = await view(s, "30d");
    expect(v.circumferences.tiles).toEqual([
      { key: "chest", current: 102, first: 100, delta: 2, improving: false },
      { key: "waist", current: 85.5, first: 90, delta: -4.5, improving: true },
      { key: "hips", current: 100, first: 100, delta: 0, improving: null },
      { key: "arm", current: 31.5, first: 30, delta: 1.5, improving: true },
      { key: "thigh", current: 55, first: 55, delta: null, improving: null },
    ]);
    expect(v.history.map((h: any) => h.date)).toEqual([
      "2026-03-08",
      "2026-03-07",
      "2026-03-06",
      "2026-03-05",
    ]);
    expect(v.history[3]).toEqual({
      date: "2026-03-05",
      measurements: { waist: 85, arm: 32 },
      note: "felt good",
    });
    const arm = await fresh();
    await measure(arm, [
      ["2026-03-01", { arm: 33, waist: 80 }],
      ["2026-03-02", { arm: 32, waist: 81 }],
    ]);
    const tiles = (await view(arm)).circumferences.tiles;
    expect(tiles.find((x: any) => x.key === "arm")).toMatchObject({ delta: -1, improving: false });
    expect(tiles.find((x: any) => x.key === "waist")).toMatchObject({ delta: 1, improving: false });
  });

  it("an unknown range is VALIDATION", async () => {
    const s = await fresh();
    const res = await w.web("GET", `/v1/web/clients/${s.clientId}/tracking/weight?range=1y`, s.owner);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
  });
});

describe("POST /v1/web/clients/{id}/tracking/weights", () => {
  it("today: source coach stored lower-case, recordedAt now, the headline weight follows; weightKg coerced, note trimmed", async () => {
    const s = await fresh({ weightKg: 90 });
    const res = await post(s, "weights", { weightKg: "81.5", note: "  after holiday  " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      weightKg: 81.5,
      recordedAt: new Date(START).toISOString(),
      note: "after holiday",
      source: "coach",
      editable: false,
    });
    const [row] = await db().select().from(weightEntries).where(eq(weightEntries.clientId, s.clientId));
    expect(row!.source).toBe("coach");
    const [client] = await db().select().from(clients).where(eq(clients.id, s.clientId));
    expect(client!.weightKg).toBe(81.5);
  });

  it("an earlier date: recordedAt is local noon; the headline weight is kept when the entry is not the latest, set when it is", async () => {
    const s = await fresh({ weightKg: 90 });
    await weigh(s, [["2026-03-08T08:00:00Z", 88]]);
    await db().update(clients).set({ weightKg: 88 }).where(eq(clients.id, s.clientId));
    const older = await post(s, "weights", { weightKg: 87, date: "2026-03-05" });
    expect(older.status, JSON.stringify(older.body)).toBe(201);
    expect(older.body.data.recordedAt).toBe("2026-03-05T10:00:00.000Z");
    let [client] = await db().select().from(clients).where(eq(clients.id, s.clientId));
    expect(client!.weightKg).toBe(88);
    const newer = await post(s, "weights", { weightKg: 86, date: "2026-03-09" });
    expect(newer.body.data.recordedAt).toBe("2026-03-09T10:00:00.000Z");
    [client] = await db().select().from(clients).where(eq(clients.id, s.clientId));
    expect(client!.weightKg).toBe(86);
    const v = await view(s);
    expect(v.points.map((p: any) => [p.date, p.source])).toEqual([
      ["2026-03-05", "coach"],
      ["2026-03-08", "APP"],
      ["2026-03-09", "coach"],
    ]);
  });

  it("a future date is BAD_REQUEST; bad bodies are VALIDATION; nothing is written", async () => {
    const s = await fresh();
    const future = await post(s, "weights", { weightKg: 80, date: "2026-03-11" });
    expect(future.status).toBe(400);
    expect(future.body.code).toBe("BAD_REQUEST");
    for (const body of [
      { weightKg: 0 },
      { weightKg: 501 },
      { weightKg: "abc" },
      {},
      { weightKg: 80, date: "2025-02-30" },
      { weightKg: 80, note: "x".repeat(501) },
    ]) {
      const res = await post(s, "weights", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    expect(await db().select().from(weightEntries).where(eq(weightEntries.clientId, s.clientId))).toEqual([]);
    expect((await post(s, "weights", { weightKg: 500, note: "x".repeat(500) })).status).toBe(201);
  });
});

describe("POST /v1/web/clients/{id}/tracking/measurements", () => {
  const dayRow = async (s: ViewTrainee, date: string) =>
    (
      await db()
        .select()
        .from(dailyMetrics)
        .where(and(eq(dailyMetrics.clientId, s.clientId), eq(dailyMetrics.date, date)))
    )[0];

  it("merges into the day's measurements (other keys such as neck kept, sent keys overwritten), appends a different note on a new line; values list only the five keys", async () => {
    const s = await fresh();
    await measure(s, [["2026-03-09", { neck: 40, waist: 90, chest: 100 }, "old"]]);
    const res = await post(s, "measurements", { date: "2026-03-09", waist: "88", arm: 31, note: " new " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      date: "2026-03-09",
      values: { chest: 100, waist: 88, hips: null, arm: 31, thigh: null },
      note: "old\nnew",
    });
    expect(Object.keys(res.body.data.values)).toEqual(["chest", "waist", "hips", "arm", "thigh"]);
    const row = await dayRow(s, "2026-03-09");
    expect(row!.measurements).toEqual({ neck: 40, waist: 88, chest: 100, arm: 31 });
    expect(row!.note).toBe("old\nnew");
    // The same note again is not appended twice; no note keeps the stored one.
    const same = await post(s, "measurements", { date: "2026-03-09", hips: 99 });
    expect(same.body.data.note).toBe("old\nnew");
  });

  it("a day without a row gets one (default today); a same note is not duplicated", async () => {
    const s = await fresh();
    const res = await post(s, "measurements", { thigh: 55, note: "n" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      date: "2026-03-10",
      values: { thigh: 55, chest: null },
      note: "n",
    });
    const again = await post(s, "measurements", { thigh: 56, note: "n" });
    expect(again.body.data).toMatchObject({ values: { thigh: 56 }, note: "n" });
    expect(await db().select().from(dailyMetrics).where(eq(dailyMetrics.clientId, s.clientId))).toHaveLength(
      1,
    );
  });

  it("at least one measurement is required (VALIDATION); limits; a future date is BAD_REQUEST", async () => {
    const s = await fresh();
    const none = await post(s, "measurements", { note: "only a note" });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: "VALIDATION", message: "at least one measurement is required" });
    for (const body of [
      { waist: 0 },
      { waist: 301 },
      { waist: 80, note: "x".repeat(501) },
      { waist: 80, date: "2026-13-01" },
    ]) {
      const res = await post(s, "measurements", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await post(s, "measurements", { waist: 300 })).status).toBe(201);
    const future = await post(s, "measurements", { waist: 80, date: "2026-03-11" });
    expect(future.status).toBe(400);
    expect(future.body.code).toBe("BAD_REQUEST");
  });
});

describe("coach scoping and tenancy of the weight routes", () => {
  it("a limited coach, another studio, a missing and a deleted trainee get NOT_FOUND trainee not found alike; nothing written", async () => {
    const owner = newOwner();
    const mine = await viewTrainee(w, owner);
    const { coach, as } = await addCoach(w, owner, { permissions: { trainees: "assigned" } });
    const assigned = await addClient(w, owner, { coachIds: [coach.id] });
    const foreign = await fresh();
    const away = await w.web("GET", `/v1/web/clients/${foreign.clientId}/tracking/weight`, owner);
    expect(away.status).toBe(404);
    expect(away.body.message).toBe("trainee not found");
    expect((await w.web("GET", `/v1/web/clients/${assigned.id}/tracking/weight`, as)).status).toBe(200);
    expect((await post({ ...mine, clientId: assigned.id }, "weights", { weightKg: 80 }, as)).status).toBe(
      201,
    );
    const calls = [
      () => w.web("GET", `/v1/web/clients/${mine.clientId}/tracking/weight`, as),
      () => post(mine, "weights", { weightKg: 80 }, as),
      () => post(mine, "measurements", { waist: 80 }, as),
      () => post({ ...foreign, owner }, "weights", { weightKg: 80 }),
      () => post({ ...foreign, owner }, "measurements", { waist: 80 }),
      () => w.web("GET", `/v1/web/clients/no-such/tracking/weight`, owner),
    ];
    for (const call of calls) {
      const res = await call();
      expect(withoutRequestId(res.body)).toEqual(withoutRequestId(away.body));
    }
    await db()
      .update(clients)
      .set({ deletedAt: new Date(START - 1000) })
      .where(eq(clients.id, mine.clientId));
    const gone = await post(mine, "weights", { weightKg: 80 });
    expect(withoutRequestId(gone.body)).toEqual(withoutRequestId(away.body));
    expect(await db().select().from(weightEntries).where(eq(weightEntries.clientId, mine.clientId))).toEqual(
      [],
    );
    expect(await db().select().from(dailyMetrics).where(eq(dailyMetrics.clientId, mine.clientId))).toEqual(
      [],
    );
  });
});
