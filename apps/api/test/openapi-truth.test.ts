import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { LocalObjectStorage } from "@studio/providers/storage";
import { laneOfPath, type LaneName } from "../src/lanes/lane-of-path";
import { envelopeStyleFor } from "../src/rest/envelope";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { adminRequest, studioWithTrainee, traineeRequest } from "./support/notification-fixtures";
import { nonNullIn, resolveIn, type Json } from "./support/openapi-schema";

/**
 * Issue 26 items 10 and 11: the OpenAPI document says exactly what the API does.
 *
 * - Every status an operation answers is one its `responses` document (item 10). For every
 *   operation of the document (the route table's, raw routes included) a set of generated
 *   requests is sent: a valid example, the same with unknown ids (path and body), bad input,
 *   and no credential.
 * - No schema-valid request is refused with VALIDATION for a reason its schema does not state
 *   (item 11). Examples are generated from the document itself: the required fields only, every
 *   field, and every field at its stated bounds (numbers at their maximum, strings at their
 *   maximum length). A refusal naming an id the example made up is "not found", not a schema
 *   gap; the rules across fields the schema cannot state are listed in CROSS_FIELD_RULES.
 * - Every input string refuses NUL in the document (a pattern, or a format or enum that
 *   cannot hold one).
 */

type Answer = { status: number; body: any; headers: Headers };

const WEBHOOK_SECRET = "truth-webhook-secret";
const NUL_PATTERN = "^[^\\u0000]*$";
const UNKNOWN_ID = "truth-unknown-id";
let t: TestApp;
let doc: Json;
const owner = newOwner();
const fx = { traineeToken: "", apiKey: "", clientId: "", coachId: "", studioId: "" };

beforeAll(async () => {
  const storage = new LocalObjectStorage({
    dir: mkdtempSync(`${tmpdir()}/truth-media-`),
    publicBaseUrl: "http://127.0.0.1/media",
  });
  t = await startTestApp({
    database: "postgres",
    storage,
    env: { OTP_DEV_MODE: "1", WEBHOOK_SECRET },
  });
  doc = (await t.request("GET", "/openapi.json")).body;
  const trainee = await studioWithTrainee(t, owner);
  Object.assign(fx, { traineeToken: trainee.token, clientId: trainee.clientId, studioId: trainee.studioId });
  const key = await t.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "truth" });
  expect(key.status).toBe(201);
  fx.apiKey = key.body.data.key;
  const coaches = await t.web("GET", "/v1/web/coaches", owner);
  fx.coachId = coaches.body.data.items[0].id;
});
afterAll(async () => t?.close());

// ---- the document ----

const resolve = (schema: Json | undefined): Json => resolveIn(doc, schema);

function alternativesOf(s: Json): Json[] | undefined {
  return (s.anyOf ?? s.oneOf) as Json[] | undefined;
}

/** The schema without its null alternative. */
const nonNull = (schema: Json | undefined): Json => nonNullIn(doc, schema);

interface Operation {
  method: string;
  template: string;
  lane: LaneName | undefined;
  op: Json;
  params: { name: string; in: "path" | "query"; schema: Json; required: boolean }[];
  body?: Json;
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(item as Json)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const content = op.requestBody?.content as Json | undefined;
      if (content && !content["application/json"]) continue;
      const params = ((op.parameters ?? []) as Json[])
        .map((p) => (p.$ref ? doc.components?.parameters?.[String(p.$ref).split("/").pop()!] : p) as Json)
        .filter((p) => p?.in === "path" || p?.in === "query")
        .map((p) => ({ name: p.name, in: p.in, schema: p.schema ?? {}, required: Boolean(p.required) }));
      out.push({
        method: method.toUpperCase(),
        template,
        lane: laneOfPath(template.replace(/\{\w+\}/g, "x")),
        op,
        params,
        body: content?.["application/json"]?.schema,
      });
    }
  return out;
}

// ---- schema-valid examples ----

type Mode = "required" | "all" | "bounds";
let serial = 0;
const unique = () => `${Date.now() % 1_000_000}${(serial += 1)}`;
const phone = () => `+9725${String(20_000_000 + Math.floor(Math.random() * 70_000_000))}`;

/** A known id for a field name (the fixtures), else a made-up one. */
function idFor(name: string, known: boolean): string | undefined {
  if (!/Ids?$/.test(name) && name !== "id") return undefined;
  if (!known) return UNKNOWN_ID;
  if (/^(client|trainee)Ids?$/.test(name)) return fx.clientId;
  if (/^(coach|ownerCoach|assignee)Ids?$/.test(name)) return fx.coachId;
  return UNKNOWN_ID;
}

/** The automation lane's blank value (a white-space string or null): the field left out. */
function blankOnly(raw: Json): boolean {
  const s = resolve(raw);
  if (s.type === "null" || s.pattern === "^\\s*$") return true;
  const alternatives = alternativesOf(s);
  return Boolean(alternatives?.length && alternatives.every(blankOnly));
}

function stringFor(name: string, s: Json, mode: Mode, known: boolean): string {
  const id = idFor(name, known);
  if (id) return id;
  const formats = [s, ...(alternativesOf(s) ?? [])].map((a) => a.format).filter(Boolean);
  if (formats.includes("date-time")) return "2024-01-15T10:00:00Z";
  if (formats.includes("date")) return "2024-01-15";
  if (formats.includes("email")) return `truth${unique()}@example.com`;
  if (formats.includes("uri") || formats.includes("url")) return "https://example.com/truth.png";
  const lower = name.toLowerCase();
  if (lower === "targeturl") return "https://hooks.example.com/truth";
  if (lower.includes("phone")) return phone();
  if (lower.includes("timezone")) return "Asia/Jerusalem";
  if (lower.includes("locale")) return "he-IL";
  if (lower.includes("color")) return "#336699";
  const patterns = [s.pattern, ...((s.allOf ?? []) as Json[]).map((a) => a.pattern)].filter(
    (p): p is string => typeof p === "string" && p !== NUL_PATTERN,
  );
  const fits = (value: string) =>
    patterns.every((p) => new RegExp(p).test(value)) &&
    value.length >= Number(s.minLength ?? 0) &&
    value.length <= Number(s.maxLength ?? Infinity);
  const candidates = ["08:00", "#336699", "123456", "1.2.3", "7", "truth", `truth-${unique()}`];
  for (const candidate of candidates) if (patterns.length && fits(candidate)) return candidate;
  const min = Number(s.minLength ?? 1);
  const max = s.maxLength === undefined ? 40 : Number(s.maxLength);
  const base = `truth${unique()}`;
  return mode === "bounds" ? base.padEnd(max, "z") : base.padEnd(min, "z").slice(0, Math.max(max, min));
}

function example(name: string, raw: Json | undefined, mode: Mode, known: boolean, depth = 0): unknown {
  const s = nonNull(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[mode === "bounds" ? s.enum.length - 1 : 0];
  const alternatives = alternativesOf(s);
  if (alternatives?.length) {
    // The first alternative that is not the automation lane's "blank: treated as omitted".
    const chosen = alternatives.find((a) => !blankOnly(a)) ?? alternatives[0];
    return example(name, chosen, mode, known, depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "string" || (!type && (s.format || s.maxLength !== undefined)))
    return stringFor(name, s, mode, known);
  if (type === "integer" || type === "number") {
    const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
    let value = mode === "bounds" && high !== undefined ? high : Math.min(Math.max(1, low), high ?? 1);
    if (s.not?.const === value) value += value > low ? -1 : 1;
    return value;
  }
  if (type === "boolean") return mode !== "bounds";
  if (type === "array" || s.items) {
    const count = Math.max(Number(s.minItems ?? 0), mode === "required" ? 0 : 1);
    return Array.from({ length: count }, () =>
      example(name.replace(/s$/, ""), s.items, mode, known, depth + 1),
    );
  }
  if (type === "object" || s.properties) return objectExample(s, mode, known, depth + 1);
  return mode === "required" ? "truth" : "truth";
}

function objectExample(raw: Json, mode: Mode, known: boolean, depth = 0): Json {
  const s = nonNull(raw);
  const required = new Set((s.required ?? []) as string[]);
  const out: Json = {};
  for (const [key, child] of Object.entries((s.properties ?? {}) as Json)) {
    if (mode === "required" && !required.has(key)) continue;
    if (depth > 6 && !required.has(key)) continue;
    out[key] = example(key, child, mode, known, depth);
  }
  return out;
}

interface Request {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  rawBody?: string;
  credential: boolean;
  /** The example is schema-valid (item 11 checks its answer). */
  valid: boolean;
}

function requestFor(o: Operation, mode: Mode, known: boolean, label: string): Request {
  const pathValues: Record<string, string> = {};
  const query: [string, string][] = [];
  for (const p of o.params) {
    if (p.in === "path") {
      const segments = o.template.split("/");
      const before = segments[segments.indexOf(`{${p.name}}`) - 1] ?? "";
      const s = nonNull(p.schema);
      pathValues[p.name] = s.enum
        ? String(s.enum[0])
        : p.name === "phone"
          ? phone()
          : known && ["clients", "trainees"].includes(before)
            ? fx.clientId
            : known && before === "coaches"
              ? fx.coachId
              : /^\d{4}-/.test(String(example(p.name, p.schema, "all", known)))
                ? "2024-01-15"
                : UNKNOWN_ID;
    } else if (p.required || mode !== "required") {
      query.push([p.name, String(example(p.name, p.schema, mode, known))]);
    }
  }
  const path =
    o.template.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(pathValues[n]!)) +
    (query.length
      ? `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`
      : "");
  return {
    label: `${o.method} ${o.template} (${label})`,
    method: o.method,
    path,
    body: o.body ? objectExample(o.body, mode, known) : undefined,
    credential: true,
    valid: true,
  };
}

/** The generated requests of one operation (item 10's set). */
function requestsFor(o: Operation): Request[] {
  const out = [
    requestFor(o, "required", true, "valid, required fields"),
    requestFor(o, "all", true, "valid, every field"),
    requestFor(o, "bounds", true, "valid, at the bounds"),
    requestFor(o, "all", false, "unknown ids"),
  ];
  const base = out[1]!;
  if (o.body) {
    const props = Object.keys(nonNull(o.body).properties ?? {});
    if (props[0])
      out.push({
        ...base,
        label: `${base.label} bad input`,
        body: { ...(base.body as Json), [props[0]]: { bad: 1 } },
        valid: false,
      });
    out.push({ ...base, label: `${base.label} malformed body`, rawBody: "[1]", valid: false });
  } else if (o.params.some((p) => p.in === "query")) {
    const q = o.params.find((p) => p.in === "query")!;
    out.push({
      ...base,
      label: `${base.label} bad query`,
      path: `${base.path}${base.path.includes("?") ? "&" : "?"}${q.name}=%00`,
      valid: false,
    });
  }
  out.push({ ...base, label: `${base.label} no credential`, credential: false, valid: false });
  return out;
}

// ---- sending ----

function send(lane: LaneName | undefined, r: Request): Promise<Answer> {
  const text = r.rawBody ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
  const json: Record<string, string> = text === undefined ? {} : { "content-type": "application/json" };
  if (!r.credential) return t.request(r.method, r.path, { headers: json, body: text });
  switch (lane) {
    case "web":
      if (r.rawBody === undefined) return t.web(r.method, r.path, owner, r.body);
      return t.request(r.method, r.path, { headers: json, body: text }); // unsigned: still a documented 401
    case "internal":
    case "admin":
      return adminRequest(t, r.method, r.path, r.rawBody === undefined ? r.body : undefined);
    case "trainee":
      return traineeRequest(t, fx.traineeToken, r.method, r.path, r.body).then((res) =>
        r.rawBody === undefined
          ? res
          : t.request(r.method, r.path, {
              headers: { authorization: `Bearer ${fx.traineeToken}`, ...json },
              body: text,
            }),
      );
    case "automation":
    case "partner":
      return t.request(r.method, r.path, { headers: { "x-api-key": fx.apiKey, ...json }, body: text });
    case "webhook":
      return t.request(r.method, `${r.path}${r.path.includes("?") ? "&" : "?"}token=${WEBHOOK_SECRET}`, {
        headers: json,
        body: text,
      });
    default:
      return t.request(r.method, r.path, { headers: json, body: text });
  }
}

/** The issues of a VALIDATION answer (or the automation lane's 400 message). */
function refusalOf(o: Operation, res: Answer): string | undefined {
  const automation = envelopeStyleFor(o.template) === "automation";
  if (automation) return res.status === 400 ? String(res.body?.message) : undefined;
  if (res.body?.code !== "VALIDATION") return undefined;
  return JSON.stringify(res.body.details?.issues ?? res.body.message);
}

/**
 * Refusals of schema-valid input for a rule the schema cannot state (a rule across fields or
 * against stored data), by operation: each names the rule the operation's description states.
 */
const CROSS_FIELD_RULES: Record<string, RegExp> = {
  // "text or link is required" (one of two optional fields).
  "POST /v1/web/content/generate-recipe": /text or link is required/,
  // The scope decides the media types; base64 validity is checked by decoding (the pattern
  // documents the alphabet, not the grouping).
  "POST /v1/web/content/media": /plans scope accepts application\/pdf only|not valid base64/,
  "POST /v1/web/content/media-upload/start": /plans scope accepts application\/pdf only/,
  // Form fields: boxes inside their page, options only on choice fields, who fills a signature.
  "POST /v1/web/forms": /box must lie inside the page|only choice fields have options|filled by the trainee/,
  // "at least one measurement" / "a food, a photo or a note" / amountMl "required unless deductEntryId".
  "POST /v1/web/clients/{id}/tracking/measurements": /at least one measurement is required/,
  "POST /v1/trainee/measurements": /at least one measurement is required/,
  "POST /v1/trainee/meal-logs": /at least one food, a photo or a note/,
  "POST /v1/trainee/water": /required unless deductEntryId is sent/,
  // Window kinds and ranges: weekday for RECURRING, date for DATE, end after start.
  "POST /v1/web/calendar/availability": /RECURRING window|DATE window|must be after/,
  "GET /v1/web/calendar/events": /to must be after from/,
  "GET /v1/trainee/calendar/slots": /to must be after from/,
  "POST /v1/trainee/calendar/book": /endsAt must be after startsAt/,
  // State of the stored data: no running plan to freeze, no frozen plan to reactivate.
  "POST /v1/automation/trainees/{id}/subscription/freeze": /no active plan|already frozen/,
  "POST /v1/automation/trainees/{id}/subscription/reactivate": /not frozen/,
  // The only team member cannot be dismissed onto itself.
  "DELETE /v1/web/coaches/{id}": /at least one other team member/,
};

/** A refusal about an id the example made up (an unknown id in a body is VALIDATION on some routes). */
const aboutUnknownId = (refusal: string) => /not found|unknown|does not exist|not a |no such/i.test(refusal);

const rank = (o: Operation) =>
  o.method !== "DELETE" ? 0 : o.lane === "web" ? 2 : o.template === "/v1/trainee/me" ? 1.5 : 1;

describe("the OpenAPI document says what the API does (issue 26)", () => {
  const answers: { o: Operation; r: Request; res: Answer }[] = [];

  beforeAll(async () => {
    const ops = operations().sort((a, b) => rank(a) - rank(b));
    for (const o of ops) for (const r of requestsFor(o)) answers.push({ o, r, res: await send(o.lane, r) });
  }, 180_000);

  it("every status an operation answers to generated requests is documented in its responses (item 10)", () => {
    expect(answers.length).toBeGreaterThan(800);
    const undocumented = answers
      .filter(({ o, res }) => !Object.hasOwn(o.op.responses ?? {}, String(res.status)))
      .map(({ r, res }) => `${r.label} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    expect(undocumented).toEqual([]);
  });

  it("no schema-valid example is refused for a reason its schema does not state (item 11)", () => {
    const refused = answers
      .filter(({ r }) => r.valid)
      .flatMap(({ o, r, res }) => {
        const refusal = refusalOf(o, res);
        if (refusal === undefined || aboutUnknownId(refusal)) return [];
        if (CROSS_FIELD_RULES[`${o.method} ${o.template}`]?.test(refusal)) return [];
        return [
          `${r.label} → ${res.status} ${refusal.slice(0, 240)} body ${JSON.stringify(r.body)?.slice(0, 200)}`,
        ];
      });
    expect(refused).toEqual([]);
  });

  it("every input string refuses NUL in the document: the pattern, or a format or enum that cannot hold one", () => {
    const missing: string[] = [];
    const walk = (where: string, raw: Json | undefined, depth: number): void => {
      const s = nonNull(raw);
      if (depth > 10) return;
      const alternatives = alternativesOf(s);
      if (alternatives) return alternatives.forEach((a, i) => walk(`${where}|${i}`, a, depth + 1));
      if (s.enum || s.const !== undefined) return;
      const type = Array.isArray(s.type) ? s.type[0] : s.type;
      if (type === "string") {
        const patterns = [s.pattern, ...((s.allOf ?? []) as Json[]).map((a) => a.pattern)].filter(Boolean);
        // A format (date, date-time, email, uri) or a pattern of its own cannot match NUL.
        const safe = s.format !== undefined || patterns.some((p: string) => !new RegExp(p).test("a\u0000b"));
        if (!safe) missing.push(where);
      } else if (type === "array") walk(`${where}[]`, s.items, depth + 1);
      else if (type === "object" || s.properties)
        for (const [key, child] of Object.entries((s.properties ?? {}) as Json))
          walk(`${where}.${key}`, child, depth + 1);
    };
    for (const o of operations()) {
      for (const p of o.params) walk(`${o.method} ${o.template} ${p.in} ${p.name}`, p.schema, 0);
      if (o.body) walk(`${o.method} ${o.template} body`, o.body, 0);
    }
    expect(missing).toEqual([]);
  });

  it("states what the API accepts for the fields issue 26 names (item 11)", () => {
    const bodyOf = (method: string, path: string) =>
      nonNull(doc.paths[path][method].requestBody.content["application/json"].schema);
    const paramOf = (path: string, name: string) =>
      ((doc.paths[path].get.parameters ?? []) as Json[]).find((p) => p.name === name)?.schema as Json;
    const patternOf = (s: Json) => new RegExp(resolve(s).pattern);
    // Web-lane weigh-in and circumferences: 0 < w <= 500, 0 < x <= 300, as numbers and strings.
    for (const [path, field, max] of [
      ["/v1/web/clients/{id}/tracking/weights", "weightKg", 500],
      ["/v1/web/clients/{id}/tracking/measurements", "waist", 300],
    ] as const) {
      const [number, text] = nonNull(bodyOf("post", path).properties[field]).anyOf as Json[];
      expect(number).toMatchObject({ type: "number", exclusiveMinimum: 0, maximum: max });
      expect(patternOf(text!).test(String(max))).toBe(true);
      for (const refused of ["0", "0.0", `${max}.5`, `${max + 1}`])
        expect(patternOf(text!).test(refused)).toBe(false);
    }
    // A notification message's title is not empty.
    const messages = bodyOf("put", "/v1/web/studio/notification-settings/{type}").properties.messages;
    expect(nonNull(nonNull(messages).items).properties.title.minLength).toBe(1);
    // Hook event filter: FORM_FILLED or blank, no null in a query.
    const event = paramOf("/v1/automation/hooks", "event");
    expect(JSON.stringify(event)).toContain('"enum":["FORM_FILLED"]');
    // PATCH inputs the spec does not list are not documented (their refusal stays).
    expect(Object.keys(bodyOf("patch", "/v1/web/crm/leads/{id}").properties)).not.toEqual(
      expect.arrayContaining(["statusId"]),
    );
    for (const field of ["statusId", "lostReason", "remindAt"])
      expect(bodyOf("patch", "/v1/web/crm/leads/{id}").properties).not.toHaveProperty(field);
    expect(bodyOf("patch", "/v1/web/program-templates/{id}").properties).not.toHaveProperty("type");
    // Automation queries: no null (a query string cannot carry it); numeric strings state the range.
    for (const o of operations().filter((op) => op.lane === "automation"))
      for (const p of o.params.filter((q) => q.in === "query"))
        expect(JSON.stringify(p.schema), `${o.method} ${o.template} ${p.name}`).not.toContain('"null"');
    const limit = JSON.stringify(paramOf("/v1/automation/tasks", "limit"));
    const limitPattern = new RegExp(
      JSON.parse(
        limit
          .match(/"pattern":("(?:[^"\\]|\\.)*")/g)!
          .map((m) => m.slice(10))
          .find((p) => JSON.parse(p) !== "^\\s*$")!,
      ),
    );
    expect(["1", "200", " 050 "].every((v) => limitPattern.test(v))).toBe(true);
    expect(["0", "201", "-1", "1.5"].some((v) => limitPattern.test(v))).toBe(false);
    // Water: -5000..5000, not 0.
    expect(bodyOf("post", "/v1/trainee/water").properties.amountMl).toMatchObject({ not: { const: 0 } });
  });
});
