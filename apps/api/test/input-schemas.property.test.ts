import fc from "fast-check";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { afterAll, describe, expect, it } from "vitest";
import * as contracts from "@studio/contracts";
import { appRouter } from "../src/router";
import { mapError, validationError } from "../src/rest/error-mapping";
import { RouteTable } from "../src/rest/route-table";

/**
 * Property tests (fast-check) for every input schema a route uses (issue 16 "Property tests for
 * every normalizer and every input schema"). The schemas come from the route table (the parser
 * each procedure really runs; named after its @studio/contracts export when it is one), so a
 * route added later is covered without a new test. For each schema:
 *
 * - any JSON-ish value (deep objects, 1 MB strings, NUL, lone surrogates, -0, 1e308, NaN-ish and
 *   out-of-range date strings): safeParse never throws;
 * - a failure goes through the API's error mapping (tRPC reports input failures as BAD_REQUEST
 *   with the ZodError as cause) to VALIDATION 422 with details.issues, each carrying a string
 *   path (a field path; "" only for the input itself: a top-level type, union or cross-field
 *   rule);
 * - values generated from the schema's own JSON Schema that it accepts, and near-valid mutations
 *   of them (a required key dropped, a value of another type, a string past its maxLength):
 *   never throw; a dropped required key and an over-long string are refused with an issue at
 *   (or above) the mutated field;
 * - an accepted value's output respects the declared bounds of the output JSON Schema (type,
 *   lengths, ranges, items, enums) and holds no NUL.
 *
 * Seed: printed at the start; FC_SEED=<n> replays a run. numRuns are tuned so the file stays
 * well under 60 s on the 2-core machine (FC_RUNS_SCALE multiplies them for a longer run).
 */

type Json = Record<string, any>;

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const SCALE = Number(process.env.FC_RUNS_SCALE ?? 1) || 1;
const RUNS = {
  anything: Math.ceil(30 * SCALE),
  valid: Math.ceil(20 * SCALE),
  mutation: Math.ceil(40 * SCALE),
} as const;
console.warn(`input-schemas.property: seed ${SEED} (replay with FC_SEED=${SEED})`);
const params = (numRuns: number, salt: number): fc.Parameters<unknown> => ({
  seed: (SEED + salt) | 0,
  numRuns,
  endOnFailure: true,
});

// ---------------------------------------------------------------------------------------------
// The schemas

interface Target {
  label: string;
  schema: z.ZodType;
  input: Json;
  output: Json;
}

function targets(): Target[] {
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(contracts)) if (!names.has(value)) names.set(value, name);
  const byInput = new Map<unknown, Target>();
  for (const route of RouteTable.fromRouter(appRouter).routes) {
    if (!route.input || byInput.has(route.input)) continue;
    const schema = route.input as z.ZodType;
    const label = names.get(route.input) ?? `(inline) ${route.method} ${route.path}`;
    byInput.set(route.input, {
      label: names.has(route.input) ? `${label} (${route.method} ${route.path})` : label,
      schema,
      input: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json,
      output: z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Json,
    });
  }
  return [...byInput.values()];
}

const TARGETS = targets();

function resolve(root: Json, node: Json | undefined): Json {
  let s = node ?? {};
  for (let i = 0; typeof s.$ref === "string" && i < 20; i++) {
    const name = s.$ref.replace(/^#\/(\$defs|definitions)\//, "");
    s = root.$defs?.[name] ?? root.definitions?.[name] ?? {};
  }
  return s;
}

const typesOf = (s: Json): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

// ---------------------------------------------------------------------------------------------
// Arbitraries

const ONE_MB = "x".repeat(1_000_000);
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "\uD83D\uDE00",
  "NaN",
  "-NaN",
  "Infinity",
  "-0",
  "1e308",
  "0x10",
  "  42  ",
  "null",
  "undefined",
  "true",
  "0000-01-01",
  "0099-06-01",
  "2101-01-01",
  "10000-01-01",
  "2026-02-30",
  "0000-01-01T00:00:00Z",
  "0030-06-01T00:00:00Z",
  "10000-01-01T00:00:00Z",
  "9999-12-31T23:59:59-14:00",
  "275760-09-13T00:00:00.001Z",
  "__proto__",
  "constructor",
  ONE_MB,
  `${ONE_MB}\u0000`,
];
const NASTY_NUMBERS = [
  -0,
  0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2_147_483_648,
  -2_147_483_649,
  1.5,
  5e-324,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];
const nastyLeaf = fc.oneof(
  fc.constantFrom<unknown>(...NASTY_STRINGS, ...NASTY_NUMBERS, null, true, false, undefined),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.date({ noInvalidDate: false }),
);
/** Anything: JSON with nasty leaves and deep nesting, plus the odd non-JSON value. */
const anyValue = fc.oneof(
  { weight: 3, arbitrary: fc.anything({ maxDepth: 4, withBigInt: true, withNullPrototype: true }) },
  {
    weight: 3,
    arbitrary: fc.jsonValue({ maxDepth: 6, stringUnit: fc.constantFrom("a", "\u0000", "\uD800", " ", "1") }),
  },
  { weight: 2, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), nastyLeaf, { maxKeys: 8 }) },
  { weight: 1, arbitrary: nastyLeaf },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 200 }).map((depth) => {
      let v: unknown = "deep";
      for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
      return v;
    }),
  },
);

/** Values of another JSON type (and the nasty ones) for the "change a type" mutation. */
const OTHER_TYPES: unknown[] = [
  null,
  0,
  -0,
  1e308,
  "NaN",
  "",
  true,
  {},
  [],
  "\u0000",
  "\uD800",
  "10000-01-01",
];

const INT4 = { min: -2_147_483_648, max: 2_147_483_647 };
const iso = (d: Date) => d.toISOString();
// The documented range of every date and date-time input (issue 27: 1900-01-01 to 2100-12-31).
const dateArb = fc.date({
  min: new Date("1900-01-01T00:00:00Z"),
  max: new Date("2100-12-31T23:59:59.999Z"),
  noInvalidDate: true,
});

/** An arbitrary of values the JSON Schema describes (a schema's refinements may still refuse some). */
function fromSchema(root: Json, raw: Json | undefined, key: string, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(root, raw);
  if (depth > 8) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(root, a, key, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) return fromSchema(root, s.allOf[0], key, depth + 1);
  const types = typesOf(s);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => fromSchema(root, { ...s, type }, key, depth + 1)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = Math.max(
        s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : INT4.min),
        Number.MIN_SAFE_INTEGER,
      );
      const max = Math.min(
        s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : INT4.max),
        Number.MAX_SAFE_INTEGER,
      );
      if (min > max) return fc.constant(min);
      const small = fc.integer({
        min: Math.max(min, Math.min(max, 0)),
        max: Math.min(max, Math.max(min, 100)),
      });
      return fc.oneof(small, fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case "number": {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1e9;
      const max = s.maximum ?? s.exclusiveMaximum ?? 1e9;
      return fc
        .double({ min, max, noNaN: true, noDefaultInfinity: true })
        .filter(
          (n) =>
            (s.exclusiveMinimum === undefined || n > s.exclusiveMinimum) &&
            (s.exclusiveMaximum === undefined || n < s.exclusiveMaximum),
        );
    }
    case "string":
      return stringFrom(s, key);
    case "array": {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, 3));
      return fc.array(fromSchema(root, s.items, key, depth + 1), { minLength, maxLength });
    }
    case "object":
      return objectFrom(root, s, depth);
    default:
      if (s.properties) return objectFrom(root, s, depth);
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function objectFrom(root: Json, s: Json, depth: number): fc.Arbitrary<unknown> {
  const props = Object.fromEntries(
    Object.entries((s.properties ?? {}) as Json).map(([k, v]) => [k, fromSchema(root, v, k, depth + 1)]),
  );
  return fc.record(props, { requiredKeys: ((s.required ?? []) as string[]).filter((k) => k in props) });
}

function stringFrom(s: Json, key: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  const fit = (arb: fc.Arbitrary<string>) => arb.filter((v) => v.length >= min && v.length <= max);
  const lower = key.toLowerCase();
  switch (s.format) {
    case "date":
      return dateArb.map((d) => iso(d).slice(0, 10));
    case "date-time":
      return dateArb.map(iso);
    case "email":
      // fast-check's addresses are RFC-wide; zod's pattern is stricter, so plain ones too
      return fit(
        fc.oneof(
          fc.emailAddress(),
          fc
            .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,10}\.[a-z]{2,4}$/))
            .map(([local, domain]) => `${local}@${domain}`),
        ),
      );
    case "uri":
    case "url":
      return fit(fc.webUrl());
    case "uuid":
      return fc.uuid({ version: 4 });
    default:
      break;
  }
  if (s.pattern) return fit(fc.stringMatching(new RegExp(s.pattern)));
  if (lower.includes("phone"))
    return fc.integer({ min: 20_000_000, max: 89_999_999 }).map((n) => `+9725${n}`);
  if (lower.includes("timezone") || lower === "zone")
    return fc.constantFrom("Asia/Jerusalem", "UTC", "Europe/London");
  if (lower.includes("color")) return fc.constantFrom("#336699", "#000000");
  if (lower === "time" || lower.endsWith("time")) return fc.constantFrom("08:00", "23:59");
  if (lower.includes("locale")) return fc.constantFrom("he-IL", "en");
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(max, 30) }) },
      { weight: 1, arbitrary: fc.constant("x".repeat(Math.max(min, Math.min(max, 1000)))) },
      { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 8), unit: "grapheme" }) },
    )
    .filter((v) => v.length >= min && v.length <= max);
}

// ---------------------------------------------------------------------------------------------
// Mutations of a valid value

type Path = (string | number)[];
interface Leaf {
  path: Path;
  schema: Json;
  /** No anyOf/oneOf on the way down: the schema at the path is the one zod checks. */
  exact: boolean;
}

/** Every node of the value with the JSON Schema that describes it. */
function nodesOf(root: Json, value: unknown, raw: Json | undefined, path: Path = [], exact = true): Leaf[] {
  let s = resolve(root, raw);
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives?.length) {
    const nonNull = alternatives.map((a) => resolve(root, a)).filter((a) => !typesOf(a).includes("null"));
    if (nonNull.length === 1 && value !== null) s = nonNull[0]!;
    else return [{ path, schema: s, exact: false }];
  }
  const out: Leaf[] = [{ path, schema: s, exact }];
  if (Array.isArray(value))
    value.forEach((v, i) => out.push(...nodesOf(root, v, s.items, [...path, i], exact)));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value))
      out.push(...nodesOf(root, v, s.properties?.[k], [...path, k], exact));
  return out;
}

function setAt(value: unknown, path: Path, next: unknown | typeof DROP): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const copy = { ...(value as Json) };
  if (rest.length === 0 && next === DROP) delete copy[head as string];
  else copy[head as string] = setAt(copy[head as string], rest, next);
  return copy;
}
const DROP = Symbol("drop");

interface Mutation {
  kind: "drop-required" | "other-type" | "too-long";
  path: Path;
  /** The mutated value, built when the mutation is picked (most are not: 4 per accepted value). */
  make: () => unknown;
  /** The mutation must be refused (exact schema path, no alternatives on the way). */
  mustFail: boolean;
}

function mutationsOf(root: Json, valid: unknown): Mutation[] {
  const out: Mutation[] = [];
  for (const node of nodesOf(root, valid, root)) {
    const current = node.path.reduce<any>((v, k) => v?.[k], valid);
    if (node.schema.properties && current && typeof current === "object" && !Array.isArray(current))
      for (const key of (node.schema.required ?? []) as string[])
        if (key in current)
          out.push({
            kind: "drop-required",
            path: [...node.path, key],
            make: () => setAt(valid, [...node.path, key], DROP),
            mustFail: node.exact,
          });
    for (const other of OTHER_TYPES)
      out.push({
        kind: "other-type",
        path: node.path,
        make: () => setAt(valid, node.path, other),
        mustFail: false,
      });
    if (typeof current === "string" && typeof node.schema.maxLength === "number")
      out.push({
        kind: "too-long",
        path: node.path,
        make: () => setAt(valid, node.path, "x".repeat(node.schema.maxLength + 1)),
        mustFail: node.exact && !node.schema.pattern && !node.schema.format,
      });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Checks

const stats = {
  parses: 0,
  failures: 0,
  accepted: 0,
  /** Mutations that had to be refused (a dropped required key, a string past its bound). */
  mustFail: 0,
  emptyPaths: new Map<string, number>(),
};
const isPlainObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

function safeParse(target: Target, value: unknown) {
  stats.parses += 1;
  try {
    return target.schema.safeParse(value);
  } catch (error) {
    throw new Error(`${target.label}: safeParse threw ${String(error)}`, { cause: error });
  }
}

/** A refusal maps to VALIDATION 422 with issues that each carry a string path. */
/*
 * The checks below run for every parse (about 26,000 a run). vitest's expect() costs a state copy
 * per call (2.3 s of this file's CPU, issue 16), so each plain comparison is made first and
 * expect is called, with the same matcher and message, only when it does not hold: the same
 * assertion, reported the same way.
 */
const is = (actual: unknown, expected: unknown, message?: string) => {
  if (!Object.is(actual, expected)) expect(actual, message).toBe(expected);
};
const atMost = (actual: number, bound: number, message?: string) => {
  if (!(actual <= bound)) expect(actual, message).toBeLessThanOrEqual(bound);
};
const atLeast = (actual: number, bound: number, message?: string) => {
  if (!(actual >= bound)) expect(actual, message).toBeGreaterThanOrEqual(bound);
};
const above = (actual: number, bound: number, message?: string) => {
  if (!(actual > bound)) expect(actual, message).toBeGreaterThan(bound);
};
const below = (actual: number, bound: number, message?: string) => {
  if (!(actual < bound)) expect(actual, message).toBeLessThan(bound);
};

function expectValidationFailure(target: Target, value: unknown, error: z.ZodError) {
  stats.failures += 1;
  // What the REST adapter sees: tRPC's input parser failure (BAD_REQUEST, cause the ZodError).
  const mapped = mapError(new TRPCError({ code: "BAD_REQUEST", cause: error }));
  is(mapped.code, "VALIDATION", target.label);
  is(mapped.status, 422);
  is(mapped.unexpected, false);
  expect(mapped).toStrictEqual(validationError(error));
  const issues = (mapped.details as { issues?: unknown } | undefined)?.issues;
  is(Array.isArray(issues) && issues.length > 0, true, target.label);
  for (const issue of issues as { path: unknown; message: unknown; code: unknown }[]) {
    is(typeof issue.path, "string", target.label);
    is(typeof issue.message, "string");
    above((issue.message as string).length, 0);
    is(typeof issue.code, "string");
    if (issue.path === "" && isPlainObject(value)) {
      // "" on an object input: only a rule about the input as a whole (a union of the whole
      // body, a cross-field refinement, unknown keys of a strict object).
      const wholeInput = ["invalid_union", "custom", "unrecognized_keys"];
      if (!wholeInput.includes(issue.code as string))
        expect(wholeInput, `${target.label}: ${JSON.stringify(issue)}`).toContain(issue.code);
      const key = `${target.label} ${String(issue.code)}`;
      stats.emptyPaths.set(key, (stats.emptyPaths.get(key) ?? 0) + 1);
    }
  }
  above(mapped.message.length, 0);
  return issues as { path: string }[];
}

/** An accepted value's output against the output JSON Schema's bounds; no NUL anywhere. */
function expectWithinBounds(target: Target, value: unknown, raw: Json | undefined, at = "") {
  const s = resolve(target.output, raw);
  const where = `${target.label} output ${at || "(root)"}`;
  if (typeof value === "string") is(value.includes("\u0000"), false, where);
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives?.length) {
    const fits = alternatives.some((a) => {
      try {
        expectWithinBounds(target, value, a, at);
        return true;
      } catch {
        return false;
      }
    });
    if (!fits) expect(fits, `${where}: ${JSON.stringify(value)?.slice(0, 200)}`).toBe(true);
    return;
  }
  // An enum next to length bounds is documentation (`.meta({ enum })` on a bounded string, e.g.
  // media content types: any string on the wire, the domain answers "unsupported type").
  const documentedOnly = s.minLength !== undefined || s.maxLength !== undefined;
  if (Array.isArray(s.enum) && !documentedOnly && !s.enum.includes(value))
    expect(s.enum, where).toContainEqual(value);
  if (s.const !== undefined) expect(value, where).toStrictEqual(s.const);
  const types = typesOf(s);
  if (types.length && value !== undefined) {
    const kind =
      value === null
        ? "null"
        : Array.isArray(value)
          ? "array"
          : Number.isInteger(value)
            ? "integer"
            : typeof value;
    const ok = types.includes(kind) || (kind === "integer" && types.includes("number"));
    if (!ok) expect(ok, `${where}: ${kind} for ${types.join("|")}`).toBe(true);
  }
  if (typeof value === "string") {
    if (s.maxLength !== undefined) atMost(value.length, s.maxLength, where);
    if (s.minLength !== undefined) atLeast(value.length, s.minLength, where);
  }
  if (typeof value === "number") {
    is(Number.isFinite(value), true, where);
    if (s.minimum !== undefined) atLeast(value, s.minimum, where);
    if (s.maximum !== undefined) atMost(value, s.maximum, where);
    if (s.exclusiveMinimum !== undefined) above(value, s.exclusiveMinimum, where);
    if (s.exclusiveMaximum !== undefined) below(value, s.exclusiveMaximum, where);
  }
  if (value instanceof Date) is(Number.isFinite(value.getTime()), true, where);
  if (Array.isArray(value)) {
    if (s.maxItems !== undefined) atMost(value.length, s.maxItems, where);
    if (s.minItems !== undefined) atLeast(value.length, s.minItems, where);
    value.forEach((v, i) => expectWithinBounds(target, v, s.items, `${at}.${i}`));
  } else if (isPlainObject(value) && !(value instanceof Date)) {
    for (const key of (s.required ?? []) as string[])
      if (!Object.prototype.hasOwnProperty.call(value, key)) expect(value, where).toHaveProperty([key]);
    for (const [k, v] of Object.entries(value as Json))
      if (s.properties?.[k]) expectWithinBounds(target, v, s.properties[k], at ? `${at}.${k}` : k);
      else if (typeof v === "string" && v.includes("\u0000")) expect(true, `${where}.${k}`).toBe(false);
  }
}

function check(target: Target, value: unknown) {
  const result = safeParse(target, value);
  if (result.success) {
    stats.accepted += 1;
    expectWithinBounds(target, result.data, target.output);
    return { ok: true as const, issues: [] };
  }
  return { ok: false as const, issues: expectValidationFailure(target, value, result.error) };
}

const pathText = (path: Path) => path.map(String).join(".");

// ---------------------------------------------------------------------------------------------

/**
 * Accepted values of schemas whose refinements the JSON Schema cannot describe (fields refused
 * when present, at least one of several optional fields), so their mutations run on every seed.
 */
const KNOWN_VALID: Record<string, unknown> = {
  LeadPatchInput: { id: "lead-1", name: "Lead" },
  CoachCreateInput: { firstName: "Sub", lastName: "Coach", email: "sub@example.com", phone: "+972501234567" },
  CoachMeasurementsInput: { id: "client-1", waist: 80 },
};

const started = Date.now();
const noValidSample: string[] = [];

afterAll(() => {
  const empty = [...stats.emptyPaths.entries()].map(([k, n]) => `  ${k}: ${n}`).join("\n");
  console.warn(
    `input-schemas.property: ${TARGETS.length} schemas, ${stats.parses} parses (${stats.accepted} accepted, ${stats.failures} refused; ${stats.mustFail} mutations that had to be refused) in ${Date.now() - started} ms; seed ${SEED}` +
      (noValidSample.length ? `\n  no accepted sample generated for: ${noValidSample.join(", ")}` : "") +
      (empty ? `\n  whole-input issues (path ""):\n${empty}` : ""),
  );
});

describe("every route input schema: properties", () => {
  it("the route table yields the schemas (most of them named contracts exports)", () => {
    expect(TARGETS.length).toBeGreaterThan(100);
    expect(TARGETS.filter((t) => !t.label.startsWith("(inline)")).length).toBeGreaterThan(100);
  });

  it.each(TARGETS.map((t, i) => [t.label, t, i] as const))("%s", (_label, target, index) => {
    if (runSchemaProperties(target, index) === 0) noValidSample.push(target.label);
  });
});

/** The properties of one schema; answers how many generated values it accepted. */
function runSchemaProperties(target: Target, index: number): number {
  // 1. Anything: never throws; refusals are VALIDATION with string paths; acceptances bounded.
  fc.assert(
    fc.property(anyValue, (value) => {
      check(target, value);
    }),
    params(RUNS.anything, index * 3),
  );

  // 2. Values from the schema's JSON Schema, and near-valid mutations of accepted ones.
  const own = fromSchema(target.input, target.input, "");
  const known = KNOWN_VALID[target.label.split(" ")[0]!];
  const generated = known ? fc.oneof(own, fc.constant(known)) : own;
  let accepted = 0;
  // A few mutations per accepted value, taken in turn across the run: every kind of mutation is
  // reached within a few values (a generated index, biased toward small numbers, left the one
  // kind a broken schema lets through unpicked for some seeds), and a seed still replays.
  let turn = 0;
  fc.assert(
    fc.property(generated, (value) => {
      const first = check(target, value);
      if (!first.ok) return;
      accepted += 1;
      const mutations = mutationsOf(target.input, value);
      for (let k = 0; k < 4 && mutations.length; k++) {
        const m = mutations[turn++ % mutations.length]!;
        const result = check(target, m.make());
        if (m.mustFail) {
          stats.mustFail += 1;
          expect(result.ok, `${target.label}: ${m.kind} at "${pathText(m.path)}" accepted`).toBe(false);
          const at = pathText(m.path);
          // The issue names the mutated field or a field above it (a whole-object rule).
          expect(
            result.issues.some((i) => at === i.path || at.startsWith(`${i.path}.`) || i.path === ""),
            `${target.label}: ${m.kind} at "${at}" refused at ${JSON.stringify(result.issues.map((i) => i.path))}`,
          ).toBe(true);
        }
      }
    }),
    params(RUNS.valid + RUNS.mutation / 4, index * 3 + 1),
  );
  return accepted;
}

const broken = (label: string, schema: z.ZodType): Target => ({
  label,
  schema,
  input: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json,
  output: z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Json,
});

/** The failure of a property run: fast-check's report and the assertion that failed (its cause). */
function failureOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${String(error)}\n${cause instanceof Error ? cause.message : String(cause)}`;
  }
  return "no failure";
}

describe("the properties catch broken schemas (each rule broken on purpose)", () => {
  it("a refinement that throws (TypeError) instead of refusing", () => {
    const schema = z.object({ name: z.string().max(20) }).refine((v) => {
      if (v.name === "") throw new TypeError("boom");
      return true;
    });
    // Whichever property meets the empty name first (the throw itself, or the output check of
    // the value that made it throw) must fail the run; it never passes.
    expect(failureOf(() => runSchemaProperties(broken("throws on empty name", schema), 1))).toMatch(
      /threw TypeError: boom|throws on empty name/,
    );
  });

  it("an accepted value whose output breaks a declared bound (NUL, length)", () => {
    const nul = z.object({
      name: z
        .string()
        .max(20)
        .transform((s) => `${s}\u0000`),
    });
    expect(failureOf(() => runSchemaProperties(broken("adds NUL", nul), 2))).toMatch(/output name/);
  });

  it("a string field without its bound: the over-long mutation is accepted", () => {
    // The documented schema says at most 20 characters; the parser forgot the bound.
    const target = broken(
      "max only documented",
      z.object({
        name: z
          .string()
          .min(1)
          .refine((s) => !s.includes("\u0000")),
      }),
    );
    target.input = {
      type: "object",
      properties: { name: { type: "string", minLength: 1, maxLength: 20 } },
      required: ["name"],
    };
    target.output = {};
    expect(failureOf(() => runSchemaProperties(target, 3))).toMatch(/too-long at "name" accepted/);
  });

  it("a refusal whose issue has no field path", () => {
    const pathless = z.object({ n: z.number() }).superRefine((v, ctx) => {
      if (v.n > 1)
        ctx.addIssue({
          code: "too_big",
          maximum: 1,
          origin: "number",
          inclusive: true,
          input: v.n,
          path: [],
          message: "too big",
        });
    });
    expect(failureOf(() => runSchemaProperties(broken("path-less too_big", pathless), 4))).toMatch(/too_big/);
  });
});
