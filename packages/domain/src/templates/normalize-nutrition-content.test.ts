import { describe, expect, it } from "vitest";
import { NutritionContentSchema, PLAN_CONTENT_LIMITS } from "@studio/contracts";
import { normalizeNutritionContent } from "./normalize-nutrition-content";

const L = PLAN_CONTENT_LIMITS;

function counter(prefix = "id") {
  let n = 0;
  return () => `${prefix}${++n}`;
}
const normalize = (raw: unknown, stored?: unknown) =>
  normalizeNutritionContent(raw, { newId: counter(), ...(stored === undefined ? {} : { stored }) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const DEFAULT_TARGETS = { kcal: 2000, protein: 150, carbs: 200, fat: 60, water: 3, kcalOverride: false };
const meal = (extra: Record<string, unknown> = {}) => ({ items: [], ...extra });
const firstMeal = (raw: unknown) => normalize(raw).days[0]!.meals[0]!;

describe("nutrition content, schemaVersion 1 (document 2 'Plan content (normalized on save)')", () => {
  it("Normalizers never throw; content with no days gets one empty day", () => {
    for (const raw of [undefined, null, 1, "x", [], { days: [] }, { days: [null, 3] }, { days: {} }]) {
      const out = normalize(raw);
      expect(out).toEqual({
        schemaVersion: 1,
        meta: {},
        days: [{ id: "nd1", label: "", targets: DEFAULT_TARGETS, meals: [] }],
      });
      expect(NutritionContentSchema.parse(out)).toEqual(out);
    }
  });

  it("unknown keys are dropped at every level", () => {
    const out = normalize({
      foo: 1,
      meta: { bar: 2 },
      days: [
        {
          x: 1,
          targets: { y: 1 },
          meals: [meal({ z: 1, target: { kcal: 300, w: 1 }, items: [{ v: 1, alts: [{ u: 1 }] }] })],
        },
      ],
    });
    expect(out).not.toHaveProperty("foo");
    expect(out.meta).toEqual({});
    const day = out.days[0]!;
    expect(day).not.toHaveProperty("x");
    expect(day.targets).not.toHaveProperty("y");
    expect(day.meals[0]).not.toHaveProperty("z");
    expect(day.meals[0]!.target).toEqual({ kcal: 300 });
    expect(day.meals[0]!.items[0]).not.toHaveProperty("v");
    expect(day.meals[0]!.items[0]!.alts[0]).not.toHaveProperty("u");
  });

  describe("days", () => {
    it("A day has id (default nd1, nd2, ...); a repeated id is replaced by the next free ndN", () => {
      expect(normalize({ days: [{}, {}, {}] }).days.map((d) => d.id)).toEqual(["nd1", "nd2", "nd3"]);
      expect(normalize({ days: [{ id: "nd1" }, { id: "nd1" }, {}] }).days.map((d) => d.id)).toEqual([
        "nd1",
        "nd2",
        "nd3",
      ]);
      expect(normalize({ days: [{}, { id: "nd1" }] }).days.map((d) => d.id)).toEqual(["nd2", "nd1"]);
    });

    it("label: trimmed text, empty by default (no letter default for nutrition days)", () => {
      expect(normalize({ days: [{ label: " Training day " }, {}] }).days.map((d) => d.label)).toEqual([
        "Training day",
        "",
      ]);
    });

    it("at most 56 days", () => {
      expect(normalize({ days: Array.from({ length: 60 }, () => ({})) }).days).toHaveLength(L.days);
    });
  });

  describe("targets", () => {
    const targets = (raw: unknown, plan?: unknown) =>
      normalize({ ...(plan === undefined ? {} : { targets: plan }), days: [{ targets: raw }] }).days[0]!
        .targets;

    it("kcal, protein, carbs, fat (grams), water (litres); defaults 2000, 150, 200, 60, 3", () => {
      expect(targets(undefined)).toEqual(DEFAULT_TARGETS);
      expect(targets({ kcal: 1800, protein: "140", carbs: 180.5, fat: 55, water: 2.5 })).toEqual({
        kcal: 1800,
        protein: 140,
        carbs: 180.5,
        fat: 55,
        water: 2.5,
        kcalOverride: false,
      });
    });

    it("an invalid or negative value takes the default; zero is a value; values above the ceilings are clamped", () => {
      expect(targets({ kcal: -1, protein: "lots", carbs: null, fat: 0, water: 1e9 })).toEqual({
        kcal: 2000,
        protein: 150,
        carbs: 200,
        fat: 0,
        water: L.waterLitres,
        kcalOverride: false,
      });
      expect(targets({ kcal: 1e9 }).kcal).toBe(L.kcal);
    });

    it("Optional mbpProtein, mbpCarb, mbpFat kept only when finite and above zero", () => {
      const t = targets({ mbpProtein: 4, mbpCarb: "2.5", mbpFat: 0 });
      expect(t).toMatchObject({ mbpProtein: 4, mbpCarb: 2.5 });
      expect(t).not.toHaveProperty("mbpFat");
      const none = targets({ mbpProtein: -1, mbpCarb: null, mbpFat: "x" });
      for (const key of ["mbpProtein", "mbpCarb", "mbpFat"]) expect(none).not.toHaveProperty(key);
    });

    it("kcalOverride true once the coach types a calorie target over the portion-derived one (a boolean, default false)", () => {
      expect(targets({ kcalOverride: true }).kcalOverride).toBe(true);
      expect(targets({ kcalOverride: "true" }).kcalOverride).toBe(false);
      expect(targets({}).kcalOverride).toBe(false);
    });

    it("A plan-level targets object is the legacy fallback for days without their own values (key by key), then dropped", () => {
      const out = normalize({
        targets: { kcal: 1500, protein: 120, water: 2, kcalOverride: true, mbpFat: 3 },
        days: [{ targets: { kcal: 1700 } }, {}],
      });
      expect(out.days.map((d) => d.targets)).toEqual([
        { kcal: 1700, protein: 120, carbs: 200, fat: 60, water: 2, kcalOverride: true, mbpFat: 3 },
        { kcal: 1500, protein: 120, carbs: 200, fat: 60, water: 2, kcalOverride: true, mbpFat: 3 },
      ]);
      expect(out).not.toHaveProperty("targets");
      // also for the one empty day of a plan without days
      expect(normalize({ targets: { kcal: 1600 } }).days[0]!.targets.kcal).toBe(1600);
    });
  });

  describe("meals", () => {
    it("A meal has id, type, label, time, prep, items and optional target", () => {
      expect(
        firstMeal({
          days: [
            { meals: [{ id: "m1", type: "lunch", label: "Lunch", time: "12:30", prep: "grill", items: [] }] },
          ],
        }),
      ).toEqual({ id: "m1", type: "lunch", label: "Lunch", time: "12:30", prep: "grill", items: [] });
    });

    it("type (breakfast, snack_am, lunch, pre, post, dinner; default breakfast)", () => {
      expect(firstMeal({ days: [{ meals: [meal()] }] }).type).toBe("breakfast");
      expect(firstMeal({ days: [{ meals: [meal({ type: "brunch" })] }] }).type).toBe("breakfast");
      expect(firstMeal({ days: [{ meals: [meal({ type: "snack_am" })] }] }).type).toBe("snack_am");
    });

    it("time (default by type: 08:00, 10:30, 13:00, 16:00, 18:00, 20:00 in that order)", () => {
      const meals = normalize({
        days: [
          {
            meals: ["breakfast", "snack_am", "lunch", "pre", "post", "dinner"].map((type) => meal({ type })),
          },
        ],
      }).days[0]!.meals;
      expect(meals.map((m) => m.time)).toEqual(["08:00", "10:30", "13:00", "16:00", "18:00", "20:00"]);
    });

    it("a time is HH:MM ('7:05' becomes 07:05, seconds dropped); an invalid time takes the default", () => {
      const time = (t: unknown) => firstMeal({ days: [{ meals: [meal({ type: "dinner", time: t })] }] }).time;
      expect(time("7:05")).toBe("07:05");
      expect(time("19:45:30")).toBe("19:45");
      for (const bad of ["24:00", "12:60", "noon", "", 1200, null]) expect(time(bad)).toBe("20:00");
    });

    it("meal ids: kept when given, random when missing, a repeated id within a day gets a new one", () => {
      const out = normalizeNutritionContent({
        days: [{ meals: [meal({ id: "m" }), meal(), meal({ id: "m" })] }],
      });
      const ids = out.days[0]!.meals.map((m) => m.id);
      expect(ids[0]).toBe("m");
      expect(ids[1]).toMatch(UUID);
      expect(ids[2]).toMatch(UUID);
      expect(new Set(ids).size).toBe(3);
    });

    it("optional target: kcal rounded; mbp keys; keys kept only when finite and above zero; an empty target is removed", () => {
      const target = (t: unknown) => firstMeal({ days: [{ meals: [meal({ target: t })] }] }).target;
      expect(target({ kcal: 512.6, mbpProtein: 2, mbpCarb: 1.5, mbpFat: 0 })).toEqual({
        kcal: 513,
        mbpProtein: 2,
        mbpCarb: 1.5,
      });
      expect(target({ kcal: 0.4 })).toBeUndefined(); // rounds to 0
      expect(target({ kcal: 0, mbpProtein: -1 })).toBeUndefined();
      expect(target({})).toBeUndefined();
      expect(target("300")).toBeUndefined();
      expect(firstMeal({ days: [{ meals: [meal({ target: {} })] }] })).not.toHaveProperty("target");
    });

    it("at most 12 meals a day and 400 in the plan", () => {
      expect(
        normalize({ days: [{ meals: Array.from({ length: 30 }, () => meal()) }] }).days[0]!.meals,
      ).toHaveLength(L.mealsPerDay);
      const out = normalize({
        days: Array.from({ length: 56 }, () => ({ meals: Array.from({ length: 12 }, () => meal()) })),
      });
      expect(out.days.reduce((n, d) => n + d.meals.length, 0)).toBe(L.mealsTotal);
    });
  });

  describe("items and alternatives", () => {
    const item = (raw: unknown) => firstMeal({ days: [{ meals: [meal({ items: [raw] })] }] }).items[0]!;

    it("An item has id, foodId, qty (string, default 100), note, optional countsAs (protein or carb) and alts", () => {
      expect(
        item({ id: "i1", foodId: "f1", qty: 150, note: "cooked", countsAs: "protein", alts: [] }),
      ).toEqual({
        id: "i1",
        foodId: "f1",
        qty: "150",
        note: "cooked",
        countsAs: "protein",
        alts: [],
      });
      expect(item({ id: "i1" })).toEqual({ id: "i1", foodId: null, qty: "100", note: "", alts: [] });
      expect(item({ id: "i1", qty: "  " }).qty).toBe("100");
      expect(item({ id: "i1", countsAs: "fat" })).not.toHaveProperty("countsAs");
    });

    it("alts: each with id, foodId, qty, optional countsAs", () => {
      const alts = item({
        id: "i",
        alts: [
          { id: "a1", foodId: "f2", qty: "80", countsAs: "carb", note: "dropped" },
          { foodId: "f3" },
          "x",
        ],
      }).alts;
      expect(alts).toEqual([
        { id: "a1", foodId: "f2", qty: "80", countsAs: "carb" },
        { id: "id2", foodId: "f3", qty: "100" }, // the meal took id1
      ]);
    });

    it("items keep generated ids across saves: a fixed point", () => {
      const first = normalizeNutritionContent({
        days: [{ meals: [meal({ items: [{ foodId: "f", alts: [{}] }] })] }],
      });
      expect(normalizeNutritionContent(first)).toEqual(first);
    });

    it("at most 40 items a meal and 10 alternatives an item", () => {
      const m = firstMeal({
        days: [
          {
            meals: [
              meal({
                items: Array.from({ length: 60 }, () => ({ alts: Array.from({ length: 20 }, () => ({})) })),
              }),
            ],
          },
        ],
      });
      expect(m.items).toHaveLength(L.itemsPerMeal);
      expect(m.items[0]!.alts).toHaveLength(L.altsPerItem);
    });
  });

  describe("imported content (meta.imported true stops filling builder defaults)", () => {
    it("a missing qty stays empty, a missing meal time stays empty, missing targets are 0", () => {
      const out = normalize({
        meta: { imported: true, source: { file: "x.csv" } },
        days: [{ meals: [meal({ type: "lunch", items: [{ foodId: "f", alts: [{ foodId: "g" }] }] })] }],
      });
      const day = out.days[0]!;
      expect(day.targets).toEqual({ kcal: 0, protein: 0, carbs: 0, fat: 0, water: 0, kcalOverride: false });
      expect(day.meals[0]!.time).toBe("");
      expect(day.meals[0]!.type).toBe("lunch");
      expect(day.meals[0]!.items[0]!.qty).toBe("");
      expect(day.meals[0]!.items[0]!.alts[0]!.qty).toBe("");
      expect(out.meta).toEqual({ imported: true, source: { file: "x.csv" } });
    });

    it("given values still count; the plan-level fallback still applies before the 0", () => {
      const out = normalize({
        meta: { imported: true },
        targets: { protein: 100 },
        days: [{ targets: { kcal: 1900 }, meals: [meal({ time: "9:15", items: [{ qty: 30 }] })] }],
      });
      const day = out.days[0]!;
      expect(day.targets).toMatchObject({ kcal: 1900, protein: 100, carbs: 0 });
      expect(day.meals[0]!.time).toBe("09:15");
      expect(day.meals[0]!.items[0]!.qty).toBe("30");
    });

    it("Keys imported, source, draft, goalSet pass through; a save that does not echo them keeps the stored ones", () => {
      const stored = normalize({ meta: { imported: true, draft: { step: 2 }, goalSet: ["cut"] } });
      const saved = normalize({ meta: { draft: null }, days: [{ meals: [meal({ items: [{}] })] }] }, stored);
      expect(saved.meta).toEqual({ imported: true, draft: null, goalSet: ["cut"] });
      expect(saved.days[0]!.meals[0]!.items[0]!.qty).toBe("");
      expect(saved.days[0]!.targets.kcal).toBe(0);
    });
  });
});
