import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORM_FIELD_KEY_PATTERN, FORM_FIELD_KINDS, type FormField } from "@studio/contracts";
import { AppError } from "../errors";
import { MEASUREMENT_KEYS, MEASUREMENT_MAX_CM, NUMBER_ANSWER_MAX, validateAnswers } from "./validate-answers";

// Property tests (fast-check) of the answers validation (issue 16): for any frozen fields and any
// given answers (JSON values, nasty strings, __proto__ keys) it never throws anything but
// AppError VALIDATION whose issues each name `answers.<key>` (a given key or a field's key);
// accepted answers fit their kinds, only trainee fields are answered, and validating the accepted
// answers again gives the same result (a fixed point). FC_SEED replays a run.

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
console.warn(`validate-answers.property: seed ${SEED} (replay with FC_SEED=${SEED})`);
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

const KEYS = ["a", "b", "weight", "waist", "sig", "born", "__proto__", "constructor", "toString"];
const key = fc.constantFrom(...KEYS);
/** Field keys match FORM_FIELD_KEY_PATTERN (a letter first): never __proto__; given keys may be. */
const fieldKey = key.filter((k) => FORM_FIELD_KEY_PATTERN.test(k));
const option = fc.constantFrom("yes", "no", " yes", "");
const fieldArb: fc.Arbitrary<FormField> = fc.record({
  key: fieldKey,
  label: fc.constant("L"),
  kind: fc.constantFrom(...FORM_FIELD_KINDS),
  required: fc.boolean(),
  filledBy: fc.constantFrom("trainee", "coach") as fc.Arbitrary<FormField["filledBy"]>,
  options: fc.option(fc.uniqueArray(option, { maxLength: 3 }), { nil: null }),
}) as fc.Arbitrary<FormField>;
const fieldsArb = fc.uniqueArray(fieldArb, { maxLength: 6, selector: (f) => f.key });

const nasty = fc.constantFrom<unknown>(
  "",
  " ",
  "\u0000",
  "a\u0000",
  "\uD800",
  "x".repeat(5001),
  "x".repeat(600_001),
  "NaN",
  "1e308",
  " 12.5 ",
  "-0",
  ".5",
  "1e3",
  "2024-02-29",
  "2023-02-29",
  " 2024-01-01 ",
  "0000-01-01",
  "10000-01-01",
  "yes",
  -0,
  1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  NUMBER_ANSWER_MAX,
  NUMBER_ANSWER_MAX + 1,
  MEASUREMENT_MAX_CM,
  null,
  true,
  [],
  {},
);
const measurementValue = fc.dictionary(
  fc.constantFrom(...MEASUREMENT_KEYS, "elbow", "__proto__"),
  fc.oneof(nasty, fc.double({ min: -10, max: 600 }), fc.integer({ min: 1, max: 500 }).map(String)),
  { maxKeys: 4 },
);
const value = fc.oneof(nasty, fc.jsonValue({ maxDepth: 2 }), measurementValue, fc.string({ maxLength: 12 }));
/** Given answers as JSON.parse builds them (own __proto__ keys included). */
const givenArb = fc
  .dictionary(key, value, { maxKeys: 6 })
  .map((d) => JSON.parse(JSON.stringify(d)) as Record<string, unknown>);

function run(fields: readonly FormField[], given: Record<string, unknown>) {
  try {
    return { ok: true as const, result: validateAnswers(fields, given) };
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.code).toBe("VALIDATION");
    const issues = (e.details as { issues: { path: string; message: string }[] }).issues;
    expect(issues.length).toBeGreaterThan(0);
    const known = new Set([...Object.keys(given), ...fields.map((f) => f.key)]);
    for (const issue of issues) {
      expect(typeof issue.path).toBe("string");
      const [head, name] = issue.path.split(".");
      expect(head).toBe("answers");
      expect(known.has(name!), issue.path).toBe(true);
      expect(issue.message.length).toBeGreaterThan(0);
    }
    return { ok: false as const };
  }
}

describe("answers validation: properties", () => {
  it("never throws but VALIDATION with answers.<key> paths; accepted answers fit and are a fixed point", () => {
    fc.assert(
      fc.property(fieldsArb, givenArb, (fields, given) => {
        const first = run(fields, given);
        if (!first.ok) return;
        const { answers, measurements } = first.result;
        expect(Object.getPrototypeOf(answers)).toBe(Object.prototype);
        const byKey = new Map(fields.map((f) => [f.key, f]));
        for (const [k, v] of Object.entries(answers)) {
          const field = byKey.get(k)!;
          expect(field.filledBy).toBe("trainee");
          switch (field.kind) {
            case "number":
              expect(typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= NUMBER_ANSWER_MAX).toBe(
                true,
              );
              break;
            case "date":
              expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
              break;
            case "choice":
              expect(field.options ?? []).toContain(v);
              break;
            case "measurement":
              for (const cm of Object.values(v as object))
                expect(cm > 0 && cm <= MEASUREMENT_MAX_CM).toBe(true);
              break;
            default:
              expect(typeof v).toBe("string");
              expect((v as string).includes("\u0000")).toBe(false);
          }
        }
        for (const k of Object.keys(measurements)) expect(MEASUREMENT_KEYS).toContain(k);
        const again = run(fields, answers as Record<string, unknown>);
        expect(again.ok).toBe(true);
        if (again.ok) expect(again.result).toStrictEqual(first.result);
      }),
      runs(500),
    );
  });
});
