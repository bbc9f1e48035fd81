import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addClient, addCoach, withoutRequestId } from "./support/team-fixtures";
import {
  insertCustomMeal,
  insertFood,
  insertMealLog,
  insertNutritionPlan,
  insertOverride,
  insertSnapshot,
  nutritionTrainee,
  signedAt,
  type NutritionTrainee,
} from "./support/nutrition-view-fixtures";

// GET /v1/web/clients/{id}/tracking/nutrition (document 2 "Nutrition view"). Tuesday 2026-03-10,
// 12:00 in Jerusalem: 7d = 03-04..03-10 (previous 02-25..03-03), 30d = 02-09..03-10,
// 3m = 2025-12-11..2026-03-10 (chunks 12-11..02-10 and 02-11..03-10).
const START = Date.parse("2026-03-10T10:00:00Z");
let t: TestApp;
let w: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(START) });
  w = signedAt(t, () => START);
});
afterAll(async () => t?.close());

const path = (s: { clientId: string }, range?: string) =>
  `/v1/web/clients/${s.clientId}/tracking/nutrition${range ? `?range=${range}` : ""}`;
const view = async (s: NutritionTrainee, range?: string) => {
  const res = await w.web("GET", path(s, range), s.owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const dayOf = (v: any, date: string) => v.days.find((d: any) => d.date === date);
const fresh = () => nutritionTrainee(w, newOwner());

/** A food of 100 kcal, 10 g protein, 10 g carbs, 1 g fat per 100 g (1 kcal per gram). */
const gramFood = (name = "Rice") => insertFood(t, { name, kcal: 100, protein: 10, carbs: 10, fat: 1 });

/** Two plan days: d1 (2000 kcal; breakfast, snack_am, lunch, dinner) and d2 (1800 kcal; pre, post). */
async function twoDayPlan(s: NutritionTrainee, foodId: string, targets: Record<string, number> = {}) {
  const item = (id: string, qty = "100") => ({ id, foodId, qty });
  return insertNutritionPlan(t, s, [
    {
      id: "nd1",
      targets: { kcal: 2000, ...targets },
      meals: [
        { id: "b1", type: "breakfast", items: [item("b1i1", "200"), item("b1i2")] },
        { id: "s1", type: "snack_am", items: [item("s1i1")] },
        { id: "l1", type: "lunch", items: [item("l1i1")] },
        { id: "dn1", type: "dinner", items: [item("dn1i1", "300")] },
      ],
    },
    {
      id: "nd2",
      targets: { kcal: 1800, ...targets },
      meals: [
        { id: "p2", type: "pre", items: [item("p2i1")] },
        { id: "q2", type: "post", items: [item("q2i1")] },
      ],
    },
  ]);
}

describe("GET /v1/web/clients/{id}/tracking/nutrition", () => {
  it("a trainee without plan or logs: 30d by default, every day none, null targets, adherence and averages, previous null, grams", async () => {
    const s = await fresh();
    const v = await view(s);
    expect(v).toMatchObject({
      range: "30d",
      from: "2026-02-09",
      to: "2026-03-10",
      unit: "grams",
      filePlan: false,
      loggedDays: 0,
      adherencePct: null,
      averageConsumed: null,
      averageTarget: null,
      previous: null,
    });
    expect(v.days).toHaveLength(30);
    expect(v.days[0].date).toBe("2026-02-09");
    expect(v.days.at(-1)).toEqual({
      date: "2026-03-10",
      eaten: { kcal: 0, protein: 0, carbs: 0, fat: 0 },
      target: null,
      status: "none",
      logged: false,
      meals: { breakfast: false, lunch: false, dinner: false, snack: false },
    });
  });

  it("rotation: today is the first plan day, yesterday the last, the day before the first again", async () => {
    const s = await fresh();
    const food = await gramFood();
    await twoDayPlan(s, food.id);
    const v = await view(s, "7d");
    expect(v.days.map((d: any) => d.target.kcal)).toEqual([2000, 1800, 2000, 1800, 2000, 1800, 2000]);
    expect(dayOf(v, "2026-03-10").target).toEqual({ kcal: 2000, protein: 150, carbs: 200, fat: 60 });
    expect(dayOf(v, "2026-03-09").target.kcal).toBe(1800);
  });

  it("merges plan snapshots, custom meals and free logs: a custom meal mirroring a log counts once; slots by type and local hour", async () => {
    const s = await fresh();
    const food = await gramFood();
    await twoDayPlan(s, food.id);
    // today (d1): breakfast eaten (no item states: every item eaten) = 300 kcal
    await insertSnapshot(t, s, { date: "2026-03-10", mealId: "b1", status: "eaten" });
    // lunch planned with no eaten item: nothing; dinner removed: nothing
    await insertSnapshot(t, s, {
      date: "2026-03-10",
      mealId: "l1",
      status: "planned",
      items: [{ itemId: "l1i1", eaten: false }],
    });
    await insertSnapshot(t, s, { date: "2026-03-10", mealId: "dn1", status: "removed" });
    // a free log at 20:00 local mirrored by a custom meal (counted once, as the custom meal: snack)
    const mirrored = await insertMealLog(t, s, {
      consumedAt: "2026-03-10T18:00:00Z",
      day: "2026-03-10",
      items: [{ name: "Pizza", qty: 150, kcal: 400, protein: 20, carbs: 40, fat: 15 }],
    });
    await insertCustomMeal(t, s, {
      date: "2026-03-10",
      label: "Pizza night",
      items: [{ name: "Pizza", qty: 150, kcal: 400, protein: 20, carbs: 40, fat: 15 }],
      mealLogId: mirrored.id,
    });
    // an unlinked free log at 13:30 local: lunch
    await insertMealLog(t, s, {
      consumedAt: "2026-03-10T11:30:00Z",
      day: "2026-03-10",
      items: [{ name: "Salad", qty: 200, kcal: 100, protein: 5, carbs: 10, fat: 4.5 }],
    });
    const today = dayOf(await view(s, "7d"), "2026-03-10");
    expect(today.eaten).toEqual({ kcal: 800, protein: 55, carbs: 80, fat: 22.5 });
    expect(today.meals).toEqual({ breakfast: true, lunch: true, dinner: false, snack: true });
    expect(today.logged).toBe(true);
    expect(today.status).toBe("under");
  });

  it("plan meal counting: eaten outside and replaced count without eaten items; one eaten item counts; pre/post/snack_am are snacks; swaps and portions apply", async () => {
    const s = await fresh();
    const food = await gramFood();
    const rich = await insertFood(t, { name: "Oil", kcal: 900, protein: 0, carbs: 0, fat: 100 });
    await twoDayPlan(s, food.id);
    // 03-09 is d2: pre eaten outside (items listed whatever their flags), post replaced (its added foods)
    await insertSnapshot(t, s, {
      date: "2026-03-09",
      mealId: "p2",
      status: "eatenOutside",
      items: [{ itemId: "p2i1", eaten: false }],
    });
    await insertSnapshot(t, s, {
      date: "2026-03-09",
      mealId: "q2",
      status: "replaced",
      replacementName: "Shake",
      addedItems: [{ foodId: rich.id, qty: 10 }],
    });
    // 03-08 is d1: breakfast with one eaten item at an adjusted portion, swapped
    await insertSnapshot(t, s, {
      date: "2026-03-08",
      mealId: "b1",
      status: "planned",
      items: [
        { itemId: "b1i1", eaten: true, qty: 50, swapFoodId: rich.id },
        { itemId: "b1i2", eaten: false },
      ],
    });
    // 03-07 is d2: a replaced meal without foods still counts (a slot, no calories)
    await insertSnapshot(t, s, {
      date: "2026-03-07",
      mealId: "q2",
      status: "replaced",
      replacementName: "Out",
    });
    const v = await view(s, "7d");
    expect(dayOf(v, "2026-03-09")).toMatchObject({
      eaten: { kcal: 190, protein: 10, carbs: 10, fat: 11 },
      meals: { breakfast: false, lunch: false, dinner: false, snack: true },
    });
    expect(dayOf(v, "2026-03-08")).toMatchObject({
      eaten: { kcal: 450, protein: 0, carbs: 0, fat: 50 },
      meals: { breakfast: true, lunch: false, dinner: false, snack: false },
    });
    expect(dayOf(v, "2026-03-07")).toMatchObject({
      logged: true,
      eaten: { kcal: 0 },
      meals: { snack: true },
    });
  });

  it("a snapshot of a meal of another plan day still counts by its own type", async () => {
    const s = await fresh();
    const food = await gramFood();
    await twoDayPlan(s, food.id);
    // 03-10 is d1, but the snapshot names d2's pre meal
    await insertSnapshot(t, s, { date: "2026-03-10", mealId: "p2", status: "eaten" });
    await insertSnapshot(t, s, { date: "2026-03-10", mealId: "gone", status: "eatenOutside" });
    const today = dayOf(await view(s, "7d"), "2026-03-10");
    expect(today).toMatchObject({ eaten: { kcal: 100 }, meals: { snack: true, breakfast: false } });
  });

  it("free logs map by local hour: before 11 breakfast, before 16 lunch, before 19 snack, later dinner", async () => {
    const s = await fresh();
    const at = async (date: string, utc: string) =>
      insertMealLog(t, s, { consumedAt: `${date}T${utc}Z`, day: date, items: [{ name: "X", kcal: 10 }] });
    await at("2026-03-04", "08:59:00"); // 10:59 local
    await at("2026-03-05", "09:00:00"); // 11:00
    await at("2026-03-06", "13:59:00"); // 15:59
    await at("2026-03-07", "14:00:00"); // 16:00
    await at("2026-03-08", "16:59:00"); // 18:59
    await at("2026-03-09", "17:00:00"); // 19:00
    const v = await view(s, "7d");
    const slot = (date: string) =>
      Object.entries(dayOf(v, date).meals)
        .filter(([, on]) => on)
        .map(([k]) => k);
    expect(
      ["2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09"].map(slot),
    ).toEqual([["breakfast"], ["lunch"], ["lunch"], ["snack"], ["snack"], ["dinner"]]);
  });

  it("status (±10% of the calorie target is full), adherence over all days, averages over logged days, previous span", async () => {
    const s = await fresh();
    await twoDayPlan(s, (await gramFood()).id);
    const log = (day: string, kcal: number, protein = 0) =>
      insertMealLog(t, s, {
        consumedAt: `${day}T10:00:00Z`,
        day,
        items: [{ name: "X", kcal, protein, carbs: 0, fat: 0 }],
      });
    await log("2026-03-10", 1800, 100); // d1 2000: 90% → full
    await log("2026-03-09", 1981, 51); // d2 1800: 110.06% → over
    await log("2026-03-08", 2200, 0.25); // d1 2000: 110% → full
    await log("2026-03-07", 1619); // d2 1800: 89.9% → under
    await log("2026-03-01", 2000); // previous span: d2 (1800) → over
    const v = await view(s, "7d");
    expect(v.days.map((d: any) => d.status)).toEqual([
      "none",
      "none",
      "none",
      "under",
      "full",
      "over",
      "full",
    ]);
    expect(v.loggedDays).toBe(4);
    expect(v.adherencePct).toBe(29); // 2 / 7
    expect(v.averageConsumed).toEqual({ kcal: 1900, protein: 37.8, carbs: 0, fat: 0 });
    expect(v.averageTarget).toEqual({ kcal: 1900, protein: 150, carbs: 200, fat: 60 });
    expect(v.previous).toEqual({
      from: "2026-02-25",
      to: "2026-03-03",
      loggedDays: 1,
      adherencePct: 0,
      averageConsumed: { kcal: 2000, protein: 0, carbs: 0, fat: 0 },
      averageTarget: { kcal: 1800, protein: 150, carbs: 200, fat: 60 },
    });
  });

  it("exchanges: when the first day reports mode mbp, protein, carbs and fat are portions (targets from mbp, eaten grams / 7, 15, 5)", async () => {
    const s = await fresh();
    await twoDayPlan(s, (await gramFood()).id, { mbpProtein: 6, mbpCarb: 8, mbpFat: 3 });
    await insertMealLog(t, s, {
      consumedAt: "2026-03-10T10:00:00Z",
      day: "2026-03-10",
      items: [{ name: "X", kcal: 500, protein: 21, carbs: 45, fat: 10 }],
    });
    const v = await view(s, "7d");
    expect(v.unit).toBe("exchanges");
    expect(dayOf(v, "2026-03-10")).toMatchObject({
      eaten: { kcal: 500, protein: 3, carbs: 3, fat: 2 },
      target: { kcal: 2000, protein: 6, carbs: 8, fat: 3 },
    });
    const grams = await fresh();
    await twoDayPlan(grams, (await gramFood()).id);
    expect((await view(grams, "7d")).unit).toBe("grams");
  });

  it("a file plan (PDF or link): filePlan true, null targets and adherence, eaten totals still shown", async () => {
    const s = await fresh();
    await insertNutritionPlan(t, s, [], { pdfUrl: "https://files.example/plan.pdf" });
    await insertMealLog(t, s, {
      consumedAt: "2026-03-10T10:00:00Z",
      day: "2026-03-10",
      items: [{ name: "X", kcal: 700 }],
    });
    const v = await view(s, "7d");
    expect(v).toMatchObject({
      filePlan: true,
      adherencePct: null,
      averageTarget: null,
      averageConsumed: { kcal: 700 },
    });
    expect(v.days.every((d: any) => d.target === null)).toBe(true);
    expect(dayOf(v, "2026-03-10").status).toBeNull();
  });

  it("the active plan is the most recently updated ACTIVE NUTRITION program (COMBINED and ended ones ignored)", async () => {
    const s = await fresh();
    const food = await gramFood();
    await twoDayPlan(s, food.id);
    await insertNutritionPlan(t, s, [{ id: "x", targets: { kcal: 1000 }, meals: [] }], {
      status: "ENDED",
      updatedAt: new Date(START),
    });
    await insertNutritionPlan(t, s, [{ id: "y", targets: { kcal: 1200 }, meals: [] }], {
      type: "COMBINED",
      updatedAt: new Date(START),
    });
    expect(dayOf(await view(s, "7d"), "2026-03-10").target.kcal).toBe(2000);
  });

  it("3m: 90 days read in 62-day chunks, logs at both ends and on both sides of the chunk boundary", async () => {
    const s = await fresh();
    for (const day of ["2025-12-11", "2026-02-10", "2026-02-11", "2026-03-10", "2025-12-10"])
      await insertMealLog(t, s, { consumedAt: `${day}T10:00:00Z`, day, items: [{ name: "X", kcal: 100 }] });
    const v = await view(s, "3m");
    expect(v.from).toBe("2025-12-11");
    expect(v.days).toHaveLength(90);
    expect(v.days.filter((d: any) => d.logged).map((d: any) => d.date)).toEqual([
      "2025-12-11",
      "2026-02-10",
      "2026-02-11",
      "2026-03-10",
    ]);
    expect(v.previous).toMatchObject({ from: "2025-09-12", to: "2025-12-10", loggedDays: 1 });
  });

  it("studio food overrides: this studio's override values count, another studio's do not", async () => {
    const s = await fresh();
    const other = await fresh();
    const food = await gramFood("Bread");
    await twoDayPlan(s, food.id);
    await insertOverride(t, { studioId: s.studioId, foodId: food.id, kcal: 250 });
    await insertOverride(t, { studioId: other.studioId, foodId: food.id, kcal: 999 });
    await insertSnapshot(t, s, { date: "2026-03-10", mealId: "s1", status: "eaten" });
    await insertMealLog(t, s, {
      consumedAt: "2026-03-10T06:00:00Z",
      day: "2026-03-10",
      items: [{ foodId: food.id, name: "Bread", qty: 40 }],
    });
    expect(dayOf(await view(s, "7d"), "2026-03-10").eaten).toEqual({
      kcal: 350,
      protein: 14,
      carbs: 14,
      fat: 1.4,
    });
  });

  it("VALIDATION for an unknown range", async () => {
    const s = await fresh();
    const res = await w.web("GET", path(s, "1y"), s.owner);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
  });

  it("coach scoping and tenancy: a limited coach, another studio and a deleted trainee get NOT_FOUND trainee not found alike", async () => {
    const owner = newOwner();
    const mine = await nutritionTrainee(w, owner);
    const { coach, as } = await addCoach(w, owner, { permissions: { trainees: "assigned" } });
    const assigned = await addClient(w, owner, { coachIds: [coach.id] });
    const foreign = await fresh();
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
