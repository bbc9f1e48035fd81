import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MEAL_TYPES,
  NutritionContentSchema,
  PLAN_CONTENT_LIMITS,
  PLAN_IMPORT_META_KEYS,
  REQUIREMENT_MODES,
  REQUIREMENT_SCOPES,
  SET_TYPES,
  TrainingContentSchema,
  type NutritionContent,
  type TrainingContent,
} from "@studio/contracts";
import { dayCardioMinutes } from "./day-cardio-minutes";
import { dayStepsGoal } from "./day-steps-goal";
import { isFileTemplateContentAllowed } from "./is-file-template-content-allowed";
import { isTechniqueVideoRequired } from "./is-technique-video-required";
import { normalizeNutritionContent } from "./normalize-nutrition-content";
import { normalizeTrainingContent } from "./normalize-training-content";
import { nutritionDayAt } from "./nutrition-day-at";
import { isTrainingContentV1 } from "./is-training-content-v1";
import { isRecord, passThroughJson, positiveIntString } from "./plan-values";
import { readTrainingContent } from "./read-training-content";
import { trainingDayAt } from "./training-day-at";
import { trainingRequirementOf } from "./training-requirement-of";
import { waterTargetMl } from "./water-target-ml";
import { weeklyCardioMinutes } from "./weekly-cardio-minutes";

// Property tests (fast-check): for any JSON, and for generated content close to what the
// builders, the model mapping and imports send, the normalizers never throw, return a value
// their contract schema accepts, survive a JSON round trip (what jsonb stores) unchanged, and
// are a fixed point: normalize(normalize(x)) equals normalize(x), key order included.
// numRuns are tuned so this file stays around a second or two.

const RUNS = { json: 300, structured: 200, derived: 150 } as const;

// ---------------------------------------------------------------------------------------------
// Arbitraries

/** Characters that break naive code: NUL, lone surrogates, a full pair, whitespace, digits, separators. */
const nastyUnit = fc.constantFrom(
  "\u0000",
  "\uD800",
  "\uDC00",
  "\uD83D\uDE00",
  " ",
  "\n",
  "\t",
  "a",
  "Z",
  "7",
  "0",
  "-",
  ":",
  ".",
  "T",
);
const nastyString = fc.string({ unit: nastyUnit, maxLength: 12 });
const junk = fc.jsonValue({ maxDepth: 2 });
/** A value of the right kind most of the time, else any JSON or nothing. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 5, arbitrary: arb as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: junk as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
/**
 * A string around one of the length limits (32, 40, 64, 100, 200, 1000, 2000), so cuts land
 * on spaces, inside surrogate pairs and next to NUL.
 */
const nearLimitString = fc
  .tuple(
    fc.constantFrom(32, 40, 64, 100, 200, 1000, 2000),
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(" ", "x", "\uD83D\uDE00", "\uD800", "\u0000", " \u0000"),
    nastyString,
  )
  .map(
    ([limit, delta, fill, tail]) =>
      `${" ".repeat(delta & 1)}${"x".repeat(Math.max(0, limit + delta - 2))}${fill}${fill}${tail}`,
  );
const text = fc.oneof(
  fc.string({ maxLength: 10 }),
  nastyString,
  nearLimitString,
  fc.integer({ min: -5, max: 500 }),
  fc.double(),
);
const numberish = fc.oneof(
  fc.integer({ min: -10, max: 300 }),
  fc.integer({ min: 0, max: 250_000 }),
  fc.double({ min: -5, max: 500 }),
  fc.double(),
  fc.integer({ min: 0, max: 400 }).map(String),
  fc.constantFrom("", " 30 ", "007", "1e3", "-5", "2.5", "0", "1441", "abc"),
);
/** Cardio minutes and daily steps drawn from a small pool, so day values often equal plan values. */
const planNumber = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(20, 30, 60, 150, "30", "150", 8000, "8000") as fc.Arbitrary<unknown>,
  },
  { weight: 1, arbitrary: numberish as fc.Arbitrary<unknown> },
);
const idish = fc.oneof(fc.constantFrom("d1", "d2", "d3", "nd1", "nd2", "a", " a ", "", "  "), text);
const instant = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    "2026-02-30T10:00:00Z",
    "2026-03-01",
    "2026-03-01T10:00:00",
    "2024-02-29T23:59:59+02:00",
    "x",
  ),
  junk,
);
/** Objects with any subset of the given keys, plus sometimes an unknown key. */
const record = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T) =>
  fc.record({ ...model, unknownKey: junk }, { requiredKeys: [] });

const setArb = record({
  id: idish,
  type: fc.constantFrom(...SET_TYPES, "bogus"),
  reps: text,
  repType: fc.constantFrom("reps", "time", null, "bad token", ""),
  repsHigh: text,
  weight: text,
  rest: text,
  note: text,
});
const rowArb = record({
  exerciseId: idish,
  muscle: text,
  sets: fc.oneof(fc.array(maybe(setArb), { maxLength: 5 }), numberish),
  reps: text,
  repType: text,
  rest: text,
  weight: text,
  rir: text,
  tempo: text,
  notes: text,
  techniqueVideo: maybe(
    record({
      mode: fc.constantFrom("none", "coachDemand", "other"),
      firstTime: fc.oneof(fc.boolean(), junk),
      everyN: numberish,
      requestedAt: instant,
    }),
  ),
});
const trainingDayArb = record({
  id: idish,
  label: text,
  strength: fc.array(maybe(rowArb), { maxLength: 4 }),
  cardioMinutes: planNumber,
  stepsDaily: planNumber,
  aerobic: fc.array(fc.oneof(record({ minutes: numberish, type: text }), numberish), { maxLength: 3 }),
});
const importKeys = {
  imported: fc.oneof(fc.constant(true), fc.constant(false), junk),
  source: junk,
  draft: junk,
  goalSet: junk,
};
const trainingArb = record({
  schemaVersion: fc.constantFrom(1, 2, "2", 3, null),
  meta: maybe(
    record({
      workoutsPerWeek: numberish,
      requirement: maybe(
        record({
          mode: fc.constantFrom(...REQUIREMENT_MODES, "none"),
          scope: fc.constantFrom(...REQUIREMENT_SCOPES, "daily"),
          cardioMinutes: planNumber,
          stepsDaily: planNumber,
        }),
      ),
      ...importKeys,
    }),
  ),
  days: fc.oneof(
    { weight: 6, arbitrary: fc.array(maybe(trainingDayArb), { maxLength: 6 }) },
    { weight: 1, arbitrary: junk },
  ),
});

const targetsArb = record({
  kcal: numberish,
  protein: numberish,
  carbs: numberish,
  fat: numberish,
  water: numberish,
  kcalOverride: fc.oneof(fc.boolean(), junk),
  mbpProtein: numberish,
  mbpCarb: numberish,
  mbpFat: numberish,
});
const altArb = record({
  id: idish,
  foodId: idish,
  qty: fc.oneof(text, numberish),
  countsAs: fc.constantFrom("protein", "carb", "fat"),
});
const itemArb = record({
  id: idish,
  foodId: idish,
  qty: fc.oneof(text, numberish),
  note: text,
  countsAs: fc.constantFrom("protein", "carb", "fat", ""),
  alts: fc.array(maybe(altArb), { maxLength: 3 }),
});
const mealArb = record({
  id: idish,
  type: fc.constantFrom(...MEAL_TYPES, "brunch"),
  label: text,
  time: fc.oneof(fc.constantFrom("8:00", "08:00", "23:59", "24:00", "12:60", "7:5", "19:45:30", ""), text),
  prep: text,
  items: fc.array(maybe(itemArb), { maxLength: 4 }),
  target: maybe(record({ kcal: numberish, mbpProtein: numberish, mbpCarb: numberish, mbpFat: numberish })),
});
const nutritionDayArb = record({
  id: idish,
  label: text,
  targets: maybe(targetsArb),
  meals: fc.array(maybe(mealArb), { maxLength: 4 }),
});
const nutritionArb = record({
  schemaVersion: fc.constantFrom(1, 2, null),
  meta: maybe(record(importKeys)),
  targets: maybe(targetsArb),
  days: fc.oneof(
    { weight: 6, arbitrary: fc.array(maybe(nutritionDayArb), { maxLength: 5 }) },
    { weight: 1, arbitrary: junk },
  ),
});

// ---------------------------------------------------------------------------------------------
// Checks

/**
 * What PostgreSQL jsonb stores: JSON without NUL and without lone surrogates (JSON.stringify
 * writes those as \\udXXX escapes; a whole pair is written as is); it reads back equal.
 */
function expectStorable(value: unknown) {
  const json = JSON.stringify(value);
  expect(json).not.toMatch(/\\u0000/);
  expect(json).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
  expect(JSON.parse(json)).toStrictEqual(value);
}

const unique = (ids: string[]) => expect(new Set(ids).size).toBe(ids.length);

function expectTrainingFixedPoint(raw: unknown, stored?: unknown) {
  const first = normalizeTrainingContent(raw, { stored });
  unique(first.days.map((d) => d.id));
  for (const day of first.days) for (const row of day.strength) unique(row.sets.map((s) => s.id));
  expect(TrainingContentSchema.safeParse(first).success).toBe(true);
  expectStorable(first);
  const second = normalizeTrainingContent(first, { stored });
  expect(second).toStrictEqual(first);
  expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  // the read path (no stored) leaves saved content as it is
  expect(readTrainingContent(first)).toStrictEqual(first);
  return first;
}

function expectNutritionFixedPoint(raw: unknown, stored?: unknown) {
  const first = normalizeNutritionContent(raw, { stored });
  unique(first.days.map((d) => d.id));
  for (const day of first.days) {
    unique(day.meals.map((m) => m.id));
    for (const meal of day.meals) {
      unique(meal.items.map((i) => i.id));
      for (const item of meal.items) unique(item.alts.map((a) => a.id));
    }
  }
  expect(NutritionContentSchema.safeParse(first).success).toBe(true);
  expectStorable(first);
  const second = normalizeNutritionContent(first, { stored });
  expect(second).toStrictEqual(first);
  expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  expect(normalizeNutritionContent(first)).toStrictEqual(first);
  return first;
}

const isWhole = (n: number) => Number.isInteger(n) && n >= 0;

function expectTrainingDerivedRules(content: TrainingContent) {
  const summary = trainingRequirementOf(content);
  for (const key of [
    "workoutsPerWeek",
    "cardioMinutes",
    "weeklyCardioMinutes",
    "dayCardioMinutes",
    "stepsDaily",
  ] as const)
    expect(isWhole(summary[key])).toBe(true);
  expect(summary.workoutsPerWeek).toBeGreaterThanOrEqual(1);
  expect(weeklyCardioMinutes(content)).toBe(summary.weeklyCardioMinutes);
  for (const day of content.days) {
    const minutes = dayCardioMinutes(content, day);
    const steps = dayStepsGoal(content, day);
    expect(isWhole(minutes)).toBe(true);
    expect(isWhole(steps)).toBe(true);
    if (!summary.cardioApplies) expect(minutes).toBe(0);
    if (!summary.stepsApply) expect(steps).toBe(0);
    for (const row of day.strength)
      expect(typeof isTechniqueVideoRequired(row.techniqueVideo)).toBe("boolean");
  }
  // Blanking is invisible: writing each day's effective value back and normalizing again
  // changes no day's effective value.
  const echoed = normalizeTrainingContent({
    ...content,
    days: content.days.map((day) => ({
      ...day,
      cardioMinutes: dayCardioMinutes(content, day) || "",
      stepsDaily: dayStepsGoal(content, day) || "",
    })),
  });
  content.days.forEach((day, index) => {
    if (summary.cardioApplies)
      expect(dayCardioMinutes(echoed, echoed.days[index]!)).toBe(dayCardioMinutes(content, day));
    if (summary.stepsApply)
      expect(dayStepsGoal(echoed, echoed.days[index]!)).toBe(dayStepsGoal(content, day));
  });
}

function expectRotation(
  days: readonly { id: string }[],
  at: (offset: number) => { id: string } | null,
  offset: number,
) {
  const n = days.length;
  expect(at(offset)?.id).toBe(days[((offset % n) + n) % n]!.id);
  expect(at(offset + n)?.id).toBe(at(offset)?.id);
  expect(at(offset - n)?.id).toBe(at(offset)?.id);
}

// ---------------------------------------------------------------------------------------------

describe("plan content normalizers: properties", () => {
  it("any JSON: training never throws, is schema-valid, storable and a fixed point", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        expectTrainingFixedPoint(raw);
      }),
      { numRuns: RUNS.json },
    );
  });

  it("any JSON: nutrition never throws, is schema-valid, storable and a fixed point", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        expectNutritionFixedPoint(raw);
      }),
      { numRuns: RUNS.json },
    );
  });

  it("any JSON with unicode and nasty strings, as content and as stored content", () => {
    const anyJson = fc.jsonValue({
      stringUnit: fc.oneof(nastyUnit, fc.constantFrom("é", "ש", "😀")),
      maxDepth: 4,
    });
    fc.assert(
      fc.property(anyJson, anyJson, (raw, stored) => {
        expectTrainingFixedPoint(raw, stored);
        expectNutritionFixedPoint(raw, stored);
      }),
      { numRuns: RUNS.json },
    );
  });

  it("builder-like training content (v1 and v2, valid and broken values at every depth)", () => {
    fc.assert(
      fc.property(trainingArb, fc.option(trainingArb, { nil: undefined }), (raw, stored) => {
        expectTrainingFixedPoint(raw, stored);
      }),
      { numRuns: RUNS.structured },
    );
  });

  it("builder-like nutrition content (valid and broken values at every depth)", () => {
    fc.assert(
      fc.property(nutritionArb, fc.option(nutritionArb, { nil: undefined }), (raw, stored) => {
        expectNutritionFixedPoint(raw, stored);
      }),
      { numRuns: RUNS.structured },
    );
  });

  it("import keys: an echoed key wins, a key not echoed comes from the stored meta", () => {
    const meta = fc.dictionary(fc.constantFrom(...PLAN_IMPORT_META_KEYS, "other"), junk, { maxKeys: 5 });
    fc.assert(
      fc.property(meta, meta, fc.boolean(), (sent, storedMeta, training) => {
        const out = training
          ? normalizeTrainingContent({ meta: sent }, { stored: { meta: storedMeta } }).meta
          : normalizeNutritionContent({ meta: sent }, { stored: { meta: storedMeta } }).meta;
        for (const key of PLAN_IMPORT_META_KEYS) {
          const from = Object.hasOwn(sent, key)
            ? sent
            : Object.hasOwn(storedMeta, key)
              ? storedMeta
              : undefined;
          if (from === undefined) expect(out).not.toHaveProperty(key);
          else expect(out[key]).toStrictEqual(passThroughJson(from[key]));
        }
        expect(out).not.toHaveProperty("other");
      }),
      { numRuns: RUNS.derived },
    );
  });

  it("derived training rules never throw on normalized content and blanking never changes a day's value", () => {
    fc.assert(
      fc.property(trainingArb, fc.integer({ min: -1000, max: 1000 }), (raw, offset) => {
        const content = normalizeTrainingContent(raw);
        expectTrainingDerivedRules(content);
        // A day's own valid value reads back as the day's value, blanked or not.
        const rawDays = (raw as { days?: unknown }).days;
        if (!isTrainingContentV1(raw) && Array.isArray(rawDays)) {
          const summary = trainingRequirementOf(content);
          const records = rawDays.filter(isRecord).slice(0, PLAN_CONTENT_LIMITS.days);
          records.forEach((day, index) => {
            const out = content.days[index]!;
            const minutes = positiveIntString(day.cardioMinutes, PLAN_CONTENT_LIMITS.dayCardioMinutes);
            const steps = positiveIntString(day.stepsDaily, PLAN_CONTENT_LIMITS.dayStepsDaily);
            if (minutes && summary.cardioApplies)
              expect(dayCardioMinutes(content, out)).toBe(Number(minutes));
            if (steps && summary.stepsApply) expect(dayStepsGoal(content, out)).toBe(Number(steps));
          });
        }
        expectRotation(content.days, (k) => trainingDayAt(content, k), offset);
      }),
      { numRuns: RUNS.derived },
    );
  });

  it("nutrition rotation wraps both ways and the water target is whole millilitres", () => {
    fc.assert(
      fc.property(nutritionArb, fc.integer({ min: -1000, max: 1000 }), (raw, offset) => {
        const content: NutritionContent = normalizeNutritionContent(raw);
        expectRotation(content.days, (k) => nutritionDayAt(content, k), offset);
        for (const day of content.days) {
          const ml = waterTargetMl(day.targets);
          expect(isWhole(ml)).toBe(true);
          expect(ml).toBe(Math.round(day.targets.water * 1000));
        }
      }),
      { numRuns: RUNS.derived },
    );
  });

  it("the file template rule never throws and admits only {} or meta.workoutsPerWeek", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ meta: fc.record({ workoutsPerWeek: fc.jsonValue() }, { requiredKeys: [] }) }),
        ),
        (content) => {
          const allowed = isFileTemplateContentAllowed(content);
          if (allowed) {
            const c = content as { meta?: { workoutsPerWeek?: unknown } };
            expect(Object.keys(c).every((k) => k === "meta")).toBe(true);
            const wpw = c.meta?.workoutsPerWeek;
            expect(wpw === undefined || typeof wpw === "number").toBe(true);
          }
        },
      ),
      { numRuns: RUNS.derived },
    );
  });

  it("bounded output: the largest lists the limits allow stay a fixed point", () => {
    const L = PLAN_CONTENT_LIMITS;
    const training = expectTrainingFixedPoint({
      days: Array.from({ length: L.days + 5 }, () => ({
        strength: Array.from({ length: L.rowsPerDay }, () => ({ sets: 25 })),
      })),
    });
    expect(training.days.flatMap((d) => d.strength).reduce((n, r) => n + r.sets.length, 0)).toBe(L.setsTotal);
    const nutrition = expectNutritionFixedPoint({
      days: Array.from({ length: L.days }, () => ({
        meals: Array.from({ length: L.mealsPerDay }, () => ({
          items: Array.from({ length: 10 }, () => ({ alts: [{}, {}] })),
        })),
      })),
    });
    const items = nutrition.days.flatMap((d) => d.meals).flatMap((m) => m.items);
    expect(items).toHaveLength(L.itemsTotal);
    expect(items.reduce((n, i) => n + i.alts.length, 0)).toBe(L.altsTotal);
  });
});
