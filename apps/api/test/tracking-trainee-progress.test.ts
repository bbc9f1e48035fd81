import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LocalObjectStorage } from "@studio/providers/storage";
import { eq } from "drizzle-orm";
import { progressPhotos, workoutLogs } from "@studio/db";
import { startTestApp, type TestApp } from "./support/harness";
import {
  insertProgram,
  insertWeighIn,
  insertWorkoutLog,
  newTrainee,
  trainingDays,
  type Trainee,
} from "./support/tracking-fixtures";

let t: TestApp;
const START = Date.parse("2026-03-10T10:00:00Z"); // Tuesday 2026-03-10, 12:00 in Jerusalem
let clock = START;
// Photos name uploads of the trainee (issue 29): objects stored under the trainee's own prefix.
const storage = new LocalObjectStorage({
  dir: mkdtempSync(join(tmpdir(), "progress-photos-")),
  publicBaseUrl: "https://cdn.example.com",
});
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock), storage });
});
/** An image stored under the trainee's upload prefix (as the uploads routes store it); its URL. */
const uploaded = async (s: Trainee, name: string) => {
  const key = `studios/${s.studioId}/trainees/${s.clientId}/${name}`;
  await storage.putObject({ key, body: new Uint8Array([1, 2, 3]), contentType: "image/jpeg" });
  return storage.publicUrl(key);
};
afterAll(async () => t?.close());
beforeEach(() => {
  clock = START;
});

const progress = (s: Trainee) => s.ok("GET", "/v1/trainee/progress");
const workoutsOn = async (s: Trainee, days: string[], completed = true) => {
  for (const performedOn of days) await insertWorkoutLog(t, s, { performedOn, completed });
};

describe("GET /v1/trainee/progress: weight, measurements, photos", () => {
  it("an empty trainee: the trainee's weight for both ends, goal null, nothing else", async () => {
    const s = await newTrainee(t, { weightKg: 88, goalWeightKg: 75 });
    expect(await progress(s)).toEqual({
      weight: { startKg: 88, currentKg: 88, changeKg: 0, goalKg: null },
      weighIns: [],
      measurements: { date: null, chest: null, waist: null, hips: null, arm: null, thigh: null, neck: null },
      photos: [],
      streak: { current: 0, best: 0 },
      weeklyCompliance: 0,
      personalRecords: [],
    });
  });

  it("trend from the earliest and latest weigh-ins; every weigh-in oldest first with its full instant; goal always null", async () => {
    const s = await newTrainee(t, { weightKg: 88, goalWeightKg: 75 });
    await insertWeighIn(t, s, { weightKg: 84, recordedAt: "2026-03-05T06:15:30.500Z", source: "coach" });
    await s.ok("POST", "/v1/trainee/weight", {
      weightKg: 86.2,
      recordedAt: "2026-02-01T07:00:00Z",
      note: "start",
    });
    await s.ok("POST", "/v1/trainee/weight", { weightKg: 83.1, recordedAt: "2026-03-09T07:00:00Z" });
    const p = await progress(s);
    expect(p.weight).toEqual({ startKg: 86.2, currentKg: 83.1, changeKg: -3.1, goalKg: null });
    expect(p.weighIns.map((w: any) => [w.date, w.weightKg, w.source, w.note])).toEqual([
      ["2026-02-01T07:00:00.000Z", 86.2, "APP", "start"],
      ["2026-03-05T06:15:30.500Z", 84, "coach", null],
      ["2026-03-09T07:00:00.000Z", 83.1, "APP", null],
    ]);
  });

  it("the latest measurements: each key's latest value, dated by the latest measured day", async () => {
    const s = await newTrainee(t);
    await s.ok("POST", "/v1/trainee/measurements", { chest: 100, waist: 90, neck: 40, date: "2026-02-01" });
    await s.ok("POST", "/v1/trainee/measurements", { waist: 86, date: "2026-03-01" });
    await s.ok("POST", "/v1/trainee/measurements", { arm: 34, date: "2026-02-15" });
    expect((await progress(s)).measurements).toEqual({
      date: "2026-03-01",
      chest: 100,
      waist: 86,
      hips: null,
      arm: 34,
      thigh: null,
      neck: 40,
    });
  });

  it("POST /photos: 201 with the photo row (takenAt default now); progress lists the 12 most recent by takenAt", async () => {
    const s = await newTrainee(t);
    const first = await uploaded(s, "a.jpg");
    const res = await s.call("POST", "/v1/trainee/photos", { url: first, angle: "SIDE" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      url: first,
      angle: "SIDE",
      takenAt: new Date(START).toISOString(),
    });
    const urls: string[] = [];
    for (let i = 0; i < 13; i++) {
      urls.push(await uploaded(s, `${i}.jpg`));
      await s.ok("POST", "/v1/trainee/photos", {
        url: urls[i],
        takenAt: new Date(START - (i + 1) * 86_400_000).toISOString(),
        angle: (["FRONT", "SIDE", "BACK"] as const)[i % 3],
      });
    }
    const { photos } = await progress(s);
    expect(photos).toHaveLength(12);
    expect(photos.map((p: any) => p.url)).toEqual([first, ...urls.slice(0, 11)]);
  });

  it("POST /photos refuses a URL that is not http(s) or over 1000 characters, and an unknown angle", async () => {
    const s = await newTrainee(t);
    for (const body of [
      { url: "not a url", angle: "FRONT" },
      { url: "ftp://cdn.example.com/a.jpg", angle: "FRONT" },
      { url: "javascript:alert(1)", angle: "FRONT" },
      { url: `https://cdn.example.com/${"a".repeat(990)}.jpg`, angle: "FRONT" },
      { url: "https://cdn.example.com/a.jpg", angle: "TOP" },
      { url: "https://cdn.example.com/a.jpg", takenAt: "yesterday" },
    ]) {
      expect(
        (await s.call("POST", "/v1/trainee/photos", body)).status,
        JSON.stringify(body).slice(0, 80),
      ).toBe(422);
    }
    expect(
      await t.deps.database.db.select().from(progressPhotos).where(eq(progressPhotos.clientId, s.clientId)),
    ).toEqual([]);
    // 1000 characters pass the contract (the lookup then finds no such upload: 404, not 422).
    const long = await s.call("POST", "/v1/trainee/photos", {
      url: `https://cdn.example.com/${"a".repeat(972)}.jpg`,
    });
    expect(long.status).toBe(404);
    const ok = await s.call("POST", "/v1/trainee/photos", { url: await uploaded(s, "no-angle.jpg") });
    expect(ok.status).toBe(201);
    expect(ok.body.data.angle).toBeNull();
  });
});

describe("GET /v1/trainee/progress: workout streak", () => {
  it("current counts back from today; best is the longest run; unfinished logs do not count", async () => {
    const s = await newTrainee(t);
    await workoutsOn(s, [
      "2026-03-10",
      "2026-03-09",
      "2026-03-08",
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
    ]);
    await workoutsOn(s, ["2026-03-07", "2026-03-06"], false);
    expect((await progress(s)).streak).toEqual({ current: 3, best: 5 });
  });

  it("counts from yesterday when today has no workout; 0 when neither has one", async () => {
    const s = await newTrainee(t);
    await workoutsOn(s, ["2026-03-09", "2026-03-08"]);
    expect((await progress(s)).streak).toEqual({ current: 2, best: 2 });
    const gap = await newTrainee(t);
    await workoutsOn(gap, ["2026-03-08", "2026-03-07"]);
    expect((await progress(gap)).streak).toEqual({ current: 0, best: 2 });
  });

  it("several logs on one day count once; the window is the last 180 local days; future days are ignored", async () => {
    const s = await newTrainee(t);
    await workoutsOn(s, ["2026-03-10", "2026-03-10", "2026-03-11"]);
    // A 7-day run ending 2025-09-11, just outside the window (its first day is 2025-09-12).
    await workoutsOn(s, [
      "2025-09-05",
      "2025-09-06",
      "2025-09-07",
      "2025-09-08",
      "2025-09-09",
      "2025-09-10",
      "2025-09-11",
    ]);
    // A run whose last two days are inside the window: only they count.
    await workoutsOn(s, ["2025-09-12", "2025-09-13"]);
    expect((await progress(s)).streak).toEqual({ current: 1, best: 2 });
  });

  it("today is the trainee's local day: at 23:30 Jerusalem a workout dated tomorrow in UTC terms is today", async () => {
    const s = await newTrainee(t);
    await workoutsOn(s, ["2026-03-11", "2026-03-10"]);
    clock = Date.parse("2026-03-10T22:30:00Z"); // 00:30 on 03-11 in Jerusalem
    expect((await progress(s)).streak.current).toBe(2);
    const ny = await newTrainee(t, { timezone: "America/New_York" });
    await workoutsOn(ny, ["2026-03-11", "2026-03-10"]);
    expect((await progress(ny)).streak.current).toBe(1); // still 03-10 in New York
  });
});

describe("GET /v1/trainee/progress: weekly compliance", () => {
  it("distinct completed-workout days of the last 7 local days over the plan's days, rounded percent", async () => {
    const s = await newTrainee(t);
    await insertProgram(t, s, { content: trainingDays(4) });
    await workoutsOn(s, ["2026-03-04", "2026-03-07", "2026-03-07", "2026-03-10", "2026-03-03"]);
    await workoutsOn(s, ["2026-03-08"], false);
    expect((await progress(s)).weeklyCompliance).toBe(75); // 3 of 4
    const third = await newTrainee(t);
    await insertProgram(t, third, { content: trainingDays(3) });
    await workoutsOn(third, ["2026-03-10"]);
    expect((await progress(third)).weeklyCompliance).toBe(33);
    // Not capped: five days against a three-day plan.
    await workoutsOn(third, ["2026-03-09", "2026-03-08", "2026-03-06", "2026-03-05"]);
    expect((await progress(third)).weeklyCompliance).toBe(167);
  });

  it("0 without a plan (COMBINED, NUTRITION, paused and ended programs are not the training plan); null for a file plan", async () => {
    const s = await newTrainee(t);
    await workoutsOn(s, ["2026-03-10"]);
    expect((await progress(s)).weeklyCompliance).toBe(0);
    await insertProgram(t, s, { type: "COMBINED", content: trainingDays(1) });
    await insertProgram(t, s, { type: "NUTRITION", content: {} });
    await insertProgram(t, s, { status: "PAUSED", content: trainingDays(1) });
    await insertProgram(t, s, { status: "ENDED", content: trainingDays(1) });
    expect((await progress(s)).weeklyCompliance).toBe(0);
    await insertProgram(t, s, { pdfUrl: "https://cdn.example.com/plan.pdf", content: {} });
    expect((await progress(s)).weeklyCompliance).toBeNull();
  });

  it("the most recently updated active training plan is the one counted; content without days counts one day", async () => {
    const s = await newTrainee(t);
    await workoutsOn(s, ["2026-03-10"]);
    await insertProgram(t, s, { content: trainingDays(2), updatedAt: new Date(START - 1000) });
    await insertProgram(t, s, {
      pdfUrl: "https://cdn.example.com/old.pdf",
      updatedAt: new Date(START - 5000),
    });
    expect((await progress(s)).weeklyCompliance).toBe(50);
    await insertProgram(t, s, { content: {}, updatedAt: new Date(START) });
    expect((await progress(s)).weeklyCompliance).toBe(100);
  });
});

describe("GET /v1/trainee/progress: personal records", () => {
  it("records by exercise id (else name) with display values; the first session is never a record; unfinished logs and undone sets are ignored", async () => {
    const s = await newTrainee(t);
    const log = (performedOn: string, entries: any[], completed = true) =>
      insertWorkoutLog(t, s, { performedOn, entries, completed });
    await log("2026-03-01", [{ exerciseId: "bench", name: "Bench press", sets: [{ weight: 80, reps: 5 }] }]);
    const l2 = await log("2026-03-03", [
      {
        exerciseId: "bench",
        name: "Bench",
        sets: [
          { weight: 85, reps: 5 },
          { weight: 70, reps: 10 },
        ],
      },
      { name: "Pull-up", sets: [{ reps: 8 }] },
    ]);
    const l3 = await log("2026-03-05", [
      { exerciseId: "bench", name: "Bench press", sets: [{ weight: 85, reps: 6 }] }, // same weight: no record
      { name: "Pull-up", sets: [{ reps: 10 }, { reps: 0 }] },
    ]);
    const l4 = await log("2026-03-07", [
      {
        exerciseId: "bench",
        name: "Bench press",
        sets: [
          { weight: 90, reps: 3, targetReps: 5 }, // under 80 % of the target: not eligible
          { weight: "87.5", reps: "4", targetReps: 5 }, // 80 %: eligible
        ],
      },
    ]);
    await log(
      "2026-03-08",
      [{ exerciseId: "bench", name: "Bench press", sets: [{ weight: 200, reps: 5 }] }],
      false,
    );
    await log("2026-03-09", [{ name: "Squat", sets: [{ weight: 100, reps: 5 }] }]);
    const l7 = await log("2026-03-10", [
      { name: "Squat", sets: [{ weight: 110, reps: 5 }] },
      { exerciseId: "bench", name: "Bench press", sets: [{ weight: 300, reps: 5, done: false }] },
    ]);
    expect((await progress(s)).personalRecords).toEqual([
      {
        exerciseId: null,
        name: "Squat",
        value: "110 kg × 5",
        weight: 110,
        reps: 5,
        date: "2026-03-10",
        workoutLogId: l7.id,
      },
      {
        exerciseId: "bench",
        name: "Bench press",
        value: "87.5 kg × 4",
        weight: 87.5,
        reps: 4,
        date: "2026-03-07",
        workoutLogId: l4.id,
      },
      {
        exerciseId: null,
        name: "Pull-up",
        value: "10 reps",
        weight: null,
        reps: 10,
        date: "2026-03-05",
        workoutLogId: l3.id,
      },
      {
        exerciseId: "bench",
        name: "Bench",
        value: "85 kg × 5",
        weight: 85,
        reps: 5,
        date: "2026-03-03",
        workoutLogId: l2.id,
      },
    ]);
  });

  it("the 5 most recent records, newest first", async () => {
    const s = await newTrainee(t);
    for (let i = 0; i < 8; i++) {
      await insertWorkoutLog(t, s, {
        performedOn: `2026-03-0${i + 1}`,
        entries: [{ exerciseId: "row", name: "Row", sets: [{ weight: 50 + i, reps: 8 }] }],
      });
    }
    const records = (await progress(s)).personalRecords;
    expect(records.map((r: any) => [r.date, r.value])).toEqual([
      ["2026-03-08", "57 kg × 8"],
      ["2026-03-07", "56 kg × 8"],
      ["2026-03-06", "55 kg × 8"],
      ["2026-03-05", "54 kg × 8"],
      ["2026-03-04", "53 kg × 8"],
    ]);
  });

  it("records come from the latest 200 completed logs only", async () => {
    const s = await newTrainee(t);
    const day = (i: number) =>
      new Date(Date.parse("2025-06-01T00:00:00Z") + i * 86_400_000).toISOString().slice(0, 10);
    const rows = Array.from({ length: 201 }, (_, i) => ({
      studioId: s.studioId,
      clientId: s.clientId,
      performedOn: day(i),
      completed: true,
      // The oldest log holds 100 kg; the others 50 kg, and the newest 60 kg.
      entries: [
        {
          exerciseId: "dl",
          name: "Deadlift",
          sets: [{ done: true, weight: i === 0 ? 100 : i === 200 ? 60 : 50, reps: 5 }],
        },
      ],
    }));
    await t.deps.database.db.insert(workoutLogs).values(rows);
    const records = (await progress(s)).personalRecords;
    expect(records.map((r: any) => [r.date, r.value])).toEqual([[day(200), "60 kg × 5"]]);
  });
});
