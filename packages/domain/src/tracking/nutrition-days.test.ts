import { describe, expect, it } from "vitest";
import type { NutritionContent } from "@studio/contracts";
import { normalizeNutritionContent } from "../templates/normalize-nutrition-content";
import { mergeNutritionDays, mergeNutritionTotals } from "./merge-nutrition-days";
import { planMealOf, slotOfHour, slotOfMealType } from "./nutrition-day-meals";
import { loadNutritionDays } from "./nutrition-days";
import type { CustomMealRow, EffectiveFood, MealLogRow, NutritionRows, SnapshotRow } from "./nutrition-rows";
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

  it("the range views' totals path: the same targets, eaten totals (to the last bit), slots and logged flag as the full merge", () => {
    // A deterministic mix over 40 days (and one more): every snapshot status, item states, swaps, added foods,
    // snapshots of meals outside the day or the plan, custom meals and logs with unknown foods,
    // nameless lines, own values and fractional grams (the sums' order shows in the last bits).
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const pick = <T>(values: readonly T[]) => values[next(values.length)]!;
    const manyFoods = new Map<string, EffectiveFood>([
      ...foods,
      ["f3", { name: "Bread", kcal: 265.3, protein: 9.1, carbs: 49.7, fat: 3.2 }],
      ["f4", { name: "Egg", kcal: null, protein: 12.6, carbs: null, fat: 9.5 }],
      ["f5", { name: "", kcal: 50, protein: 1, carbs: 1, fat: 1 }],
    ]);
    const foodIds = ["f1", "f2", "f3", "f4", "f5", "gone", null];
    const line = () => ({
      foodId: pick(foodIds),
      name: pick(["Soup", "", null, "Tea"]),
      qty: pick([100, 33.3, "57.5", null, 0.1]),
      ...(next(3)
        ? { kcal: pick([120.7, 0.1, 0.2, 0.3, null, "80"]), protein: pick([3.3, 0.1, 0.7, null]) }
        : {}),
    });
    const range40 = { from: "2026-02-01", to: "2026-03-13" };
    const snapshots: SnapshotRow[] = [];
    const customMeals: CustomMealRow[] = [];
    const mealLogs: MealLogRow[] = [];
    for (let d = 0; d < 40; d++) {
      const date = `2026-${d < 28 ? "02" : "03"}-${String(d < 28 ? d + 1 : d - 27).padStart(2, "0")}`;
      for (const mealId of ["m1", "m2", "gone"]) {
        if (next(4) === 0) continue;
        snapshots.push({
          date,
          mealId,
          status: pick(["eaten", "planned", "eatenOutside", "replaced", "removed"]),
          replacementName: pick([null, "Shake"]),
          items: [
            {
              itemId: "i1",
              eaten: next(2) === 0,
              ...(next(3) === 0 ? { swapFoodId: pick(foodIds), qty: 12.5 } : {}),
            },
            ...(next(2) ? [{ itemId: "i3", eaten: true, qty: "0.3" }] : []),
          ],
          addedItems: next(2) ? [{ foodId: pick(foodIds), qty: pick([80, 0.7, null]) }] : [],
        });
      }
      for (let k = next(3); k > 0; k--)
        customMeals.push({
          id: `c${d}-${k}`,
          date,
          label: "Out",
          items: [line(), line(), "junk"],
          note: null,
          photoUrl: null,
          linkedConsumedAt: next(2) ? new Date(`${date}T${String(next(24)).padStart(2, "0")}:10:00Z`) : null,
        });
      for (let k = next(4); k > 0; k--)
        mealLogs.push({
          id: `l${d}-${k}`,
          day: date,
          consumedAt: new Date(`${date}T${String(next(24)).padStart(2, "0")}:${pick(["00", "59"])}:00Z`),
          items: next(5) ? [line(), line(), line()] : "not a list",
          note: null,
          photoUrl: null,
        });
    }
    // A day whose sum depends on the order: custom meal first, (0.2 + 0.3) + 0.1 = 0.6, while
    // (0.1 + 0.2) + 0.3 = 0.6000000000000001.
    const last = { date: "2026-03-13", label: "Out", note: null, photoUrl: null, linkedConsumedAt: null };
    customMeals.push({
      ...last,
      id: "c-order",
      items: [
        { name: "A", kcal: 0.2 },
        { name: "B", kcal: 0.3 },
      ],
    });
    mealLogs.push({
      id: "l-order",
      day: "2026-03-13",
      consumedAt: new Date("2026-03-13T10:00:00Z"),
      items: [{ name: "C", kcal: 0.1 }],
      note: null,
      photoUrl: null,
    });
    const all = { snapshots, customMeals, mealLogs, foods: manyFoods };
    const subjects = [
      subject,
      { ...subject, plan: { kind: "file" as const, programId: "f" } },
      { ...subject, plan: { kind: "none" as const } },
    ];
    for (const s of subjects) {
      const full = mergeNutritionDays(s, range40, all).map(({ meals: _meals, ...day }) => day);
      expect(full.some((d) => d.logged)).toBe(true);
      expect(mergeNutritionTotals(s, range40, all)).toEqual(full);
    }
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
