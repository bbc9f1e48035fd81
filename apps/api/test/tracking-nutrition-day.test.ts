import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

// GET /v1/web/clients/{id}/tracking/nutrition/{date} (document 2 "Day detail"). Tuesday
// 2026-03-10, 12:00 in Jerusalem; today is the plan's first day.
const START = Date.parse("2026-03-10T10:00:00Z");
let t: TestApp;
let w: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(START) });
  w = signedAt(t, () => START);
});
afterAll(async () => t?.close());

const path = (s: { clientId: string }, date: string) =>
  `/v1/web/clients/${s.clientId}/tracking/nutrition/${date}`;
const detail = async (s: NutritionTrainee, date: string) => {
  const res = await w.web("GET", path(s, date), s.owner);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const fresh = () => nutritionTrainee(w, newOwner());

async function planWith(s: NutritionTrainee) {
  const rice = await insertFood(t, { name: "Rice" });
  const egg = await insertFood(t, { name: "Egg" });
  const oats = await insertFood(t, { name: "Oats" });
  await insertNutritionPlan(t, s, [
    {
      id: "nd1",
      meals: [
        {
          id: "b1",
          type: "breakfast",
          label: "Morning",
          time: "08:00",
          items: [
            { id: "i1", foodId: egg.id, qty: "100" },
            { id: "i2", foodId: oats.id, qty: "50" },
          ],
        },
        { id: "l1", type: "lunch", label: "Lunch", items: [{ id: "i3", foodId: rice.id, qty: "150" }] },
        { id: "d1", type: "dinner", label: "Dinner", items: [{ id: "i4", foodId: rice.id, qty: "200" }] },
        { id: "s1", type: "snack_am", label: "Snack", items: [{ id: "i5", foodId: egg.id, qty: "60" }] },
        { id: "x1", type: "post", label: "Post", items: [{ id: "i6", foodId: oats.id, qty: "30" }] },
      ],
    },
  ]);
  return { rice, egg, oats };
}

describe("GET /v1/web/clients/{id}/tracking/nutrition/{date}", () => {
  it("plan meals, then custom meals, then unlinked logs, with their ids; removed skipped; replaced shows the replacement; eaten outside lists every item and added foods; otherwise only eaten items with swaps and portions", async () => {
    const s = await fresh();
    const { rice, egg, oats } = await planWith(s);
    const day = "2026-03-10";
    await insertSnapshot(t, s, {
      date: day,
      mealId: "b1",
      status: "planned",
      items: [
        { itemId: "i1", eaten: true, qty: 120, swapFoodId: rice.id },
        { itemId: "i2", eaten: false },
      ],
    });
    await insertSnapshot(t, s, {
      date: day,
      mealId: "l1",
      status: "eatenOutside",
      items: [{ itemId: "i3", eaten: false }],
      addedItems: [{ foodId: egg.id, qty: 40 }],
    });
    await insertSnapshot(t, s, { date: day, mealId: "d1", status: "removed" });
    await insertSnapshot(t, s, {
      date: day,
      mealId: "s1",
      status: "replaced",
      replacementName: "Protein bar",
      addedItems: [{ foodId: oats.id, qty: 35 }],
    });
    await insertSnapshot(t, s, {
      date: day,
      mealId: "x1",
      status: "planned",
      items: [{ itemId: "i6", eaten: false }],
    });
    const linked = await insertMealLog(t, s, {
      consumedAt: "2026-03-10T17:30:00Z",
      day,
      items: [{ name: "Pasta", qty: 200 }],
    });
    const custom = await insertCustomMeal(t, s, {
      date: day,
      label: "Pasta dinner",
      items: [{ name: "Pasta", qty: 200 }],
      note: "at grandma's",
      photoUrl: "https://img.example/p.jpg",
      mealLogId: linked.id,
    });
    const plainCustom = await insertCustomMeal(t, s, {
      date: day,
      label: "Fruit",
      items: [{ name: "Apple", qty: 150 }],
    });
    const free = await insertMealLog(t, s, {
      consumedAt: "2026-03-10T06:15:00Z",
      day,
      items: [{ foodId: egg.id, name: "old egg name", qty: 55 }],
      note: "quick",
    });
    const d = await detail(s, day);
    expect(d.date).toBe(day);
    expect(d.meals.map((m: any) => m.id)).toEqual([
      "plan:b1",
      "plan:l1",
      "plan:s1",
      `custom:${custom.id}`,
      `custom:${plainCustom.id}`,
      `log:${free.id}`,
    ]);
    const [b1, l1, s1, c1, c2, log] = d.meals;
    expect(b1).toEqual({
      id: "plan:b1",
      source: "plan",
      slot: "breakfast",
      label: "Morning",
      time: "08:00",
      foods: [{ foodId: rice.id, name: "Rice", qty: 120 }],
      note: null,
      photoUrl: null,
    });
    expect(l1.foods).toEqual([
      { foodId: rice.id, name: "Rice", qty: 150 },
      { foodId: egg.id, name: "Egg", qty: 40 },
    ]);
    expect(s1).toMatchObject({
      label: "Protein bar",
      slot: "snack",
      foods: [{ foodId: oats.id, name: "Oats", qty: 35 }],
    });
    // the custom meal takes its linked log's local hour (19:30 → dinner); the linked log is not listed again
    expect(c1).toMatchObject({
      source: "custom",
      slot: "dinner",
      label: "Pasta dinner",
      note: "at grandma's",
      photoUrl: "https://img.example/p.jpg",
    });
    expect(c2).toMatchObject({
      slot: "snack",
      label: "Fruit",
      foods: [{ foodId: null, name: "Apple", qty: 150 }],
    });
    // a free log: slot by local hour (08:15 → breakfast), the effective food name
    expect(log).toMatchObject({
      source: "log",
      slot: "breakfast",
      label: null,
      time: "08:15",
      note: "quick",
      foods: [{ foodId: egg.id, name: "Egg", qty: 55 }],
    });
  });

  it("food names use the studio's effective rows (this studio's override only)", async () => {
    const s = await fresh();
    const other = await fresh();
    const { egg } = await planWith(s);
    await insertOverride(t, { studioId: s.studioId, foodId: egg.id, name: "ביצה" });
    await insertOverride(t, { studioId: other.studioId, foodId: egg.id, name: "Other egg" });
    await insertSnapshot(t, s, { date: "2026-03-10", mealId: "s1", status: "eaten" });
    const d = await detail(s, "2026-03-10");
    expect(d.meals[0].foods).toEqual([{ foodId: egg.id, name: "ביצה", qty: 60 }]);
  });

  it("a meal with no label, foods, photo and note is dropped; a single food named as the label without quantity is emptied", async () => {
    const s = await fresh();
    await insertMealLog(t, s, { consumedAt: "2026-03-09T10:00:00Z", day: "2026-03-09", items: [] });
    await insertCustomMeal(t, s, { date: "2026-03-09", label: "Toast", items: [{ name: "Toast" }] });
    const photo = await insertMealLog(t, s, {
      consumedAt: "2026-03-09T11:00:00Z",
      day: "2026-03-09",
      photoUrl: "https://img.example/x.jpg",
    });
    const d = await detail(s, "2026-03-09");
    expect(d.meals).toHaveLength(2);
    expect(d.meals[0]).toMatchObject({ label: "Toast", foods: [] });
    expect(d.meals[1]).toMatchObject({
      id: `log:${photo.id}`,
      foods: [],
      photoUrl: "https://img.example/x.jpg",
    });
  });

  it("an empty day answers no meals; a day before any plan uses the rotation too", async () => {
    const s = await fresh();
    await planWith(s);
    expect(await detail(s, "2025-01-01")).toEqual({ date: "2025-01-01", meals: [] });
  });

  it("VALIDATION for a date that is not a real calendar date or not a date", async () => {
    const s = await fresh();
    for (const bad of ["2025-02-30", "2025-13-01", "yesterday"]) {
      const res = await w.web("GET", path(s, bad), s.owner);
      expect(res.status, bad).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });

  it("coach scoping and tenancy: NOT_FOUND trainee not found alike", async () => {
    const owner = newOwner();
    const mine = await nutritionTrainee(w, owner);
    const { coach, as } = await addCoach(w, owner, { permissions: { trainees: "assigned" } });
    const assigned = await addClient(w, owner, { coachIds: [coach.id] });
    const foreign = await fresh();
    expect((await w.web("GET", path({ clientId: assigned.id }, "2026-03-10"), as)).status).toBe(200);
    const hidden = await w.web("GET", path(mine, "2026-03-10"), as);
    const away = await w.web("GET", path(foreign, "2026-03-10"), owner);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("trainee not found");
    expect(withoutRequestId(hidden.body)).toEqual(withoutRequestId(away.body));
  });
});
