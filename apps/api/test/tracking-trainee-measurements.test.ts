import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { dailyMetrics, weightEntries } from "@studio/db";
import { startTestApp, type TestApp } from "./support/harness";
import { insertWeighIn, newTrainee, traineeCall } from "./support/tracking-fixtures";

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

const DAY = 86_400_000;
const metricRow = async (clientId: string, date: string) =>
  (
    await t.deps.database.db
      .select()
      .from(dailyMetrics)
      .where(and(eq(dailyMetrics.clientId, clientId), eq(dailyMetrics.date, date)))
  )[0];

describe("POST /v1/trainee/measurements", () => {
  it("201 with the DailyMetric row of today; a second call the same day merges over the first", async () => {
    const s = await newTrainee(t);
    const res = await s.call("POST", "/v1/trainee/measurements", {
      waist: 80,
      hips: 95.5,
      note: " morning ",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      date: "2026-03-10",
      measurements: { waist: 80, hips: 95.5 },
      note: "morning",
      steps: null,
      waterMl: 0,
      waterLogs: [],
    });
    const second = await s.ok("POST", "/v1/trainee/measurements", { waist: 79, chest: 101, neck: 38 });
    expect(second.id).toBe(res.body.data.id);
    expect(second.measurements).toEqual({ chest: 101, waist: 79, hips: 95.5, neck: 38 });
    expect(second.note).toBe("morning");
  });

  it("a different note is appended on a new line; the same note is kept once", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/measurements", { arm: 35, note: "first" });
    expect((await s.ok("POST", "/v1/trainee/measurements", { arm: 35, note: "first" })).note).toBe("first");
    expect((await s.ok("POST", "/v1/trainee/measurements", { thigh: 55, note: "second" })).note).toBe(
      "first\nsecond",
    );
  });

  it("six parallel posts of one key each all land on the day (atomic merge)", async () => {
    const s = await newTrainee(t);
    const keys = ["chest", "waist", "hips", "arm", "thigh", "neck"];
    const answers = await Promise.all(
      keys.map((k, i) => s.call("POST", "/v1/trainee/measurements", { [k]: 30 + i })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect((await metricRow(s.clientId, "2026-03-10"))!.measurements).toEqual({
      chest: 30,
      waist: 31,
      hips: 32,
      arm: 33,
      thigh: 34,
      neck: 35,
    });
  });

  it("a past date writes that day; the water of the day stays", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/water", { amountMl: 500, date: "2026-03-01" });
    const row = await s.ok("POST", "/v1/trainee/measurements", { waist: 82, date: "2026-03-01" });
    expect(row).toMatchObject({ date: "2026-03-01", waterMl: 500, measurements: { waist: 82 } });
  });

  it("VALIDATION 422: no measurement, values not above 0 or over 500, note over 1000, a future or unreal date", async () => {
    const s = await newTrainee(t);
    for (const body of [
      {},
      { note: "only a note" },
      { waist: 0 },
      { waist: -1 },
      { waist: 500.5 },
      { waist: "80" },
      { waist: 80, note: "x".repeat(1001) },
      { waist: 80, date: "2026-03-11" },
      { waist: 80, date: "2026-02-30" },
    ]) {
      const res = await s.call("POST", "/v1/trainee/measurements", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await s.call("POST", "/v1/trainee/measurements", {})).body.message).toBe(
      "measurements: at least one measurement is required",
    );
    expect(await metricRow(s.clientId, "2026-03-10")).toBeUndefined();
    expect(
      (await s.call("POST", "/v1/trainee/measurements", { waist: 500, note: "x".repeat(1000) })).status,
    ).toBe(201);
  });

  it("previews may not write measurements or photos", async () => {
    const s = await newTrainee(t);
    const preview = s.previewToken(clock);
    for (const [path, body] of [
      ["/v1/trainee/measurements", { waist: 80 }],
      ["/v1/trainee/photos", { url: "https://cdn.example.com/p.jpg", angle: "FRONT" }],
    ] as const) {
      const res = await traineeCall(t, preview, "POST", path, body);
      expect(res.status).toBe(403);
      expect(res.body.details).toEqual({ reason: "PREVIEW_READ_ONLY" });
    }
  });
});

describe("GET /v1/trainee/measurements/summary", () => {
  it("an empty trainee: weights fall back to the trainee's weight, five empty tiles, no log", async () => {
    const s = await newTrainee(t, { weightKg: 90, goalWeightKg: 80 });
    expect(await s.ok("GET", "/v1/trainee/measurements/summary")).toEqual({
      weights: { startKg: 90, currentKg: 90, goalKg: 80, changeKg: 0 },
      count: 0,
      goalProgress: { pct: 0, direction: "lose" },
      chart: [],
      tiles: ["chest", "waist", "hips", "arm", "thigh"].map((key) => ({
        key,
        current: null,
        first: null,
        delta: null,
      })),
      log: [],
    });
    const none = await newTrainee(t);
    expect((await none.ok("GET", "/v1/trainee/measurements/summary")).weights).toEqual({
      startKg: null,
      currentKg: null,
      goalKg: null,
      changeKg: null,
    });
  });

  it("headline weights and goal progress: from start to goal, clamped 0 to 100, lose or gain, null when missing or start equals goal", async () => {
    const cases: [number, number, number | null, { pct: number | null; direction: string | null }][] = [
      [90, 85, 80, { pct: 50, direction: "lose" }],
      [90, 95, 80, { pct: 0, direction: "lose" }],
      [90, 75, 80, { pct: 100, direction: "lose" }],
      [60, 67, 70, { pct: 70, direction: "gain" }],
      [60, 62, null, { pct: null, direction: null }],
      [80, 78, 80, { pct: null, direction: null }],
    ];
    for (const [start, current, goal, expected] of cases) {
      const s = await newTrainee(t, { goalWeightKg: goal });
      await insertWeighIn(t, s, { weightKg: start, recordedAt: "2026-02-01T08:00:00Z" });
      await insertWeighIn(t, s, { weightKg: current, recordedAt: "2026-03-01T08:00:00Z" });
      const summary = await s.ok("GET", "/v1/trainee/measurements/summary");
      expect(summary.goalProgress, `${start} ${current} ${goal}`).toEqual(expected);
      expect(summary.weights).toEqual({
        startKg: start,
        currentKg: current,
        goalKg: goal,
        changeKg: current - start,
      });
    }
  });

  it("count is weigh-ins plus days with measurements", async () => {
    const s = await newTrainee(t);
    await insertWeighIn(t, s, { weightKg: 80, recordedAt: "2026-03-01T08:00:00Z" });
    await insertWeighIn(t, s, { weightKg: 80, recordedAt: "2026-03-01T18:00:00Z" });
    await s.ok("POST", "/v1/trainee/measurements", { waist: 80, date: "2026-03-01" });
    await s.ok("POST", "/v1/trainee/measurements", { waist: 79, date: "2026-03-05" });
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300, date: "2026-03-06" }); // a day without measurements
    expect((await s.ok("GET", "/v1/trainee/measurements/summary")).count).toBe(4);
  });

  it("chart: the last 90 local days, downsampled to 12 evenly spread points with both ends kept", async () => {
    const s = await newTrainee(t);
    await insertWeighIn(t, s, { weightKg: 99, recordedAt: new Date(START - 120 * DAY).toISOString() }); // outside
    const times = Array.from({ length: 30 }, (_, i) => START - (87 - 3 * i) * DAY); // 87 days ago .. today
    for (const [i, time] of times.entries()) {
      await insertWeighIn(t, s, { weightKg: 60 + i, recordedAt: new Date(time).toISOString() });
    }
    const { chart } = await s.ok("GET", "/v1/trainee/measurements/summary");
    expect(chart).toHaveLength(12);
    const expectedIndexes = Array.from({ length: 12 }, (_, i) => Math.round((i * 29) / 11));
    expect(chart.map((p: any) => p.weightKg)).toEqual(expectedIndexes.map((i) => 60 + i));
    expect(chart[0]).toEqual({
      date: new Date(times[0]!).toISOString().slice(0, 10),
      recordedAt: new Date(times[0]!).toISOString(),
      weightKg: 60,
    });
    expect(chart.at(-1)).toMatchObject({ date: "2026-03-10", weightKg: 89 });
  });

  it("chart: all weigh-ins when fewer than two fall in the 90-day window; short lists unchanged", async () => {
    const s = await newTrainee(t);
    await insertWeighIn(t, s, { weightKg: 70, recordedAt: new Date(START - 200 * DAY).toISOString() });
    await insertWeighIn(t, s, { weightKg: 71, recordedAt: new Date(START - 150 * DAY).toISOString() });
    await insertWeighIn(t, s, { weightKg: 72, recordedAt: new Date(START - 2 * DAY).toISOString() });
    expect((await s.ok("GET", "/v1/trainee/measurements/summary")).chart.map((p: any) => p.weightKg)).toEqual(
      [70, 71, 72],
    );
    await insertWeighIn(t, s, { weightKg: 73, recordedAt: new Date(START - DAY).toISOString() });
    expect((await s.ok("GET", "/v1/trainee/measurements/summary")).chart.map((p: any) => p.weightKg)).toEqual(
      [72, 73],
    );
    // The window is by local date: 89 days ago at 00:30 Jerusalem is inside, the evening before is not.
    const edge = await newTrainee(t);
    await insertWeighIn(t, edge, { weightKg: 50, recordedAt: "2025-12-10T22:30:00Z" }); // 2025-12-11 00:30 local
    await insertWeighIn(t, edge, { weightKg: 51, recordedAt: "2025-12-10T21:30:00Z" }); // 2025-12-10 23:30 local
    await insertWeighIn(t, edge, { weightKg: 52, recordedAt: "2026-03-01T08:00:00Z" });
    expect(
      (await edge.ok("GET", "/v1/trainee/measurements/summary")).chart.map((p: any) => [p.date, p.weightKg]),
    ).toEqual([
      ["2025-12-11", 50],
      ["2026-03-01", 52],
    ]);
  });

  it("tiles: chest, waist, hips, arm, thigh with current, first and delta (null under two values)", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/measurements", { waist: 90, chest: 100, neck: 40, date: "2026-02-01" });
    await s.ok("POST", "/v1/trainee/measurements", { waist: 85.3, arm: 33, date: "2026-02-15" });
    await s.ok("POST", "/v1/trainee/measurements", { waist: 84.1, neck: 39, date: "2026-03-01" });
    const { tiles } = await s.ok("GET", "/v1/trainee/measurements/summary");
    expect(tiles).toEqual([
      { key: "chest", current: 100, first: 100, delta: null },
      { key: "waist", current: 84.1, first: 90, delta: -5.9 },
      { key: "hips", current: null, first: null, delta: null },
      { key: "arm", current: 33, first: 33, delta: null },
      { key: "thigh", current: null, first: null, delta: null },
    ]);
  });

  it("day log: newest first, time in the trainee zone, the day's measurements on its last weigh-in, measurement-only days, editable only for app weigh-ins", async () => {
    const s = await newTrainee(t, { timezone: "America/New_York" });
    // 2026-03-05T03:30Z is 22:30 on 03-04 in New York.
    const coach = await insertWeighIn(t, s, {
      weightKg: 81,
      recordedAt: "2026-03-05T03:30:00Z",
      source: "coach",
    });
    const early = await s.ok("POST", "/v1/trainee/weight", {
      weightKg: 80.5,
      recordedAt: "2026-03-04T12:00:00Z",
    });
    const form = await insertWeighIn(t, s, {
      weightKg: 80,
      recordedAt: "2026-03-06T14:05:00Z",
      source: "form",
    });
    const imported = await insertWeighIn(t, s, {
      weightKg: 79,
      recordedAt: "2026-03-07T14:05:00Z",
      source: "import:csv",
    });
    await s.ok("POST", "/v1/trainee/measurements", { waist: 88, date: "2026-03-04" });
    clock = Date.parse("2026-03-08T15:45:00Z"); // 11:45 in New York
    await s.ok("POST", "/v1/trainee/measurements", { chest: 101, note: "tape" });
    clock = START;
    const { log } = await s.ok("GET", "/v1/trainee/measurements/summary");
    expect(log).toEqual([
      {
        date: "2026-03-08",
        time: "11:45",
        weightEntryId: null,
        weightKg: null,
        note: "tape",
        source: "APP",
        editable: false,
        measurements: { chest: 101 },
      },
      {
        date: "2026-03-07",
        time: "09:05",
        weightEntryId: imported.id,
        weightKg: 79,
        note: null,
        source: "import",
        editable: false,
        measurements: null,
      },
      {
        date: "2026-03-06",
        time: "09:05",
        weightEntryId: form.id,
        weightKg: 80,
        note: null,
        source: "form",
        editable: false,
        measurements: null,
      },
      {
        date: "2026-03-04",
        time: "22:30",
        weightEntryId: coach.id,
        weightKg: 81,
        note: null,
        source: "coach",
        editable: false,
        measurements: { waist: 88 },
      },
      {
        date: "2026-03-04",
        time: "07:00",
        weightEntryId: early.id,
        weightKg: 80.5,
        note: null,
        source: "APP",
        editable: true,
        measurements: null,
      },
    ]);
  });

  it("day log: at most 120 rows", async () => {
    const s = await newTrainee(t);
    const rows = Array.from({ length: 125 }, (_, i) => ({
      studioId: s.studioId,
      clientId: s.clientId,
      weightKg: 70 + i / 10,
      recordedAt: new Date(START - i * 3_600_000),
      source: "APP",
    }));
    await t.deps.database.db.insert(weightEntries).values(rows);
    const summary = await s.ok("GET", "/v1/trainee/measurements/summary");
    expect(summary.count).toBe(125);
    expect(summary.log).toHaveLength(120);
    expect(summary.log[0].weightKg).toBe(70);
    expect(summary.log.every((r: any) => r.editable)).toBe(true);
  });
});
