import { describe, expect, it } from "vitest";
import type { NutritionContent } from "@studio/contracts";
import { normalizeNutritionContent } from "../templates/normalize-nutrition-content";
import { mergeNutritionDays } from "./merge-nutrition-days";
import { planMealOf, slotOfHour, slotOfMealType } from "./nutrition-day-meals";
import { loadNutritionDays } from "./nutrition-days";
import type { EffectiveFood, NutritionRows } from "./nutrition-rows";
import { planDayFor, type NutritionPlan } from "./nutrition-subject";
import { dayStatus, inUnit, summarizeNutrition, unitOf } from "./nutrition-period";

const content = (days: unknown[]): NutritionContent => normalizeNutritionContent({ schemaVersion: 1, days });
const plan: NutritionPlan = {
  kind: "plan",
  programId: "p1",
  content: content([
    {
      id: "a",
      targets: { kcal: 2000, protein: 150, carbs: 200, fat: 60 },
      meals: [
        {
          id: "m1",
          type: "breakfast",
          items: [
            { id: "i1", foodId: "f1", qty: "200" },
            { id: "i2", foodId: "f1", qty: "100" },
          ],
        },
        { id: "m2", type: "pre", items: [{ id: "i3", foodId: "f1", qty: "100" }] },
      ],
    },
    { id: "b", targets: { kcal: 1500, protein: 100, carbs: 150, fat: 50, mbpProtein: 5 }, meals: [] },
    { id: "c", targets: { kcal: 1800, protein: 120, carbs: 180, fat: 55 }, meals: [] },
  ]),
};
const foods = new Map<string, EffectiveFood>([
  ["f1", { name: "Rice", kcal: 100, protein: 10, carbs: 20, fat: 1 }],
  ["f2", { name: "Oil", kcal: 900, protein: 0, carbs: 0, fat: 100 }],
]);
const rows = (partial: Partial<NutritionRows> = {}): NutritionRows => ({
  snapshots: [],
  customMeals: [],
  mealLogs: [],
  foods,
  ...partial,
});
const subject = { zone: "Asia/Jerusalem", today: "2026-03-10", plan };
const range = { from: "2026-03-08", to: "2026-03-10" };

describe("nutrition days source", () => {
  it("rotation: today is the first plan day, earlier dates wrap backwards, later ones forwards", () => {
    const ids = ["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-13"].map(
      (d) => planDayFor(plan, "2026-03-10", d)!.id,
    );
    expect(ids).toEqual(["a", "b", "c", "a", "b", "a"]);
    expect(planDayFor({ kind: "file", programId: "x" }, "2026-03-10", "2026-03-10")).toBeNull();
    expect(planDayFor({ kind: "none" }, "2026-03-10", "2026-03-10")).toBeNull();
  });

  it("slot mapping: meal types (snack_am, pre, post are snacks) and free meals by local hour", () => {
    expect(
      (["breakfast", "snack_am", "lunch", "pre", "post", "dinner"] as const).map(slotOfMealType),
    ).toEqual(["breakfast", "snack", "lunch", "snack", "snack", "dinner"]);
    expect([0, 10, 11, 15, 16, 18, 19, 23].map(slotOfHour)).toEqual([
      "breakfast",
      "breakfast",
      "lunch",
      "lunch",
      "snack",
      "snack",
      "dinner",
      "dinner",
    ]);
  });

  it("plan meal rules: removed is skipped; planned without eaten items does not count; eaten without states eats every item; eatenOutside and replaced count", () => {
    const meal = plan.kind === "plan" ? plan.content.days[0]!.meals[0]! : null;
    const snap = (status: string, extra: object = {}) => ({
      date: "2026-03-10",
      mealId: "m1",
      status,
      replacementName: null,
      items: [],
      addedItems: [],
      ...extra,
    });
    expect(planMealOf(meal!, snap("removed"), foods)).toBeNull();
    expect(planMealOf(meal!, snap("planned"), foods)!.counted).toBe(false);
    expect(planMealOf(meal!, snap("eaten"), foods)!.foods.map((f) => f.qty)).toEqual([200, 100]);
    const outside = planMealOf(
      meal!,
      snap("eatenOutside", { items: [{ itemId: "i1", eaten: false }] }),
      foods,
    )!;
    expect(outside.counted).toBe(true);
    expect(outside.foods).toHaveLength(2);
    const replaced = planMealOf(meal!, snap("replaced", { replacementName: "Shake" }), foods)!;
    expect(replaced).toMatchObject({ counted: true, label: "Shake", foods: [] });
    const swapped = planMealOf(
      meal!,
      snap("planned", { items: [{ itemId: "i2", eaten: true, qty: 10, swapFoodId: "f2" }] }),
      foods,
    )!;
    expect(swapped.foods).toEqual([
      { foodId: "f2", name: "Oil", qty: 10, kcal: 90, protein: 0, carbs: 0, fat: 10 },
    ]);
  });

  it("merge: plan meals, custom meals (snack in the view, linked log's hour in the detail) and logs, counted once each", () => {
    const days = mergeNutritionDays(
      subject,
      range,
      rows({
        snapshots: [
          {
            date: "2026-03-10",
            mealId: "m2",
            status: "eaten",
            replacementName: null,
            items: [],
            addedItems: [],
          },
        ],
        customMeals: [
          {
            id: "c1",
            date: "2026-03-10",
            label: "Pizza",
            items: [{ name: "Pizza", qty: 100, kcal: 300, protein: 10, carbs: 30, fat: 12 }],
            note: null,
            photoUrl: null,
            linkedConsumedAt: new Date("2026-03-10T18:00:00Z"),
          },
        ],
        mealLogs: [
          {
            id: "l1",
            day: "2026-03-10",
            consumedAt: new Date("2026-03-10T06:00:00Z"),
            items: [{ foodId: "f1", name: "x", qty: 50 }],
            note: null,
            photoUrl: null,
          },
        ],
      }),
    );
    expect(days.map((d) => d.date)).toEqual(["2026-03-08", "2026-03-09", "2026-03-10"]);
    const today = days[2]!;
    expect(today.meals.map((m) => [m.id, m.slot, m.detailSlot])).toEqual([
      ["plan:m2", "snack", "snack"],
      ["custom:c1", "snack", "dinner"],
      ["log:l1", "breakfast", "breakfast"],
    ]);
    expect(today.eaten).toEqual({ kcal: 450, protein: 25, carbs: 60, fat: 13.5 });
    expect(today.slots).toEqual({ breakfast: true, lunch: false, dinner: false, snack: true });
    expect(days[0]!.logged).toBe(false);
  });

  it("refuses spans over 62 days before reading anything", async () => {
    const subjectWithClient = { ...subject, clientId: "c" };
    await expect(
      loadNutritionDays(null as never, { studioId: "s" } as never, subjectWithClient, {
        from: "2026-01-01",
        to: "2026-03-04",
      }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("unit: exchanges when the first day reports mode mbp; grams / 7, 15, 5 portions", () => {
    const days = mergeNutritionDays(subject, { from: "2026-03-08", to: "2026-03-10" }, rows());
    expect(days.map((d) => d.mode)).toEqual(["mbp", "grams", "grams"]);
    expect(unitOf(days)).toBe("exchanges");
    expect(unitOf(days.slice(1))).toBe("grams");
    expect(inUnit({ kcal: 100.4, protein: 21, carbs: 45, fat: 10 }, "exchanges")).toEqual({
      kcal: 100,
      protein: 3,
      carbs: 3,
      fat: 2,
    });
    const summary = summarizeNutrition(range, days, "exchanges", true);
    expect(summary.days[0]!.target).toEqual({ kcal: 1500, protein: 5, carbs: 10, fat: 10 });
  });

  it("file plan: no targets, no adherence; status rule ±10% of calories", () => {
    const file = mergeNutritionDays({ ...subject, plan: { kind: "file", programId: "f" } }, range, rows());
    const summary = summarizeNutrition(range, file, unitOf(file), false);
    expect(summary.adherencePct).toBeNull();
    expect(summary.days.every((d) => d.target === null)).toBe(true);
    expect(dayStatus(0, 2000, false)).toBe("none");
    expect(dayStatus(1799, 2000, true)).toBe("under");
    expect(dayStatus(1800, 2000, true)).toBe("full");
    expect(dayStatus(2200, 2000, true)).toBe("full");
    expect(dayStatus(2201, 2000, true)).toBe("over");
    expect(dayStatus(500, null, true)).toBeNull();
  });
});
