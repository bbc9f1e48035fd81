import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { dailyMetrics, healthSamples } from "@studio/db";
import { startTestApp, type TestApp } from "./support/harness";
import { newTrainee, traineeCall, type Trainee } from "./support/tracking-fixtures";

let t: TestApp;
const START = Date.parse("2026-03-10T10:00:00Z"); // 12:00 on 2026-03-10 in Jerusalem
let clock = START;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock = START;
});

const dayRows = (clientId: string) =>
  t.deps.database.db.select().from(dailyMetrics).where(eq(dailyMetrics.clientId, clientId));
const dayRow = async (clientId: string, date: string) =>
  (
    await t.deps.database.db
      .select()
      .from(dailyMetrics)
      .where(and(eq(dailyMetrics.clientId, clientId), eq(dailyMetrics.date, date)))
  )[0];
const water = (s: Trainee, body: Record<string, unknown>) => s.call("POST", "/v1/trainee/water", body);

describe("GET and POST /v1/trainee/water", () => {
  it("an empty day: total 0, the trainee's water goal (else 0), no entries; no row is created", async () => {
    const s = await newTrainee(t, { waterGoalMl: 2500 });
    expect(await s.ok("GET", "/v1/trainee/water")).toEqual({
      date: "2026-03-10",
      waterMl: 0,
      goalMl: 2500,
      entries: [],
    });
    expect(await dayRows(s.clientId)).toEqual([]);
    const noGoal = await newTrainee(t);
    expect((await noGoal.ok("GET", "/v1/trainee/water")).goalMl).toBe(0);
  });

  it("201 with the day's waterMl and steps; requestId becomes the entry id; a negative amount deducts", async () => {
    const s = await newTrainee(t);
    const first = await water(s, { amountMl: 250, requestId: "r-1" });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ date: "2026-03-10", waterMl: 250, steps: 0 });
    await s.ok("POST", "/v1/trainee/steps", { steps: 4200 });
    expect(await s.ok("POST", "/v1/trainee/water", { amountMl: 500, requestId: "r-2" })).toEqual({
      date: "2026-03-10",
      waterMl: 750,
      steps: 4200,
    });
    expect((await s.ok("POST", "/v1/trainee/water", { amountMl: -100 })).waterMl).toBe(650);
    const day = await s.ok("GET", "/v1/trainee/water");
    expect(day.waterMl).toBe(650);
    expect(
      day.entries.map((e: any) => [e.id.startsWith("r-") ? e.id : "generated", e.amountMl, e.deductsEntryId]),
    ).toEqual([
      ["r-1", 250, null],
      ["r-2", 500, null],
      ["generated", -100, null],
    ]);
    expect(day.entries[0].at).toBe(new Date(START).toISOString());
  });

  it("the total never goes below zero", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300 });
    expect((await s.ok("POST", "/v1/trainee/water", { amountMl: -1000 })).waterMl).toBe(0);
  });

  it("an existing requestId changes nothing and answers the current totals", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 250, requestId: "same" });
    const replay = await water(s, { amountMl: 900, requestId: "same" });
    expect(replay.status).toBe(201);
    expect(replay.body.data.waterMl).toBe(250);
    expect((await s.ok("GET", "/v1/trainee/water")).entries).toHaveLength(1);
  });

  it("the same requestId sent 10 times at once is one entry", async () => {
    const s = await newTrainee(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => water(s, { amountMl: 330, requestId: "burst" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(answers.map((a) => a.body.data.waterMl)).toEqual(Array(10).fill(330));
    const day = await s.ok("GET", "/v1/trainee/water");
    expect(day).toMatchObject({ waterMl: 330 });
    expect(day.entries).toHaveLength(1);
  });

  it("20 parallel posts over HTTP all count: exact total, 20 entries, one day row", async () => {
    const s = await newTrainee(t);
    const amounts = Array.from({ length: 20 }, (_, i) => 100 + i); // 100..119
    const answers = await Promise.all(
      amounts.map((amountMl, i) => water(s, { amountMl, requestId: `p-${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const total = amounts.reduce((a, b) => a + b, 0);
    expect(Math.max(...answers.map((a) => a.body.data.waterMl))).toBe(total);
    const day = await s.ok("GET", "/v1/trainee/water");
    expect(day.waterMl).toBe(total);
    expect(day.entries.map((e: any) => e.id).sort()).toEqual(amounts.map((_, i) => `p-${i}`).sort());
    expect(await dayRows(s.clientId)).toHaveLength(1);
  });

  it("VALIDATION 422: amount 0, outside -5000..5000 or fractional, missing amount, ids outside 1..100, a future date", async () => {
    const s = await newTrainee(t);
    for (const body of [
      { amountMl: 0 },
      { amountMl: 5001 },
      { amountMl: -5001 },
      { amountMl: 2.5 },
      {},
      { amountMl: 100, requestId: "" },
      { amountMl: 100, requestId: "x".repeat(101) },
      { deductEntryId: "" },
      { amountMl: 100, date: "2026-03-11" },
      { amountMl: 100, date: "2026-02-30" },
    ]) {
      const res = await water(s, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    expect((await water(s, { amountMl: 100, date: "2026-03-11" })).body.message).toBe(
      "date: must not be in the future",
    );
    expect((await s.call("GET", "/v1/trainee/water?date=2026-03-11")).status).toBe(422);
    expect(await dayRows(s.clientId)).toEqual([]);
    expect((await water(s, { amountMl: 5000, requestId: "x".repeat(100) })).status).toBe(201);
    expect((await water(s, { amountMl: -5000 })).status).toBe(201);
  });

  it("a past date writes to and reads from that day", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 400, date: "2026-03-01" });
    expect((await s.ok("GET", "/v1/trainee/water?date=2026-03-01")).waterMl).toBe(400);
    expect((await s.ok("GET", "/v1/trainee/water")).waterMl).toBe(0);
  });
});

describe("undo and delete", () => {
  it("deductEntryId applies the entry's negative amount (amountMl ignored); a second undo changes nothing", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300, requestId: "a" });
    await s.ok("POST", "/v1/trainee/water", { amountMl: 200, requestId: "b" });
    const undo = await water(s, { deductEntryId: "a", amountMl: 4000, requestId: "undo-a" });
    expect(undo.status).toBe(201);
    expect(undo.body.data.waterMl).toBe(200);
    const again = await water(s, { deductEntryId: "a" });
    expect(again.status).toBe(201);
    expect(again.body.data.waterMl).toBe(200);
    const day = await s.ok("GET", "/v1/trainee/water");
    expect(day.entries.map((e: any) => [e.id, e.amountMl, e.deductsEntryId])).toEqual([
      ["a", 300, null],
      ["b", 200, null],
      ["undo-a", -300, "a"],
    ]);
  });

  it("10 undos of one entry at once deduct it once", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300, requestId: "a" });
    await s.ok("POST", "/v1/trainee/water", { amountMl: 200, requestId: "b" });
    await Promise.all(Array.from({ length: 10 }, () => water(s, { deductEntryId: "a" })));
    const day = await s.ok("GET", "/v1/trainee/water");
    expect(day.waterMl).toBe(200);
    expect(day.entries).toHaveLength(3);
  });

  it("undoing an unknown entry is NOT_FOUND; undoing an undo entry is VALIDATION", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300, requestId: "a" });
    await s.ok("POST", "/v1/trainee/water", { deductEntryId: "a", requestId: "undo-a" });
    const missing = await water(s, { deductEntryId: "nope" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "water entry not found" });
    const undoUndo = await water(s, { deductEntryId: "undo-a" });
    expect(undoUndo.status).toBe(422);
    expect((await s.ok("GET", "/v1/trainee/water")).entries).toHaveLength(2);
  });

  it("DELETE removes the entry and the undo entries pointing at it, and answers the totals", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/steps", { steps: 999 });
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300, requestId: "a" });
    await s.ok("POST", "/v1/trainee/water", { amountMl: 200, requestId: "b" });
    await s.ok("POST", "/v1/trainee/water", { deductEntryId: "b", requestId: "undo-b" });
    expect((await s.ok("GET", "/v1/trainee/water")).waterMl).toBe(300);
    const res = await s.call("DELETE", "/v1/trainee/water/b");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ date: "2026-03-10", waterMl: 300, steps: 999 });
    expect((await s.ok("GET", "/v1/trainee/water")).entries.map((e: any) => e.id)).toEqual(["a"]);
    // Deleting an entry restores what an undo of it took away only by removing both.
    const gone = await s.call("DELETE", "/v1/trainee/water/b");
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("water entry not found");
    expect((await s.call("DELETE", "/v1/trainee/water/a")).body.data.waterMl).toBe(0);
  });

  it("DELETE takes the day from the query (default today); a future day is VALIDATION", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300, requestId: "old", date: "2026-03-02" });
    expect((await s.call("DELETE", "/v1/trainee/water/old")).status).toBe(404);
    const res = await s.call("DELETE", "/v1/trainee/water/old?date=2026-03-02");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ date: "2026-03-02", waterMl: 0 });
    expect((await s.call("DELETE", "/v1/trainee/water/old?date=2026-03-11")).status).toBe(422);
  });

  it("another trainee's or another studio's entry id answers like a missing one", async () => {
    const s = await newTrainee(t);
    const other = await newTrainee(t);
    const neighbour = await newTrainee(t, {}, { studioId: s.studioId });
    await other.ok("POST", "/v1/trainee/water", { amountMl: 300, requestId: "theirs" });
    await neighbour.ok("POST", "/v1/trainee/water", { amountMl: 400, requestId: "neighbours" });
    const missing = await s.call("DELETE", "/v1/trainee/water/never");
    for (const id of ["theirs", "neighbours"]) {
      for (const res of [
        await s.call("DELETE", `/v1/trainee/water/${id}`),
        await water(s, { deductEntryId: id }),
      ]) {
        expect(res.status).toBe(404);
        expect({ ...res.body, requestId: "" }).toEqual({ ...missing.body, requestId: "" });
      }
    }
    expect((await other.ok("GET", "/v1/trainee/water")).waterMl).toBe(300);
    expect((await neighbour.ok("GET", "/v1/trainee/water")).waterMl).toBe(400);
    expect((await s.ok("GET", "/v1/trainee/water")).entries).toEqual([]);
  });
});

describe("the entry cap", () => {
  it("at most 1000 entries per day (undo entries count); a replay at the cap still answers the totals", async () => {
    const s = await newTrainee(t);
    const entries = Array.from({ length: 998 }, (_, i) => ({
      id: `seed-${i}`,
      amountMl: 1,
      at: new Date(START).toISOString(),
      deductsEntryId: null,
    }));
    await t.deps.database.db.insert(dailyMetrics).values({
      studioId: s.studioId,
      clientId: s.clientId,
      date: "2026-03-10",
      waterLogs: entries,
      waterMl: 998,
    });
    expect((await water(s, { amountMl: 10, requestId: "999th" })).status).toBe(201);
    expect((await water(s, { deductEntryId: "999th", requestId: "1000th" })).body.data.waterMl).toBe(998);
    const over = await water(s, { amountMl: 5 });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: "VALIDATION", message: "at most 1000 water entries per day" });
    const replay = await water(s, { amountMl: 10, requestId: "999th" });
    expect(replay.status).toBe(201);
    expect(replay.body.data.waterMl).toBe(998);
    const day = await s.ok("GET", "/v1/trainee/water");
    expect(day.entries).toHaveLength(1000);
    // Another day has its own thousand.
    expect((await water(s, { amountMl: 5, date: "2026-03-09" })).status).toBe(201);
  });
});

describe("POST /v1/trainee/steps", () => {
  it("sets (not adds) today's steps and keeps the day's water; 0 to 100,000", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 250 });
    const res = await s.call("POST", "/v1/trainee/steps", { steps: 5000 });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ date: "2026-03-10", waterMl: 250, steps: 5000 });
    expect((await s.ok("POST", "/v1/trainee/steps", { steps: 3000 })).steps).toBe(3000);
    expect((await s.ok("POST", "/v1/trainee/steps", { steps: 0 })).steps).toBe(0);
    expect((await s.ok("POST", "/v1/trainee/steps", { steps: 100_000 })).steps).toBe(100_000);
    for (const steps of [-1, 100_001, 1.5, "7"]) {
      expect((await s.call("POST", "/v1/trainee/steps", { steps })).status, String(steps)).toBe(422);
    }
    // No date parameter: an unknown date key is dropped, today is written.
    await s.ok("POST", "/v1/trainee/steps", { steps: 42, date: "2026-03-01" });
    expect((await dayRow(s.clientId, "2026-03-10"))!.steps).toBe(42);
    expect(await dayRow(s.clientId, "2026-03-01")).toBeUndefined();
  });

  it("20 parallel steps posts and 20 parallel water posts: one row, exact water, steps one of the sent values", async () => {
    const s = await newTrainee(t);
    const steps = Array.from({ length: 20 }, (_, i) => 1000 + i);
    const answers = await Promise.all([
      ...steps.map((value) => s.call("POST", "/v1/trainee/steps", { steps: value })),
      ...steps.map((_, i) => water(s, { amountMl: 50, requestId: `w-${i}` })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    // Each steps answer is the day after its own write.
    expect(answers.slice(0, 20).map((a) => a.body.data.steps)).toEqual(steps);
    const rows = await dayRows(s.clientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.waterMl).toBe(1000);
    expect(steps).toContain(rows[0]!.steps);
    expect((await s.ok("GET", "/v1/trainee/water")).entries).toHaveLength(20);
  });
});

describe("health sync", () => {
  it("POST /health/days sets each day's steps, skips days beyond 90 back or 1 forward, keeps the last duplicate", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 100, date: "2026-03-09" });
    const res = await s.call("POST", "/v1/trainee/health/days", {
      days: [
        { date: "2026-03-09", steps: 1000 },
        { date: "2026-03-08", steps: 2000 },
        { date: "2026-03-09", steps: 9000 },
        { date: "2025-12-10", steps: 1 }, // starts more than 90 days before now
        { date: "2025-12-11", steps: 2 },
        { date: "2026-03-11", steps: 3 }, // tomorrow: within a day
        { date: "2026-03-12", steps: 4 }, // more than a day ahead
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ days: 4 });
    const byDate = Object.fromEntries((await dayRows(s.clientId)).map((r) => [r.date, r.steps]));
    expect(byDate).toEqual({ "2026-03-09": 9000, "2026-03-08": 2000, "2025-12-11": 2, "2026-03-11": 3 });
    expect((await dayRow(s.clientId, "2026-03-09"))!.waterMl).toBe(100);
    // Sets, not adds.
    await s.ok("POST", "/v1/trainee/health/days", { days: [{ date: "2026-03-08", steps: 10 }] });
    expect((await dayRow(s.clientId, "2026-03-08"))!.steps).toBe(10);
    const skippedOnly = await s.ok("POST", "/v1/trainee/health/days", {
      days: [{ date: "2020-01-01", steps: 5 }],
    });
    expect(skippedOnly).toEqual({ days: 0 });
  });

  it("POST /health/days takes 1 to 90 days of 0 to 100,000 steps", async () => {
    const s = await newTrainee(t);
    const day = (i: number) => ({ date: `2026-01-${String((i % 28) + 1).padStart(2, "0")}`, steps: 1 });
    for (const body of [
      { days: [] },
      { days: Array.from({ length: 91 }, (_, i) => day(i)) },
      { days: [{ date: "2026-03-01", steps: 100_001 }] },
      { days: [{ date: "2026-03-01", steps: -1 }] },
      { days: [{ date: "03/01/2026", steps: 1 }] },
    ]) {
      expect((await s.call("POST", "/v1/trainee/health/days", body)).status).toBe(422);
    }
    expect(
      (
        await s.call("POST", "/v1/trainee/health/days", {
          days: Array.from({ length: 90 }, (_, i) => day(i)),
        })
      ).status,
    ).toBe(201);
  });

  it("GET /health/summary: days with a stored row from 7 days ago to today; heart rates always null", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/health/days", {
      days: [
        { date: "2026-03-02", steps: 100 },
        { date: "2026-03-03", steps: 300 },
        { date: "2026-03-10", steps: 1000 },
      ],
    });
    await s.ok("POST", "/v1/trainee/water", { amountMl: 100, date: "2026-03-05" });
    expect(await s.ok("GET", "/v1/trainee/health/summary")).toEqual({
      from: "2026-03-03",
      to: "2026-03-10",
      days: [
        { date: "2026-03-03", steps: 300 },
        { date: "2026-03-05", steps: 0 },
        { date: "2026-03-10", steps: 1000 },
      ],
      restingHeartRate: null,
      avgHeartRate: null,
      latestHeartRate: null,
    });
    const span = await s.ok("GET", "/v1/trainee/health/summary?from=2026-03-01&to=2026-03-03");
    expect(span.days.map((d: any) => d.date)).toEqual(["2026-03-02", "2026-03-03"]);
    // Date-times are read as the trainee's local days (22:30Z on 03-02 is 03-03 in Jerusalem).
    const times = await s.ok(
      "GET",
      `/v1/trainee/health/summary?from=${encodeURIComponent("2026-03-02T22:30:00Z")}&to=${encodeURIComponent("2026-03-03T10:00:00+02:00")}`,
    );
    expect(times).toMatchObject({ from: "2026-03-03", to: "2026-03-03" });
    expect(times.days).toEqual([{ date: "2026-03-03", steps: 300 }]);
    expect((await s.call("GET", "/v1/trainee/health/summary?from=2026-03-05&to=2026-03-01")).status).toBe(
      422,
    );
    expect((await s.call("GET", "/v1/trainee/health/summary?from=2024-01-01&to=2026-03-01")).status).toBe(
      422,
    );
    expect((await s.call("GET", "/v1/trainee/health/summary?from=yesterday")).status).toBe(422);
  });

  it("POST /health/samples (retired) accepts and stores once per source and externalId, leaving steps alone", async () => {
    const s = await newTrainee(t);
    const sample = (externalId: string, source = "HEALTHKIT") => ({
      type: "STEPS",
      value: 1200,
      unit: "count",
      source,
      externalId,
      startedAt: "2026-03-10T06:00:00Z",
      endedAt: "2026-03-10T07:00:00Z",
    });
    const res = await s.call("POST", "/v1/trainee/health/samples", {
      samples: [sample("a"), sample("b"), sample("a", "HEALTH_CONNECT"), sample("a")],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ received: 4, stored: 3 });
    expect(await s.ok("POST", "/v1/trainee/health/samples", { samples: [sample("b"), sample("c")] })).toEqual(
      {
        received: 2,
        stored: 1,
      },
    );
    const stored = await t.deps.database.db
      .select()
      .from(healthSamples)
      .where(eq(healthSamples.clientId, s.clientId));
    expect(stored).toHaveLength(4);
    expect(await dayRows(s.clientId)).toEqual([]);
    for (const body of [
      { samples: [] },
      { samples: [{ ...sample("x"), endedAt: "2026-03-10T05:00:00Z" }] },
      { samples: [{ ...sample("x"), type: "SLEEP" }] },
      { samples: [{ ...sample("x"), value: 1_000_001 }] },
      { samples: [{ ...sample("x"), unit: "" }] },
      { samples: Array.from({ length: 2001 }, (_, i) => sample(`n${i}`)) },
    ]) {
      expect((await s.call("POST", "/v1/trainee/health/samples", body)).status).toBe(422);
    }
    const many = await s.ok("POST", "/v1/trainee/health/samples", {
      samples: Array.from({ length: 2000 }, (_, i) => sample(`bulk-${i}`)),
    });
    expect(many).toEqual({ received: 2000, stored: 2000 });
  });
});

describe("preview sessions", () => {
  it("every water, steps and health write answers 403 PREVIEW_READ_ONLY; the GETs answer", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300, requestId: "a" });
    const preview = s.previewToken(clock);
    for (const [method, path, body] of [
      ["POST", "/v1/trainee/water", { amountMl: 100 }],
      ["POST", "/v1/trainee/water", { deductEntryId: "a" }],
      ["DELETE", "/v1/trainee/water/a", undefined],
      ["POST", "/v1/trainee/steps", { steps: 10 }],
      ["POST", "/v1/trainee/health/days", { days: [{ date: "2026-03-10", steps: 10 }] }],
      [
        "POST",
        "/v1/trainee/health/samples",
        {
          samples: [
            {
              type: "STEPS",
              value: 1,
              unit: "count",
              source: "HEALTHKIT",
              externalId: "p",
              startedAt: "2026-03-10T06:00:00Z",
              endedAt: "2026-03-10T06:00:00Z",
            },
          ],
        },
      ],
    ] as const) {
      const res = await traineeCall(t, preview, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ code: "FORBIDDEN", details: { reason: "PREVIEW_READ_ONLY" } });
    }
    expect((await traineeCall(t, preview, "GET", "/v1/trainee/water")).body.data.waterMl).toBe(300);
    expect((await traineeCall(t, preview, "GET", "/v1/trainee/health/summary")).status).toBe(200);
    expect((await dayRow(s.clientId, "2026-03-10"))!.steps).toBeNull();
  });
});
