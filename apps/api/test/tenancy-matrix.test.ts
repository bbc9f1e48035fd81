import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { laneOfPath, type LaneName } from "../src/lanes/lane-of-path";
import { uniquePhone } from "./support/team-fixtures";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { bearerReplayHeaders, insertSignInSession } from "./support/sign-in-sessions";
import {
  missingValueOf,
  seedStudio,
  snapshotDiff,
  snapshotRows,
  type Ids,
  type SeededStudio,
} from "./support/tenancy-fixtures";

/**
 * The tenancy matrix (issue 16, first item). Every operation of the served OpenAPI document that
 * takes an id in its path is called, on every lane whose caller belongs to a studio, by studio A's
 * caller with (1) an id of studio B and (2) a missing id of the same shape; both answers must be
 * equal (status and body, the request id and the id itself aside). A coach whose permissions
 * trainees is "assigned" calls every route naming a trainee (or a trainee's resource) with the
 * studio's unassigned trainee; a trainee calls its lane with another studio's and with another
 * trainee's resources. The missing-id answer must be the lane's not-found answer, so the call
 * reached the lookup (a body refused first would hide a leak). Afterwards no row of studio B or
 * of the unassigned trainee has changed (every write, not a sample). Ids in the query and at the
 * top of a JSON body (traineeId, coachIds, formId, …) are crossed the same way, the rest of the
 * request being valid with the caller's own ids; a refusal naming another field fails the test.
 *
 * A path parameter the table below does not know fails the test: add the route's resource kind.
 * TENANCY_VERBOSE=1 also prints the missing-id answer of every query and body case.
 */

type Json = Record<string, any>;
interface Answer {
  status: number;
  body: any;
}

/** Path parameters by "<segment before it>/{name}": the resource kind, or NOT_ID with a value. */
const PARAM_KINDS: Record<string, string | { notId: string }> = {
  "clients/{id}": "trainee",
  "trainees/{id}": "trainee",
  "by-phone/{phone}": "traineePhone",
  "coaches/{id}": "coach",
  "content/{id}": "contentItem",
  "categories/{id}": "contentCategory",
  "tags/{id}": "contentTag",
  "leads/{id}": "lead",
  "statuses/{id}": "crmStatus",
  "tasks/{id}": "task",
  "task-automations/{id}": "taskAutomation",
  "foods/{id}": "food",
  "forms/{id}": "form",
  "forms/{assignmentId}": "formAssignment",
  "program-templates/{id}": "programTemplate",
  "plans/{id}": "plan",
  "hooks/{id}": "hook",
  "api-keys/{id}": "apiKey",
  "availability/{id}": "availabilityWindow",
  "meetings/{id}": "meeting",
  "workouts/{logId}": "workoutLog",
  "workout-logs/{id}": "workoutLog",
  "meal-logs/{id}": "mealLog",
  "weight/{id}": "weighIn",
  "water/{entryId}": "waterEntry",
  "cardio/{entryId}": "cardioEntry",
  "push-tokens/{token}": "pushToken",
  "list/{id}": "shoppingItem",
  "meals/{mealId}": "planMeal",
  "subscriptions/{id}": "subscription",
  "form-responses/{id}": "formResponse",
  "programs/{id}": "program",
  "webhook/{studioId}": "studio",
  "sign/{token}": "signingLink",
  // Not resource ids: a civil day, or a value of a fixed enum.
  "nutrition/{date}": { notId: "2024-01-15" },
  "days/{date}": { notId: "2024-01-15" },
  "notification-settings/{type}": { notId: "enum" },
  "notification-configs/{type}": { notId: "enum" },
  "app-releases/{platform}": { notId: "enum" },
};

/** Kinds that belong to one trainee (a limited coach reaches them only through an assigned trainee). */
const TRAINEE_KINDS = new Set([
  "trainee",
  "traineePhone",
  "weighIn",
  "waterEntry",
  "cardioEntry",
  "workoutLog",
  "mealLog",
  "shoppingItem",
  "pushToken",
  "planMeal",
  "program",
  "meeting",
  "formAssignment",
  "formResponse",
  "subscription",
]);

/** Lanes without a caller of a studio: nothing to cross. */
const NO_STUDIO_CALLER: Partial<Record<LaneName, string>> = {
  public: "no credential of a studio (the path token is the credential)",
  webhook: "a deployment-wide token; the path's studio id names the tenant itself (no studio A caller)",
  admin: "platform-wide notification defaults (no studio)",
  internal: "platform-wide (no studio)",
};

/**
 * Leaks found and not fixed, as "<caller> <METHOD> <template> <param>": the test asserts the
 * leaks found are exactly these, so a new leak and a fixed one both fail it.
 */
const KNOWN_LEAKS: string[] = [];

/**
 * Crossings the spec itself allows, as in KNOWN_LEAKS, with the rule: not sent (a write among
 * them would change the watched rows), listed in the summary.
 */
const SPEC_EXCEPTIONS: Record<string, string> = {
  "web limited coach × unassigned trainee GET /v1/web/tracking/daily-metrics query clientId":
    'document 2 "Raw tracking lists": coach permission scoping is not applied',
  "web limited coach × unassigned trainee GET /v1/web/tracking/meal-logs query clientId":
    'document 2 "Raw tracking lists": coach permission scoping is not applied',
  "web limited coach × unassigned trainee GET /v1/web/tracking/workout-logs query clientId":
    'document 2 "Raw tracking lists": coach permission scoping is not applied',
  "web limited coach × unassigned trainee PUT /v1/web/content/{id}/unlocks body clientIds":
    'document 2 PUT unlocks: "not a trainee of the studio" is the only refusal (docs/decisions/content.md "Unlocks")',
  "web owner × studio B POST /v1/web/crm/leads body ownerCoachId":
    'document 1 lead create: ownerCoachId "not checked against the studio; a non-coach id fails the foreign key"',
  "web owner × studio B PATCH /v1/web/crm/leads/{id} body ownerCoachId":
    "document 1 lead update: ownerCoachId with the create rules (not checked against the studio)",
};

/**
 * Operations whose missing-id answer is not the lane's not-found answer, with the reason (the
 * comparison still holds, and the row snapshot proves the write touched nothing).
 */
const NOT_FOUND_EXCEPTIONS: Record<string, string> = {
  "GET /v1/automation/trainees/by-phone/{phone}":
    "a lookup: an unknown phone answers 200 found false (document 3), another studio's trainee alike",
};

let t: TestApp;
let doc: Json;
let A: SeededStudio;
let B: SeededStudio;
/** Studio A's owner's sign-in session (the bearer lane). */
let aSession: string;

beforeAll(async () => {
  t = await startTestApp({ database: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
  const served = await t.request("GET", "/openapi.json");
  expect(served.status, JSON.stringify(served.body).slice(0, 500)).toBe(200);
  doc = served.body;
  [A, B] = await Promise.all([seedStudio(t, newOwner(), true), seedStudio(t, newOwner(), false)]);
  aSession = await insertSignInSession(t, { organizationId: A.owner.studioId!, role: "owner" });
}, 60_000);
afterAll(async () => t?.close());

// ---- the OpenAPI document ----

function resolve(schema: Json | undefined): Json {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++)
    s = doc.components?.schemas?.[String(s.$ref).split("/").pop()!] ?? {};
  return s;
}

function nonNull(schema: Json | undefined): Json {
  const s = resolve(schema);
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives) {
    const rest = alternatives.map(resolve).filter((a) => a.type !== "null");
    return rest.length === 1 ? nonNull(rest[0]) : { ...s, anyOf: rest, oneOf: undefined };
  }
  if (Array.isArray(s.type)) {
    const types = s.type.filter((x: string) => x !== "null");
    return { ...s, type: types.length === 1 ? types[0] : types };
  }
  return s;
}

interface Param {
  name: string;
  in: "path" | "query";
  schema: Json;
  required: boolean;
}
interface Operation {
  method: string;
  template: string;
  lane: LaneName | undefined;
  params: Param[];
  body?: Json;
  bodyType?: string;
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const content = op.requestBody?.content as Json | undefined;
      const params = [...((item as Json).parameters ?? []), ...((op.parameters ?? []) as Json[])]
        .map(
          (p: Json) => (p.$ref ? doc.components?.parameters?.[String(p.$ref).split("/").pop()!] : p) as Json,
        )
        .filter((p) => p?.in === "path" || p?.in === "query")
        .map((p) => ({ name: p.name, in: p.in, schema: p.schema ?? {}, required: Boolean(p.required) }));
      // Path templates name their parameters even when the document's list lacks one.
      for (const [, name] of template.matchAll(/\{(\w+)\}/g))
        if (!params.some((p) => p.in === "path" && p.name === name))
          params.push({ name: name!, in: "path", schema: { type: "string" }, required: true });
      out.push({
        method: method.toUpperCase(),
        template,
        lane: laneOfPath(template.replace(/\{\w+\}/g, "x")),
        params,
        body: content?.["application/json"]?.schema,
        bodyType: content ? Object.keys(content)[0] : undefined,
      });
    }
  }
  return out;
}

const paramKey = (op: Operation, name: string) => {
  const segments = op.template.split("/");
  return `${segments[segments.indexOf(`{${name}}`) - 1] ?? ""}/{${name}}`;
};

// ---- valid samples (the caller's own ids in the body) ----

/** Body fields naming a resource, by the word before "Id"/"Ids". */
const ID_FIELDS: Record<string, string> = {
  coach: "coach",
  primarycoach: "coach",
  ownercoach: "coach",
  trainee: "trainee",
  client: "trainee",
  status: "crmStatus",
  lead: "lead",
  task: "task",
  content: "contentItem",
  category: "contentCategory",
  tag: "contentTag",
  plan: "plan",
  subscription: "subscription",
  form: "form",
  updateform: "form",
  template: "programTemplate",
  food: "food",
  program: "program",
  meallog: "mealLog",
  holdforresponse: "formResponse",
};

function sampleString(name: string, schema: Json, own: Ids): string {
  const idOf = /^(.*?)Ids?$/.exec(name)?.[1]?.toLowerCase();
  const existing = idOf ? own[ID_FIELDS[idOf] ?? ""] : undefined;
  if (existing) return existing;
  const formats = [schema.format, ...((schema.anyOf ?? []) as Json[]).map((a) => nonNull(a).format)];
  if (name === "to") return formats.includes("date-time") ? "2024-01-31T00:00:00Z" : "2024-01-31";
  if (name === "from") return formats.includes("date-time") ? "2024-01-01T00:00:00Z" : "2024-01-01";
  if (formats.includes("date-time")) return "2030-01-15T10:00:00Z";
  if (formats.includes("date")) return "2030-01-15";
  if (formats.includes("email")) return `matrix${Date.now()}@example.com`;
  if (formats.includes("uri") || formats.includes("url")) return "https://example.com/matrix.png";
  const lower = name.toLowerCase();
  if (lower.includes("phone")) return uniquePhone().e164;
  if (lower.includes("timezone")) return "Asia/Jerusalem";
  if (lower.includes("color")) return "#336699";
  if (lower === "time" || lower.endsWith("time")) return "08:00";
  return "matrix".padEnd(Number(schema.minLength ?? 1), "z");
}

function sample(name: string, raw: Json | undefined, own: Ids): unknown {
  const schema = nonNull(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives?.length) return sample(name, alternatives[0], own);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string") return sampleString(name, schema, own);
  if (type === "integer" || type === "number") {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    return Math.min(Math.max(1, min), schema.maximum ?? 1);
  }
  if (type === "boolean") return true;
  if (type === "array" || schema.items)
    return Array.from({ length: Math.max(1, Number(schema.minItems ?? 0)) }, () =>
      sample(name, schema.items, own),
    );
  if (type === "object" || schema.properties) return sampleObject(schema, own);
  return "matrix";
}

function sampleObject(raw: Json | undefined, own: Ids): Json {
  const schema = nonNull(raw);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  const object = alternatives?.length ? nonNull(alternatives[0]) : schema;
  const out: Json = {};
  for (const key of (object.required ?? []) as string[])
    out[key] = sample(key, object.properties?.[key], own);
  return out;
}

/** Valid bodies the schema alone cannot sample. */
const BODIES: Record<string, (own: Ids) => Json> = {
  "POST /v1/web/clients/{id}/tracking/measurements": () => ({ waist: 80 }),
  "POST /v1/clients/{id}/tracking/measurements": () => ({ waist: 80 }),
  "POST /v1/automation/trainees/{id}/programs/assign": (own) => ({
    templateId: own.programTemplate,
    replaceExisting: true,
  }),
  "DELETE /v1/automation/trainees/{id}": () => ({ confirm: true }),
  "DELETE /v1/web/coaches/{id}": (own) => ({ coachIds: [own.coach] }),
  "POST /v1/automation/hooks": () => ({ targetUrl: "https://hooks.example.com/matrix" }),
  "POST /v1/web/calendar/availability": (own) => ({
    coachId: own.coach,
    kind: "RECURRING",
    weekday: 2,
    startMinute: 540,
    endMinute: 600,
    durationMin: 60,
    slotType: "TRAINING",
  }),
  "POST /v1/trainee/calendar/book": (own) => ({
    coachId: own.coach,
    type: "TRAINING",
    startsAt: "2030-01-15T10:00:00Z",
    endsAt: "2030-01-15T11:00:00Z",
  }),
};

/** Query or body fields named like an id that name no resource of the studio (not crossed). */
const NOT_RESOURCE_IDS: Record<string, string> = {
  "POST /v1/trainee/cardio planId": "the app's own plan reference, stored as sent (never looked up)",
  "PATCH /v1/web/crm/leads/{id} statusId": "refused on PATCH whatever its value (PUT …/status changes it)",
};

/** Names of optional text fields a write sets as well, so a leaking write changes a row. */
const WRITTEN_FIELDS = ["title", "name", "firstName", "label", "note", "description"];

function writingSample(op: Operation, own: Ids): Json {
  const body = sampleObject(op.body, own);
  const schema = nonNull(op.body);
  for (const name of WRITTEN_FIELDS) {
    const field = nonNull(schema.properties?.[name]);
    if (body[name] === undefined && field.type === "string" && !field.enum && !field.format)
      body[name] = "Matrix leaked write";
  }
  return body;
}

// ---- callers ----

interface Caller {
  /** Label in the summary and in KNOWN_LEAKS. */
  name: string;
  lanes: LaneName[];
  /** The caller's own ids (path parameters not under test, body ids). */
  own: () => Ids;
  /** The ids of what the caller must not reach, by kind. */
  foreign: () => Ids;
  /** Only parameters of these kinds are crossed (all when absent). */
  kinds?: Set<string>;
  send: (method: string, path: string, body?: unknown) => Promise<Answer>;
}

const json = (body: unknown) =>
  body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) };

function callers(): Caller[] {
  const ownOf = (s: SeededStudio, trainee = s.trainee) => ({ ...s.ids, ...trainee.ids });
  const web = (user: WebUserContext) => (method: string, path: string, body?: unknown) =>
    t.web(method, path, user, body);
  const bearer = (token: string) => (method: string, path: string, body?: unknown) => {
    const init = json(body);
    return t.request(method, path, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${token}` },
    });
  };
  const apiKey = (key: string) => (method: string, path: string, body?: unknown) => {
    const init = json(body);
    return t.request(method, path, { ...init, headers: { ...init.headers, "x-api-key": key } });
  };
  return [
    {
      name: "web owner × studio B",
      lanes: ["web"],
      own: () => ownOf(A),
      foreign: () => ownOf(B),
      send: web(A.owner),
    },
    {
      name: "web limited coach × unassigned trainee",
      lanes: ["web"],
      own: () => ownOf(A),
      // A task about the unassigned trainee that does not list the coach is out of reach too.
      foreign: () => ({ ...A.ids, ...A.other!.ids, task: A.other!.ids.traineeTask! }),
      kinds: new Set([...TRAINEE_KINDS, "task"]),
      send: web(A.limitedCoach!),
    },
    {
      name: "trainee × studio B",
      lanes: ["trainee"],
      own: () => ownOf(A),
      foreign: () => ownOf(B),
      send: bearer(A.trainee.token),
    },
    {
      name: "trainee × another trainee of the studio",
      lanes: ["trainee"],
      own: () => ownOf(A),
      foreign: () => ({ ...A.ids, ...A.other!.ids }),
      kinds: TRAINEE_KINDS,
      send: bearer(A.trainee.token),
    },
    {
      name: "bearer session × studio B",
      lanes: ["bearer"],
      own: () => ownOf(A),
      foreign: () => ownOf(B),
      send: (method, path, body) => {
        const init = json(body);
        return t.request(method, path, {
          ...init,
          headers: { ...init.headers, authorization: `Bearer ${aSession}`, ...bearerReplayHeaders() },
        });
      },
    },
    {
      name: "API key × studio B",
      lanes: ["automation", "partner"],
      own: () => ownOf(A),
      foreign: () => ownOf(B),
      send: apiKey(A.apiKey),
    },
  ];
}

// ---- the matrix ----

type Where = "path" | "query" | "body";
interface Case {
  caller: Caller;
  op: Operation;
  where: Where;
  field: string;
  kind: string;
  foreignValue: string;
  missingValue: string;
  request: (value: string) => { path: string; body?: unknown };
}

const caseId = (c: Case) =>
  `${c.caller.name} ${c.op.method} ${c.op.template} ${c.where === "path" ? `{${c.field}}` : `${c.where} ${c.field}`}`;

/** The lane's answer to an id that names nothing (so the call reached the lookup). */
function isNotFound(lane: LaneName | undefined, res: Answer): boolean {
  if (lane === "automation" || lane === "partner")
    return res.status === 400 && /not found/i.test(String(res.body?.message ?? ""));
  return res.status === 404 && res.body?.code === "NOT_FOUND";
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Sampled phones are unique per call (a created trainee's phone must be new). */
const PHONE = /\+9725\d{8}/g;
const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;

/**
 * An answer without what differs per request or names the id asked for. A success of a body
 * or query case (a list filtered by the id, a row written with it) also drops generated ids,
 * timestamps and sampled phones: the two calls create two rows.
 */
function normalized(res: Answer, ids: string[], loose = false): string {
  let text = JSON.stringify(res.body ?? null, (key, value) =>
    key === "requestId" ? "<requestId>" : (value as unknown),
  );
  for (const id of ids) text = text.split(JSON.stringify(id).slice(1, -1)).join("<id>");
  if (loose && res.status < 300)
    text = text.replace(UUID, "<uuid>").replace(TIMESTAMP, "<ts>").replace(PHONE, "<phone>");
  return `${res.status} ${text}`;
}

async function runPool<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** The kind of a body or query field naming a resource (traineeId, coachIds, …), if known. */
function idFieldKind(name: string): string | undefined {
  const prefix = /^(.*?)Ids?$/.exec(name)?.[1]?.toLowerCase();
  return prefix ? ID_FIELDS[prefix] : undefined;
}

describe("tenancy matrix: another studio's id (and an unassigned trainee) answers exactly like a missing one", () => {
  it("every route taking an id, on every lane with a studio caller, leaks nothing", async () => {
    const ops = operations();
    expect(ops.filter((op) => op.template.includes("{")).length).toBeGreaterThan(60);

    const unknownParams: string[] = [];
    const skipped: string[] = [];
    const noFixture: string[] = [];
    const uncrossedFields = new Set<string>();
    const allowed: string[] = [];
    const cases: Case[] = [];
    const all = callers();
    for (const op of ops) {
      const label = `${op.method} ${op.template}`;
      const pathParams = op.params.filter((p) => p.in === "path");
      const kinds = new Map<string, string>();
      for (const p of pathParams) {
        const kind = PARAM_KINDS[paramKey(op, p.name)];
        if (kind === undefined) unknownParams.push(`${label} {${p.name}} (${paramKey(op, p.name)})`);
        else if (typeof kind === "string") kinds.set(p.name, kind);
      }
      // Ids in the query and at the top of a JSON body (single or a list).
      const queryIds = op.params.filter((p) => p.in === "query" && /Ids?$/.test(p.name));
      const bodyProps = (op.body ? (nonNull(op.body).properties ?? {}) : {}) as Json;
      const bodyIds = Object.keys(bodyProps).filter((name) => /Ids?$/.test(name));
      for (const name of [...queryIds.map((p) => p.name), ...bodyIds])
        if (!idFieldKind(name) || NOT_RESOURCE_IDS[`${label} ${name}`])
          uncrossedFields.add(`${label} ${name}`);
      const crossed = (name: string) => idFieldKind(name) && !NOT_RESOURCE_IDS[`${label} ${name}`];
      const crossesSomething =
        kinds.size > 0 || queryIds.some((p) => crossed(p.name)) || bodyIds.some((n) => crossed(n));
      if (!crossesSomething) {
        if (pathParams.length && pathParams.every((p) => PARAM_KINDS[paramKey(op, p.name)] !== undefined))
          skipped.push(`${label}: no resource id in the path (a day or an enum value)`);
        continue;
      }
      if (op.lane && NO_STUDIO_CALLER[op.lane]) {
        skipped.push(`${label}: ${op.lane} lane: ${NO_STUDIO_CALLER[op.lane]}`);
        continue;
      }
      if (op.bodyType && op.bodyType !== "application/json") {
        skipped.push(`${label}: ${op.bodyType} body`);
        continue;
      }
      const laneCallers = all.filter((c) => op.lane && c.lanes.includes(op.lane));
      if (!laneCallers.length) {
        skipped.push(`${label}: no caller known for the ${op.lane} lane`);
        continue;
      }
      for (const caller of laneCallers) {
        const own = caller.own();
        const foreign = caller.foreign();
        const pathOf = (override: Record<string, string>) =>
          op.template.replace(/\{(\w+)\}/g, (_, n: string) => {
            if (override[n] !== undefined) return encodeURIComponent(override[n]!);
            const k = PARAM_KINDS[paramKey(op, n)];
            if (typeof k === "string") return encodeURIComponent(own[k] ?? "");
            const s = nonNull(pathParams.find((p) => p.name === n)?.schema);
            return encodeURIComponent(s.enum ? String(s.enum[0]) : (k?.notId ?? ""));
          });
        const queryOf = (override: Record<string, string>) => {
          const pairs = op.params
            .filter((p) => p.in === "query" && (p.required || override[p.name] !== undefined))
            .map((p) => [p.name, override[p.name] ?? String(sample(p.name, p.schema, own))]);
          return pairs.length
            ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k!)}=${encodeURIComponent(v!)}`).join("&")}`
            : "";
        };
        const baseBody = () => (op.body ? (BODIES[label]?.(own) ?? writingSample(op, own)) : undefined);
        const add = (where: Where, field: string, kind: string, request: Case["request"]) => {
          if (caller.kinds && !caller.kinds.has(kind)) return;
          const foreignValue = foreign[kind];
          if (!own[kind] || !foreignValue) {
            noFixture.push(`${caller.name}: ${label} ${where} ${field} (kind ${kind})`);
            return;
          }
          const c: Case = {
            caller,
            op,
            where,
            field,
            kind,
            foreignValue,
            missingValue: missingValueOf(kind),
            request,
          };
          if (SPEC_EXCEPTIONS[caseId(c)]) allowed.push(`${caseId(c)}: ${SPEC_EXCEPTIONS[caseId(c)]}`);
          else cases.push(c);
        };
        const body = baseBody();
        for (const [param, kind] of kinds)
          add("path", param, kind, (value) => ({ path: pathOf({ [param]: value }) + queryOf({}), body }));
        for (const p of queryIds) {
          const kind = crossed(p.name) ? idFieldKind(p.name) : undefined;
          if (kind)
            add("query", p.name, kind, (value) => ({
              path: pathOf({}) + queryOf({ [p.name]: value }),
              body,
            }));
        }
        for (const name of bodyIds) {
          const kind = crossed(name) ? idFieldKind(name) : undefined;
          const list = nonNull(bodyProps[name]).type === "array";
          if (kind)
            add("body", name, kind, (value) => ({
              path: pathOf({}) + queryOf({}),
              body: { ...(baseBody() as Json), [name]: list ? [value] : value },
            }));
        }
      }
    }

    // Destructive operations last, so a leaking delete cannot turn later foreign ids into missing ones.
    const rank = (c: Case) => (c.op.method !== "DELETE" ? 0 : c.op.lane === "web" ? 2 : 1);
    cases.sort((a, b) => rank(a) - rank(b));

    const watched = [B.trainee.id, A.other!.id];
    const before = {
      b: await snapshotRows(t, B.studioId, [B.trainee.id]),
      other: await snapshotRows(t, "-", [A.other!.id]),
    };

    const leaks: string[] = [];
    const leakDetails: string[] = [];
    const notReached: string[] = [];
    const refusedFirst: string[] = [];
    const fieldAnswers: string[] = [];
    const covered = new Map<string, Set<string>>();
    for (const batch of [
      cases.filter((c) => rank(c) === 0),
      cases.filter((c) => rank(c) === 1),
      cases.filter((c) => rank(c) === 2),
    ]) {
      await runPool(batch, 6, async (c) => {
        const id = caseId(c);
        const asMissing = c.request(c.missingValue);
        const asForeign = c.request(c.foreignValue);
        const missing = await c.caller.send(c.op.method, asMissing.path, asMissing.body);
        const foreign = await c.caller.send(c.op.method, asForeign.path, asForeign.body);
        const values = [c.missingValue, c.foreignValue];
        const loose = c.where !== "path";
        if (normalized(missing, values, loose) !== normalized(foreign, values, loose)) {
          leaks.push(id);
          leakDetails.push(
            `${id}: missing → ${normalized(missing, values).slice(0, 300)}; foreign (${c.kind}) → ${normalized(foreign, values).slice(0, 300)}`,
          );
        }
        const key = `${c.op.method} ${c.op.template}`;
        if (c.where === "path" && !isNotFound(c.op.lane, missing)) {
          // A limited coach's role may be refused before any lookup (same answer for both ids).
          if (c.caller.kinds && c.op.lane === "web" && missing.status === 403)
            refusedFirst.push(`${id}: ${missing.status} ${missing.body?.message ?? ""}`);
          else if (!NOT_FOUND_EXCEPTIONS[key])
            notReached.push(`${id}: missing id → ${normalized(missing, values).slice(0, 240)}`);
        }
        // A query or body id refused by a check of another field never reached its lookup.
        const issues = (missing.body?.details?.issues ?? []) as { path?: string }[];
        if (c.where !== "path" && issues.length && !issues.some((i) => String(i.path).startsWith(c.field)))
          notReached.push(`${id}: missing id → ${normalized(missing, values).slice(0, 240)}`);
        if (c.where !== "path")
          fieldAnswers.push(
            `${id}: ${missing.status} ${String(missing.body?.message ?? "").slice(0, 80)} ${JSON.stringify(missing.body?.details ?? "").slice(0, 120)}`,
          );
        const lane = `${c.caller.name}`;
        if (!covered.has(lane)) covered.set(lane, new Set());
        covered.get(lane)!.add(key);
      });
    }

    const after = {
      b: await snapshotRows(t, B.studioId, [B.trainee.id]),
      other: await snapshotRows(t, "-", [A.other!.id]),
    };
    const changed = [...snapshotDiff(before.b, after.b), ...snapshotDiff(before.other, after.other)];

    const pathCases = cases.filter((c) => c.where === "path");
    const summary = [
      `tenancy matrix: ${cases.length * 2} requests; ${pathCases.length} path ids and ${cases.length - pathCases.length} query/body ids crossed over ${ops.length} operations (${watched.length} trainees watched)`,
      ...[...covered].map(([caller, set]) => `  ${caller}: ${set.size} operations`),
      `  skipped ${skipped.length}:`,
      ...skipped.map((s) => `    ${s}`),
      `  id fields of the query or body not crossed (no kind in ID_FIELDS): ${[...uncrossedFields].join(", ") || "none"}`,
      `  allowed by the spec, not sent (${allowed.length}):`,
      ...allowed.map((s) => `    ${s}`),
      ...(refusedFirst.length ? [`  refused by role before the lookup (same answer for both ids):`] : []),
      ...refusedFirst.map((s) => `    ${s}`),
      ...(process.env.TENANCY_VERBOSE
        ? ["  query/body missing-id answers:", ...fieldAnswers.sort().map((s) => `    ${s}`)]
        : []),
      `  leaks: ${leaks.length}${leaks.length ? "" : " (none)"}`,
      ...leakDetails.map((s) => `    ${s}`),
      ...(notReached.length
        ? ["  missing id not answered as not found:", ...notReached.map((s) => `    ${s}`)]
        : []),
      ...(changed.length ? ["  rows changed:", ...changed.map((s) => `    ${s}`)] : []),
    ].join("\n");
    console.warn(summary);

    expect(unknownParams, "path parameters without a kind in PARAM_KINDS").toEqual([]);
    expect(noFixture, "kinds without a seeded resource (tenancy-fixtures.ts)").toEqual([]);
    expect(
      notReached,
      "the missing id must be the lane's not-found answer (the call reached the lookup)",
    ).toEqual([]);
    expect(leaks.sort(), summary).toEqual([...KNOWN_LEAKS].sort());
    expect(changed, "rows of studio B or of the unassigned trainee changed").toEqual([]);
    expect(allowed.length, "every SPEC_EXCEPTIONS entry names a case of the matrix").toBe(
      Object.keys(SPEC_EXCEPTIONS).length,
    );
    for (const caller of all) expect(covered.get(caller.name)?.size ?? 0, caller.name).toBeGreaterThan(0);
  }, 180_000);
});
