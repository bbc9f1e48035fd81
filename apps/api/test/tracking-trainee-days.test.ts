import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { clients, dailyMetrics } from "@studio/db";
import { startTestApp, type TestApp } from "./support/harness";
import { clientRow, newTrainee, traineeCall } from "./support/tracking-fixtures";

// Day resolution (document 3 "Daily metric and logs"): the app sends its IANA zone in x-timezone
// on every request; the zone order is trainee, studio, then Asia/Jerusalem.
// 02:00 UTC on 2026-03-11: 22:00 on 03-10 in New York, 04:00 on 03-11 in Jerusalem, 11:00 in Tokyo.
const NOW = Date.parse("2026-03-11T02:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(NOW) });
});
afterAll(async () => t?.close());

const todayOf = async (s: Awaited<ReturnType<typeof newTrainee>>, headers?: Record<string, string>) =>
  (await s.ok("GET", "/v1/trainee/water", undefined, headers)).date as string;
const rowDates = async (clientId: string) =>
  (await t.deps.database.db.select().from(dailyMetrics).where(eq(dailyMetrics.clientId, clientId))).map(
    (r) => r.date,
  );

describe("the trainee's day", () => {
  it("the trainee's zone first", async () => {
    const s = await newTrainee(t, { timezone: "America/New_York" }, { studioTimezone: "Asia/Tokyo" });
    expect(await todayOf(s)).toBe("2026-03-10");
  });

  it("the studio's zone when the trainee has none (or an invalid one)", async () => {
    const s = await newTrainee(t, { timezone: null }, { studioTimezone: "Asia/Tokyo" });
    expect(await todayOf(s)).toBe("2026-03-11");
    const ny = await newTrainee(t, { timezone: "Mars/Olympus" }, { studioTimezone: "America/New_York" });
    expect(await todayOf(ny)).toBe("2026-03-10");
  });

  it("Asia/Jerusalem when neither holds a valid zone", async () => {
    const s = await newTrainee(t, { timezone: null }, { studioTimezone: "Not/AZone" });
    expect(await todayOf(s)).toBe("2026-03-11");
    await s.ok("POST", "/v1/trainee/steps", { steps: 10 });
    expect(await rowDates(s.clientId)).toEqual(["2026-03-11"]);
  });

  it("x-timezone decides the request's day and is stored on the trainee (canonical spelling)", async () => {
    const s = await newTrainee(t, { timezone: "Asia/Jerusalem" });
    expect(await todayOf(s, { "x-timezone": "america/new_york" })).toBe("2026-03-10");
    expect((await clientRow(t, s.clientId)).timezone).toBe("America/New_York");
    // The next request without the header follows the stored zone.
    expect(await todayOf(s)).toBe("2026-03-10");
    // Steps go to today in that zone.
    await s.ok("POST", "/v1/trainee/steps", { steps: 5000 }, { "x-timezone": "Asia/Tokyo" });
    expect(await rowDates(s.clientId)).toEqual(["2026-03-11"]);
    // The future-date rule follows the zone too: 03-11 is still tomorrow in Los Angeles.
    const la = await s.call(
      "POST",
      "/v1/trainee/water",
      { amountMl: 100, date: "2026-03-11" },
      {
        "x-timezone": "America/Los_Angeles",
      },
    );
    expect(la.status).toBe(422);
    expect(
      (
        await s.call(
          "POST",
          "/v1/trainee/water",
          { amountMl: 100, date: "2026-03-11" },
          { "x-timezone": "Asia/Tokyo" },
        )
      ).status,
    ).toBe(201);
  });

  it("an invalid x-timezone is ignored: the stored zone decides", async () => {
    const s = await newTrainee(t, { timezone: "America/New_York" });
    expect(await todayOf(s, { "x-timezone": "Mars/Olympus" })).toBe("2026-03-10");
    expect((await clientRow(t, s.clientId)).timezone).toBe("America/New_York");
  });

  it("the header wins over a stored zone this process believes current (another writer changed it)", async () => {
    const s = await newTrainee(t, { timezone: "Asia/Jerusalem" });
    expect(await todayOf(s, { "x-timezone": "America/New_York" })).toBe("2026-03-10");
    // Someone else (the coach's web app, another replica) changes the stored zone.
    await t.deps.database.db
      .update(clients)
      .set({ timezone: "Asia/Tokyo" })
      .where(eq(clients.id, s.clientId));
    expect(await todayOf(s, { "x-timezone": "America/New_York" })).toBe("2026-03-10");
  });

  it("a preview's x-timezone is the coach's device: neither stored nor used", async () => {
    const s = await newTrainee(t, { timezone: "Asia/Tokyo" });
    const preview = s.previewToken(NOW);
    const res = await traineeCall(t, preview, "GET", "/v1/trainee/water", undefined, {
      "x-timezone": "America/New_York",
    });
    expect(res.body.data.date).toBe("2026-03-11");
    expect((await clientRow(t, s.clientId)).timezone).toBe("Asia/Tokyo");
  });

  it("instants are bucketed into the trainee's days at read time", async () => {
    const s = await newTrainee(t, { timezone: "Asia/Jerusalem" });
    await s.ok("POST", "/v1/trainee/weight", { weightKg: 80, recordedAt: "2026-03-10T23:30:00Z" });
    const inJerusalem = await s.ok("GET", "/v1/trainee/measurements/summary");
    expect(inJerusalem.log[0]).toMatchObject({ date: "2026-03-11", time: "01:30" });
    const inNewYork = await s.ok("GET", "/v1/trainee/measurements/summary", undefined, {
      "x-timezone": "America/New_York",
    });
    expect(inNewYork.log[0]).toMatchObject({ date: "2026-03-10", time: "19:30" });
    expect(inNewYork.chart[0]).toMatchObject({ date: "2026-03-10" });
  });

  it("per-day rows keep the key they were written under", async () => {
    const s = await newTrainee(t, { timezone: "America/New_York" });
    await s.ok("POST", "/v1/trainee/water", { amountMl: 300 });
    const [row] = await t.deps.database.db
      .select()
      .from(dailyMetrics)
      .where(and(eq(dailyMetrics.clientId, s.clientId), eq(dailyMetrics.date, "2026-03-10")));
    expect(row!.waterMl).toBe(300);
    // Read from Tokyo, "today" is another day with nothing in it; the written day is still there.
    expect((await s.ok("GET", "/v1/trainee/water", undefined, { "x-timezone": "Asia/Tokyo" })).waterMl).toBe(
      0,
    );
    expect(
      (await s.ok("GET", "/v1/trainee/water?date=2026-03-10", undefined, { "x-timezone": "Asia/Tokyo" }))
        .waterMl,
    ).toBe(300);
  });
});
