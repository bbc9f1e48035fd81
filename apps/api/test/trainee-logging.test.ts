import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createPreviewToken } from "@studio/auth";
import {
  clients,
  customMeals,
  foods,
  mealLogs,
  nutritionDayMeals,
  programs,
  pushTokens,
  shoppingListItems,
  studios,
  weightEntries,
  workoutLogs,
} from "@studio/db";
import { exerciseBestsOf } from "@studio/domain";
import { startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";

/**
 * Trainee app plans and logging (decisions.md "Trainee app: plans and logging"): GET plans,
 * workout logs, meal logs, plan-day meal snapshots, custom meals, and DELETE /v1/trainee/me.
 * The app runs on a fixed clock: 2026-03-10 12:00 in Asia/Jerusalem.
 */

const NOW = Date.parse("2026-03-10T10:00:00Z");
const TODAY = "2026-03-10";
let t: TestApp;

function call(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return t.request(method, path, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(text ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: text,
  });
}

/** A fresh studio (straight to the table: the fixed clock is outside the web signature window) with one trainee. */
async function newTrainee(fields: Partial<typeof clients.$inferInsert> = {}) {
  const slug = `logging-${randomUUID()}`;
  const [studio] = await t.deps.database.db.insert(studios).values({ name: slug, slug }).returning();
  return traineeIn(studio!.id, fields);
}

async function traineeIn(studioId: string, fields: Partial<typeof clients.$inferInsert> = {}) {
  const trainee = await addTrainee(t, studioId, { timezone: "Asia/Jerusalem", ...fields });
  const token = t.traineeToken(trainee.id, studioId);
  const preview = createPreviewToken(
    { clientId: trainee.id, studioId },
    t.config.sessionSigningSecret,
    NOW,
  ).token;
  return {
    studioId,
    clientId: trainee.id,
    token,
    preview,
    call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      call(token, method, path, body, headers),
  };
}
type Trainee = Awaited<ReturnType<typeof newTrainee>>;

async function addProgram(who: Trainee, fields: Partial<typeof programs.$inferInsert>) {
  const [row] = await t.deps.database.db
    .insert(programs)
    .values({
      studioId: who.studioId,
      clientId: who.clientId,
      type: "TRAINING",
      name: "Plan",
      content: {},
      ...fields,
    })
    .returning();
  return row!;
}

async function addFood(studioId: string | null, name = "Oats") {
  const [row] = await t.deps.database.db.insert(foods).values({ studioId, name }).returning();
  return row!;
}

const NUTRITION = (foodId: string) => ({
  schemaVersion: 1,
  days: [
    {
      id: "nd1",
      label: "Rest day",
      meals: [
        {
          id: "m-breakfast",
          type: "breakfast",
          label: "Breakfast",
          items: [
            { id: "i-oats", foodId, qty: "80" },
            { id: "i-milk", foodId, qty: "200" },
          ],
        },
      ],
    },
  ],
});

beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(NOW) });
});
afterAll(async () => t?.close());

describe("GET /v1/trainee/plans", () => {
  it("lists ACTIVE programs, newest update first, normalized, with today's plan day by rotation from startDate", async () => {
    const me = await newTrainee();
    const training = await addProgram(me, {
      type: "TRAINING",
      name: "Strength",
      startDate: "2026-03-06", // 4 days ago: offset 4 of 3 days is the second day
      content: { days: [{ id: "a", label: "Push" }, { id: "b", label: "Pull" }, { id: "c" }] },
      updatedAt: new Date(NOW - 60_000),
    });
    const nutrition = await addProgram(me, {
      type: "NUTRITION",
      name: "Meals",
      startDate: null,
      createdAt: new Date("2026-03-09T21:30:00Z"), // 23:30 in Jerusalem: assigned on the 9th
      content: { days: [{ id: "x" }, { id: "y" }] },
      updatedAt: new Date(NOW),
    });
    await addProgram(me, { status: "PAUSED", releasePending: true, name: "Held" });
    await addProgram(me, { status: "ENDED", name: "Old" });
    const other = await newTrainee();
    await addProgram(other, { name: "Not mine" });

    const res = await me.call("GET", "/v1/trainee/plans");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.today).toBe(TODAY);
    expect(res.body.data.items.map((p: any) => p.name)).toEqual(["Meals", "Strength"]);
    const [meals, strength] = res.body.data.items;
    expect(strength).toMatchObject({
      id: training.id,
      type: "TRAINING",
      filePlan: false,
      firstDay: "2026-03-06",
      today: { date: TODAY, offset: 4, dayIndex: 1, dayId: "b", label: "Pull" },
    });
    expect(strength.content).toMatchObject({
      schemaVersion: 2,
      days: [{ id: "a" }, { id: "b" }, { id: "c", label: "Day C" }],
    });
    expect(meals).toMatchObject({
      id: nutrition.id,
      firstDay: "2026-03-09",
      today: { offset: 1, dayIndex: 1, dayId: "y" },
      content: { schemaVersion: 1, days: [{ id: "x", targets: { kcal: 2000 } }, { id: "y" }] },
    });
  });

  it("a version 1 training plan is upgraded on read; a file plan and a COMBINED plan come as stored without a day; a future start has no day yet", async () => {
    const me = await newTrainee();
    await addProgram(me, {
      name: "v1",
      content: { schemaVersion: 1, days: [{ id: "d1", aerobic: [{ minutes: 20 }] }] },
      updatedAt: new Date(NOW - 1000),
    });
    await addProgram(me, {
      name: "pdf",
      pdfUrl: "https://cdn.example.com/plan.pdf",
      content: { meta: { workoutsPerWeek: 3 } },
      updatedAt: new Date(NOW - 2000),
    });
    await addProgram(me, {
      name: "combined",
      type: "COMBINED",
      content: { any: "thing" },
      updatedAt: new Date(NOW - 3000),
    });
    await addProgram(me, {
      name: "later",
      startDate: "2026-03-12",
      content: { days: [{}] },
      updatedAt: new Date(NOW - 4000),
    });
    const items = (await me.call("GET", "/v1/trainee/plans")).body.data.items;
    const byName = Object.fromEntries(items.map((p: any) => [p.name, p]));
    expect(byName.v1.content).toMatchObject({
      schemaVersion: 2,
      meta: { requirement: { cardioMinutes: 20 } },
    });
    expect(byName.pdf).toMatchObject({
      filePlan: true,
      content: { meta: { workoutsPerWeek: 3 } },
      today: null,
    });
    expect(byName.combined).toMatchObject({ content: { any: "thing" }, today: null });
    expect(byName.later).toMatchObject({ firstDay: "2026-03-12", today: null });
  });

  it("today follows the device zone (x-timezone) first", async () => {
    const me = await newTrainee();
    await addProgram(me, { startDate: TODAY, content: { days: [{ id: "a" }, { id: "b" }] } });
    // 10:00Z is already the 11th in Kiritimati (UTC+14).
    const res = await me.call("GET", "/v1/trainee/plans", undefined, { "x-timezone": "Pacific/Kiritimati" });
    expect(res.body.data.today).toBe("2026-03-11");
    expect(res.body.data.items[0].today).toMatchObject({ offset: 1, dayId: "b" });
  });

  it("a preview may read; a locked app answers APP_LOCKED; another studio's token sees its own trainee only", async () => {
    const me = await newTrainee();
    await addProgram(me, { name: "Mine" });
    expect((await call(me.preview, "GET", "/v1/trainee/plans")).status).toBe(200);
    const frozen = await newTrainee({ freezeStartedAt: new Date(NOW - 86_400_000) });
    const locked = await frozen.call("GET", "/v1/trainee/plans");
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe("APP_LOCKED");
    const stranger = await newTrainee();
    const forged = t.traineeToken(me.clientId, stranger.studioId);
    expect((await call(forged, "GET", "/v1/trainee/plans")).status).toBe(404);
  });
});

describe("workout logs", () => {
  const entries = [
    {
      exerciseId: "ex-squat",
      name: "Squat",
      sets: [
        { done: true, weight: 80, reps: 8, targetReps: 8 },
        { done: false, weight: 80, reps: null, targetReps: 8 },
      ],
    },
  ];

  it("POST logs a workout with defaults: today, not completed, status partial when a set is done", async () => {
    const me = await newTrainee();
    const bare = await me.call("POST", "/v1/trainee/workout-logs", {});
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body.data).toMatchObject({
      performedOn: TODAY,
      completed: false,
      status: null,
      entries: [],
      programId: null,
      startedAt: null,
    });
    const program = await addProgram(me, {});
    const full = await me.call("POST", "/v1/trainee/workout-logs", {
      programId: program.id,
      dayId: "d1",
      label: "Day A",
      performedOn: "2026-03-09",
      startedAt: "2026-03-09T16:00:00Z",
      finishedAt: "2026-03-09T17:05:00Z",
      entries: [{ name: "Plank", sets: [{}] }, ...entries],
    });
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    expect(full.body.data).toMatchObject({
      programId: program.id,
      dayId: "d1",
      label: "Day A",
      performedOn: "2026-03-09",
      startedAt: "2026-03-09T16:00:00.000Z",
      finishedAt: "2026-03-09T17:05:00.000Z",
      status: "partial",
      entries: [
        {
          exerciseId: null,
          name: "Plank",
          sets: [{ done: false, weight: null, reps: null, targetReps: null }],
        },
        entries[0],
      ],
    });
    const completed = await me.call("POST", "/v1/trainee/workout-logs", { completed: true });
    expect(completed.body.data.status).toBe("completed");
  });

  it("refuses future days and instants, reversed or over-long times, and out-of-bound fields", async () => {
    const me = await newTrainee();
    const refused = async (body: unknown, field: string) => {
      const res = await me.call("POST", "/v1/trainee/workout-logs", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.body.details)).toContain(field);
    };
    await refused({ performedOn: "2026-03-11" }, "performedOn");
    await refused({ startedAt: "2026-03-10T10:06:00Z" }, "startedAt"); // beyond 5 minutes of clock skew
    await refused({ startedAt: "2026-03-10T09:00:00Z", finishedAt: "2026-03-10T08:59:00Z" }, "finishedAt");
    await refused({ startedAt: "2026-03-08T08:00:00Z", finishedAt: "2026-03-09T08:00:01Z" }, "finishedAt");
    await refused({ entries: Array.from({ length: 61 }, () => ({ name: "x" })) }, "entries");
    await refused({ entries: [{ name: "x", sets: Array.from({ length: 31 }, () => ({})) }] }, "entries");
    await refused({ entries: [{ name: "x", sets: [{ weight: 1001 }] }] }, "weight");
    await refused({ entries: [{ name: "x", sets: [{ reps: -1 }] }] }, "reps");
    await refused({ entries: [{ name: "x", sets: [{ reps: 2.5 }] }] }, "reps");
    await refused({ entries: [{ name: "  ", sets: [] }] }, "name");
    await refused({ label: "x".repeat(201) }, "label");
    await refused({ performedOn: "2026-02-30" }, "performedOn");
    const skew = await me.call("POST", "/v1/trainee/workout-logs", { startedAt: "2026-03-10T10:04:00Z" });
    expect(skew.status).toBe(201);
  });

  it("programId must be one of the trainee's own programs (another trainee's answers NOT_FOUND)", async () => {
    const me = await newTrainee();
    const other = await newTrainee();
    const theirs = await addProgram(other, {});
    const res = await me.call("POST", "/v1/trainee/workout-logs", { programId: theirs.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("program not found");
  });

  it("PATCH changes only the fields sent, replaces entries whole, checks the log as it will be; others' logs are NOT_FOUND", async () => {
    const me = await newTrainee();
    const created = (
      await me.call("POST", "/v1/trainee/workout-logs", {
        label: "Day A",
        startedAt: "2026-03-10T08:00:00Z",
        entries,
      })
    ).body.data;
    const res = await me.call("PATCH", `/v1/trainee/workout-logs/${created.id}`, {
      finishedAt: "2026-03-10T09:00:00Z",
      completed: true,
      entries: [{ name: "Row", sets: [{ done: true, reps: 10 }] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      label: "Day A",
      startedAt: "2026-03-10T08:00:00.000Z",
      finishedAt: "2026-03-10T09:00:00.000Z",
      completed: true,
      status: "completed",
      entries: [{ name: "Row", sets: [{ done: true, reps: 10, weight: null }] }],
    });
    const cleared = await me.call("PATCH", `/v1/trainee/workout-logs/${created.id}`, {
      label: null,
      startedAt: null,
    });
    expect(cleared.body.data).toMatchObject({
      label: null,
      startedAt: null,
      finishedAt: "2026-03-10T09:00:00.000Z",
    });

    const reversed = await me.call("PATCH", `/v1/trainee/workout-logs/${created.id}`, {
      startedAt: "2026-03-10T09:30:00Z",
    });
    expect(reversed.status).toBe(422);
    expect(
      (await me.call("PATCH", `/v1/trainee/workout-logs/${created.id}`, { performedOn: "2026-03-11" }))
        .status,
    ).toBe(422);

    const other = await newTrainee();
    const stranger = await other.call("PATCH", `/v1/trainee/workout-logs/${created.id}`, {
      completed: false,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe("workout log not found");
    // A trainee of the same studio, too.
    const neighbour = await traineeIn(me.studioId);
    expect(
      (await neighbour.call("PATCH", `/v1/trainee/workout-logs/${created.id}`, { completed: false })).status,
    ).toBe(404);
    expect((await me.call("PATCH", "/v1/trainee/workout-logs/missing", { completed: false })).status).toBe(
      404,
    );
    const stored = await t.deps.database.db.select().from(workoutLogs).where(eq(workoutLogs.id, created.id));
    expect(stored[0]!.completed).toBe(true);
  });

  it("every write stores the entries' exercise bests, computed as the coach views' record baseline computes them (issue 30 item 2)", async () => {
    const me = await newTrainee();
    const storedOf = async (id: string) =>
      (await t.deps.database.db.select().from(workoutLogs).where(eq(workoutLogs.id, id)))[0]!;
    const expectBestsOfEntries = async (id: string) => {
      const row = await storedOf(id);
      expect(row.exerciseBests).not.toBeNull();
      expect(row.exerciseBests).toEqual(exerciseBestsOf(row.entries));
      return row.exerciseBests;
    };
    const squat = (sets: Record<string, unknown>[]) => ({ exerciseId: "ex-squat", name: "Squat", sets });
    const created = (
      await me.call("POST", "/v1/trainee/workout-logs", {
        entries: [
          squat([
            { done: true, weight: 100, reps: 5 },
            { done: true, weight: 110, reps: 3, targetReps: 5 }, // 60 % of the target: not eligible
            { done: false, weight: 120, reps: 5 },
          ]),
          { name: " Plank ", sets: [{ done: true, reps: 60 }] },
        ],
      })
    ).body.data;
    expect(await expectBestsOfEntries(created.id)).toEqual({
      "id:ex-squat": [100, 5],
      "name:Plank": [null, 60],
    });

    await me.call("PATCH", `/v1/trainee/workout-logs/${created.id}`, {
      entries: [squat([{ done: true, weight: 105, reps: 4 }])],
    });
    expect(await expectBestsOfEntries(created.id)).toEqual({ "id:ex-squat": [105, 4] });

    // A row without stored bests (one migration 0021 left NULL) gets them on any edit.
    await t.deps.database.db
      .update(workoutLogs)
      .set({ exerciseBests: null })
      .where(eq(workoutLogs.id, created.id));
    await me.call("PATCH", `/v1/trainee/workout-logs/${created.id}`, { completed: true });
    expect(await expectBestsOfEntries(created.id)).toEqual({ "id:ex-squat": [105, 4] });

    const empty = (await me.call("POST", "/v1/trainee/workout-logs", {})).body.data;
    expect(await expectBestsOfEntries(empty.id)).toEqual({});
  });

  it("GET lists the trainee's logs in [from, to], newest first; 30 days ending today by default; bounded span", async () => {
    const me = await newTrainee();
    const other = await newTrainee();
    for (const day of ["2026-01-01", "2026-02-09", "2026-02-10", "2026-03-01", TODAY])
      await me.call("POST", "/v1/trainee/workout-logs", { performedOn: day });
    await other.call("POST", "/v1/trainee/workout-logs", { performedOn: TODAY });

    const byDefault = await me.call("GET", "/v1/trainee/workout-logs");
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.data.from).toBe("2026-02-09");
    expect(byDefault.body.data.to).toBe(TODAY);
    expect(byDefault.body.data.items.map((l: any) => l.performedOn)).toEqual([
      TODAY,
      "2026-03-01",
      "2026-02-10",
      "2026-02-09",
    ]);

    const range = await me.call("GET", "/v1/trainee/workout-logs?from=2026-01-01&to=2026-02-09");
    expect(range.body.data.items.map((l: any) => l.performedOn)).toEqual(["2026-02-09", "2026-01-01"]);
    expect((await me.call("GET", "/v1/trainee/workout-logs?from=2026-03-02&to=2026-03-01")).status).toBe(422);
    expect((await me.call("GET", "/v1/trainee/workout-logs?from=2025-01-01&to=2026-01-02")).status).toBe(422);
    expect((await me.call("GET", "/v1/trainee/workout-logs?from=2025-01-02&to=2026-01-02")).status).toBe(200);
    expect((await me.call("GET", "/v1/trainee/workout-logs?from=nope")).status).toBe(422);
    expect((await call(me.preview, "GET", "/v1/trainee/workout-logs")).status).toBe(200);
  });
});

describe("meal logs", () => {
  it("POST logs a meal: consumedAt now by default, its local day, source PLAN by default, foods as snapshots", async () => {
    const me = await newTrainee();
    const system = await addFood(null, "Rice");
    const own = await addFood(me.studioId, "House salad");
    const res = await me.call("POST", "/v1/trainee/meal-logs", {
      items: [
        { foodId: system.id, name: "Rice", qty: 150, kcal: 195, protein: 4, carbs: 42, fat: 0.4 },
        { foodId: own.id, name: "House salad" },
        { name: "Something unlisted", kcal: 120 },
      ],
      note: "  lunch  ",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      consumedAt: new Date(NOW).toISOString(),
      day: TODAY,
      source: "PLAN",
      note: "lunch",
      photoUrl: null,
      items: [
        { foodId: system.id, name: "Rice", qty: 150, kcal: 195, protein: 4, carbs: 42, fat: 0.4 },
        { foodId: own.id, name: "House salad", qty: null, kcal: null, protein: null, carbs: null, fat: null },
        { foodId: null, name: "Something unlisted", kcal: 120 },
      ],
    });
    // 22:30Z on the 8th is 00:30 on the 9th in Jerusalem.
    const late = await me.call("POST", "/v1/trainee/meal-logs", {
      consumedAt: "2026-03-08T22:30:00Z",
      source: "PHOTO",
      photoUrl: "https://cdn.example.com/meal.jpg",
    });
    expect(late.body.data).toMatchObject({ day: "2026-03-09", source: "PHOTO" });
    const [row] = await t.deps.database.db.select().from(mealLogs).where(eq(mealLogs.id, late.body.data.id));
    expect(row!.day).toBe("2026-03-09");
  });

  it("refuses an empty meal, PHOTO without a photo, a future time, foods the studio cannot see, bad URLs and bounds", async () => {
    const me = await newTrainee();
    const strangerFood = await addFood((await newTrainee()).studioId, "Their food");
    const refused = async (body: unknown, status = 422) => {
      const res = await me.call("POST", "/v1/trainee/meal-logs", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      return res.body;
    };
    await refused({});
    await refused({ items: [], note: "   " });
    await refused({ source: "PHOTO", note: "no photo" });
    await refused({ note: "x", consumedAt: "2026-03-10T10:10:00Z" });
    expect(
      JSON.stringify((await refused({ items: [{ foodId: strangerFood.id, name: "x" }] })).details),
    ).toContain("items.0.foodId");
    await refused({ items: [{ foodId: "missing", name: "x" }] });
    await refused({ photoUrl: "javascript:alert(1)" });
    await refused({ photoUrl: `https://cdn.example.com/${"a".repeat(1000)}` });
    await refused({ note: "x".repeat(1001) });
    await refused({ items: Array.from({ length: 51 }, () => ({ name: "x" })) });
    await refused({ items: [{ name: "x", qty: 0 }] });
    await refused({ items: [{ name: "x", kcal: 20_001 }] });
    await refused({ items: [{ name: "x", protein: -1 }] });
    await refused({ source: "SNACK", note: "x" });
  });

  it("DELETE removes one of the trainee's logs (204) and the custom meal mirroring it; others' logs are NOT_FOUND", async () => {
    const me = await newTrainee();
    const log = (await me.call("POST", "/v1/trainee/meal-logs", { note: "toast" })).body.data;
    const mirror = await me.call("POST", `/v1/trainee/nutrition/days/${TODAY}/custom-meals`, {
      label: "Toast",
      mealLogId: log.id,
    });
    expect(mirror.status).toBe(201);
    const other = await newTrainee();
    const stranger = await other.call("DELETE", `/v1/trainee/meal-logs/${log.id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe("meal log not found");
    expect((await call(me.preview, "DELETE", `/v1/trainee/meal-logs/${log.id}`)).status).toBe(403);

    const res = await me.call("DELETE", `/v1/trainee/meal-logs/${log.id}`);
    expect(res.status).toBe(204);
    expect(
      await t.deps.database.db.select().from(customMeals).where(eq(customMeals.id, mirror.body.data.id)),
    ).toEqual([]);
    expect((await me.call("DELETE", `/v1/trainee/meal-logs/${log.id}`)).status).toBe(404);
  });
});

describe("plan-day meals (PUT /v1/trainee/nutrition/days/{date}/meals/{mealId})", () => {
  async function withNutrition() {
    const me = await newTrainee();
    const food = await addFood(null, "Oats");
    const program = await addProgram(me, { type: "NUTRITION", content: NUTRITION(food.id) });
    return { me, food, program };
  }

  it("records the meal's day snapshot and replaces it on a second PUT (one row per trainee, date and meal)", async () => {
    const { me, food, program } = await withNutrition();
    const path = `/v1/trainee/nutrition/days/${TODAY}/meals/m-breakfast`;
    const first = await me.call("PUT", path, {
      status: "eaten",
      items: [
        { itemId: "i-oats", eaten: true, qty: 60 },
        { itemId: "i-milk", eaten: false, swapFoodId: food.id },
      ],
      addedItems: [{ foodId: food.id, qty: 20 }],
      replacementName: "ignored unless replaced",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      date: TODAY,
      mealId: "m-breakfast",
      programId: program.id,
      status: "eaten",
      replacementName: null,
      items: [
        { itemId: "i-oats", eaten: true, qty: 60, swapFoodId: null },
        { itemId: "i-milk", eaten: false, qty: null, swapFoodId: food.id },
      ],
      addedItems: [{ foodId: food.id, qty: 20 }],
    });
    const second = await me.call("PUT", path, { status: "replaced", replacementName: "Shakshuka" });
    expect(second.body.data).toMatchObject({
      id: first.body.data.id,
      status: "replaced",
      replacementName: "Shakshuka",
      items: [],
      addedItems: [],
    });
    const rows = await t.deps.database.db
      .select()
      .from(nutritionDayMeals)
      .where(eq(nutritionDayMeals.clientId, me.clientId));
    expect(rows).toHaveLength(1);
  });

  it("the meal must be of the trainee's active nutrition plan; items of that meal, once; foods the studio sees; no future day", async () => {
    const { me } = await withNutrition();
    const path = (date: string, meal: string) => `/v1/trainee/nutrition/days/${date}/meals/${meal}`;
    const missing = await me.call("PUT", path(TODAY, "m-dinner"), { status: "eaten" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("meal not found");

    const { me: other } = await withNutrition();
    // Their plan has the same meal id, but this trainee's plan does not hold theirs: answered by own plan only.
    const lonely = await newTrainee();
    expect((await lonely.call("PUT", path(TODAY, "m-breakfast"), { status: "eaten" })).status).toBe(404);
    expect((await other.call("PUT", path(TODAY, "m-breakfast"), { status: "eaten" })).status).toBe(200);

    expect((await me.call("PUT", path("2026-03-11", "m-breakfast"), { status: "eaten" })).status).toBe(422);
    expect((await me.call("PUT", path("2026-13-01", "m-breakfast"), { status: "eaten" })).status).toBe(422);
    expect((await me.call("PUT", path(TODAY, "m-breakfast"), { status: "devoured" })).status).toBe(422);
    const notItem = await me.call("PUT", path(TODAY, "m-breakfast"), {
      status: "eaten",
      items: [{ itemId: "i-bread", eaten: true }],
    });
    expect(notItem.status).toBe(422);
    expect(JSON.stringify(notItem.body.details)).toContain("items.0.itemId");
    const twice = await me.call("PUT", path(TODAY, "m-breakfast"), {
      status: "eaten",
      items: [
        { itemId: "i-oats", eaten: true },
        { itemId: "i-oats", eaten: false },
      ],
    });
    expect(twice.status).toBe(422);
    expect(
      (
        await me.call("PUT", path(TODAY, "m-breakfast"), {
          status: "eaten",
          addedItems: [{ foodId: "missing", qty: 10 }],
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await me.call("PUT", path(TODAY, "m-breakfast"), {
          status: "eaten",
          addedItems: [{ foodId: "x", qty: 0 }],
        })
      ).status,
    ).toBe(422);
  });

  it("an ended or held nutrition plan holds no meals to record", async () => {
    const me = await newTrainee();
    const food = await addFood(null);
    await addProgram(me, { type: "NUTRITION", status: "ENDED", content: NUTRITION(food.id) });
    await addProgram(me, { type: "NUTRITION", status: "PAUSED", content: NUTRITION(food.id) });
    expect(
      (await me.call("PUT", `/v1/trainee/nutrition/days/${TODAY}/meals/m-breakfast`, { status: "eaten" }))
        .status,
    ).toBe(404);
  });
});

describe("custom meals (POST /v1/trainee/nutrition/days/{date}/custom-meals)", () => {
  it("adds a meal outside the plan to a day; mirrors a meal log of the same day once", async () => {
    const me = await newTrainee();
    const food = await addFood(null, "Pita");
    const res = await me.call("POST", `/v1/trainee/nutrition/days/2026-03-09/custom-meals`, {
      label: "Birthday cake",
      items: [{ foodId: food.id, name: "Pita", qty: 60 }],
      note: "party",
      photoUrl: "https://cdn.example.com/cake.jpg",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      date: "2026-03-09",
      label: "Birthday cake",
      items: [{ foodId: food.id, name: "Pita", qty: 60, kcal: null }],
      note: "party",
      photoUrl: "https://cdn.example.com/cake.jpg",
      mealLogId: null,
    });

    const log = (await me.call("POST", "/v1/trainee/meal-logs", { note: "snack" })).body.data;
    const path = `/v1/trainee/nutrition/days/${TODAY}/custom-meals`;
    expect((await me.call("POST", path, { label: "Snack", mealLogId: log.id })).status).toBe(201);
    const again = await me.call("POST", path, { label: "Snack again", mealLogId: log.id });
    expect(again.status).toBe(409);
    const otherDay = await me.call("POST", `/v1/trainee/nutrition/days/2026-03-09/custom-meals`, {
      label: "x",
      mealLogId: log.id,
    });
    expect(otherDay.status).toBe(422);

    const other = await newTrainee();
    const theirs = await other.call("POST", path, { label: "x", mealLogId: log.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe("meal log not found");
  });

  it("refuses a future day, a missing or blank label, unknown foods and out-of-bound fields", async () => {
    const me = await newTrainee();
    const post = (date: string, body: unknown) =>
      me.call("POST", `/v1/trainee/nutrition/days/${date}/custom-meals`, body);
    expect((await post("2026-03-11", { label: "x" })).status).toBe(422);
    expect((await post(TODAY, {})).status).toBe(422);
    expect((await post(TODAY, { label: "   " })).status).toBe(422);
    expect((await post(TODAY, { label: "x".repeat(201) })).status).toBe(422);
    expect((await post(TODAY, { label: "x", items: [{ foodId: "nope", name: "x" }] })).status).toBe(422);
    expect((await post(TODAY, { label: "x", items: [{ name: "x", fat: 2001 }] })).status).toBe(422);
    expect((await post(TODAY, { label: "x", photoUrl: "ftp://cdn.example.com/a.jpg" })).status).toBe(422);
  });
});

describe("preview sessions and the app lock", () => {
  it("a preview may only read: every write answers 403 PREVIEW_READ_ONLY and changes nothing", async () => {
    const me = await newTrainee();
    const food = await addFood(null);
    await addProgram(me, { type: "NUTRITION", content: NUTRITION(food.id) });
    const log = (await me.call("POST", "/v1/trainee/workout-logs", {})).body.data;
    const writes: [string, string, unknown][] = [
      ["POST", "/v1/trainee/workout-logs", {}],
      ["PATCH", `/v1/trainee/workout-logs/${log.id}`, { completed: true }],
      ["POST", "/v1/trainee/meal-logs", { note: "x" }],
      ["PUT", `/v1/trainee/nutrition/days/${TODAY}/meals/m-breakfast`, { status: "eaten" }],
      ["POST", `/v1/trainee/nutrition/days/${TODAY}/custom-meals`, { label: "x" }],
      ["DELETE", "/v1/trainee/me", undefined],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(me.preview, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.details).toEqual({ reason: "PREVIEW_READ_ONLY" });
    }
    const db = t.deps.database.db;
    expect(await db.select().from(workoutLogs).where(eq(workoutLogs.clientId, me.clientId))).toHaveLength(1);
    expect(await db.select().from(mealLogs).where(eq(mealLogs.clientId, me.clientId))).toHaveLength(0);
    expect((await call(me.preview, "GET", "/v1/trainee/me")).body.data.preview).toBe(true);
  });

  it("logging is behind the app lock; /me still answers and says so", async () => {
    const me = await newTrainee({ freezeStartedAt: new Date(NOW - 86_400_000) });
    for (const [method, path] of [
      ["POST", "/v1/trainee/workout-logs"],
      ["GET", "/v1/trainee/workout-logs"],
      ["POST", "/v1/trainee/meal-logs"],
      ["POST", `/v1/trainee/nutrition/days/${TODAY}/custom-meals`],
    ]) {
      const res = await me.call(method!, path!, method === "GET" ? undefined : { label: "x", note: "x" });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe("APP_LOCKED");
    }
    const profile = await me.call("GET", "/v1/trainee/me");
    expect(profile.status).toBe(200);
    expect(profile.body.data.appLocked).toBe(true);
  });
});

describe("GET /v1/trainee/me", () => {
  it("answers the profile, the studio and the lock state", async () => {
    const me = await newTrainee({ firstName: "Dana", weightKg: 70, goalWeightKg: 65, stepsGoal: 9000 });
    const res = await me.call("GET", "/v1/trainee/me");
    expect(res.body.data).toMatchObject({
      id: me.clientId,
      studioId: me.studioId,
      firstName: "Dana",
      weightKg: 70,
      goalWeightKg: 65,
      stepsGoal: 9000,
      timezone: "Asia/Jerusalem",
      studio: { id: me.studioId, timezone: "Asia/Jerusalem", locale: "he" },
      preview: false,
      appLocked: false,
    });
  });
});

describe("DELETE /v1/trainee/me (account deletion)", () => {
  it("deletes the trainee's own data and strips the row; the studio's records stay; the token stops working", async () => {
    const me = await newTrainee({
      firstName: "Dana",
      email: "dana@example.com",
      weightKg: 70,
      tags: ["vip"],
    });
    const neighbour = await traineeIn(me.studioId);
    const db = t.deps.database.db;
    const food = await addFood(null, "Bread");
    const program = await addProgram(me, { type: "NUTRITION", content: NUTRITION(food.id) });
    for (const who of [me, neighbour]) {
      await who.call("POST", "/v1/trainee/workout-logs", {});
      const log = (await who.call("POST", "/v1/trainee/meal-logs", { note: "x" })).body.data;
      await who.call("POST", `/v1/trainee/nutrition/days/${TODAY}/custom-meals`, {
        label: "x",
        mealLogId: log.id,
      });
      await db
        .insert(shoppingListItems)
        .values({ studioId: who.studioId, clientId: who.clientId, foodId: food.id, name: "Bread" });
      await db.insert(weightEntries).values({
        studioId: who.studioId,
        clientId: who.clientId,
        weightKg: 70,
        recordedAt: new Date(NOW),
        source: "APP",
      });
      await db.insert(pushTokens).values({
        studioId: who.studioId,
        clientId: who.clientId,
        token: `ExponentPushToken[${who.clientId}]`,
        platform: "ios",
      });
    }
    await me.call("PUT", `/v1/trainee/nutrition/days/${TODAY}/meals/m-breakfast`, { status: "eaten" });

    const res = await me.call("DELETE", "/v1/trainee/me");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ deleted: true, deletedAt: new Date(NOW).toISOString() });

    const mine = (table: any) => db.select().from(table).where(eq(table.clientId, me.clientId));
    const theirs = (table: any) => db.select().from(table).where(eq(table.clientId, neighbour.clientId));
    for (const table of [
      workoutLogs,
      mealLogs,
      customMeals,
      nutritionDayMeals,
      shoppingListItems,
      weightEntries,
      pushTokens,
    ]) {
      expect(await mine(table)).toEqual([]);
      if (table !== nutritionDayMeals) expect((await theirs(table)).length).toBeGreaterThan(0);
    }
    const [row] = await db.select().from(clients).where(eq(clients.id, me.clientId));
    expect(row).toMatchObject({
      deletedAt: new Date(NOW),
      firstName: "",
      lastName: "",
      phone: "",
      email: null,
      weightKg: null,
      tags: [],
      timezone: null,
    });
    // The program the coach assigned stays with the studio.
    expect(
      await db
        .select()
        .from(programs)
        .where(and(eq(programs.id, program.id))),
    ).toHaveLength(1);
    const after = await me.call("GET", "/v1/trainee/me");
    expect(after.status).toBe(404);
    expect(after.body.message).toBe("trainee not found");
    expect((await me.call("DELETE", "/v1/trainee/me")).status).toBe(404);
    expect((await neighbour.call("GET", "/v1/trainee/me")).status).toBe(200);
  });
});
