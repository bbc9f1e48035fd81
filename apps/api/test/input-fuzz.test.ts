import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signServiceRequest, signStandardWebhook } from "@studio/auth";
import { and, eq } from "drizzle-orm";
import { coaches, formResponses, forms, programs } from "@studio/db";
import { assignSubscription, registerWebhook } from "@studio/domain";
import { laneOfPath, type LaneName } from "../src/lanes/lane-of-path";
import { envelopeStyleFor } from "../src/rest/envelope";
import { newOwner, startTestApp, userHeaders, type TestApp } from "./support/harness";
import { boxed } from "./support/form-fixtures";
import { bearerReplayHeaders, insertSignInSession } from "./support/sign-in-sessions";
import { createSigningLink } from "./support/signing-fixtures";
import { adminRequest, traineeRequest } from "./support/notification-fixtures";
import { createLanguageModel } from "@studio/providers/model";
import { startFakeChatServer, type FakeChatServer } from "@studio/providers/model/fake-chat-server";
import { nonNullIn, type Json } from "./support/openapi-schema";

/**
 * Bad input never answers 5xx (issue "Platform hardening" item 3). The routes and their
 * fields come from the served OpenAPI document, so a route added later is fuzzed without a
 * new test: every JSON operation of every lane gets, with valid credentials for its lane,
 * a NUL character, a string one character over its stated bound (1 MB when none is stated or
 * the bound is larger) and
 * a wrong type in each string field, query value and
 * path id; integers just outside int4 and huge numbers in each numeric field; years 0, 99,
 * 1899, 2101 and 10000 in each date field (the range is 1900 to 2100, issue 27). The answer must be below 500 and in the lane's envelope;
 * a value outside what the document states for its field must be refused (4xx). A valid
 * request per operation (sampled from the same schema) proves the credentials and the sample.
 */

type Location = "path" | "query" | "body";
interface Case {
  label: string;
  /** The valid input of the operation. */
  baseline: boolean;
  /** Bad input outside the document's stated bounds: must be refused (4xx). */
  mustRefuse: boolean;
  method: string;
  path: string;
  query: [string, string][];
  body?: unknown;
  /** A raw body string (malformed or non-object JSON); wins over body. */
  rawBody?: string;
}
interface Answer {
  status: number;
  body: any;
}

const ONE_MB = "x".repeat(1_000_000);
/** The request line must fit Node's 16 KB header limit, so query and path values get 8 KB. */
const LONG_URL_VALUE = "y".repeat(8_000);
const NUL = "fuzz\u0000nul";
const INT_CLASSES: unknown[] = [2_147_483_648, -2_147_483_649, 1e20, 9_007_199_254_740_993, 1.5, "7"];
const NUMBER_CLASSES: unknown[] = [1e308, -1e308, 2_147_483_648, "7"];
// Issue 27: years below 100 were stored (and read back shifted); the range is 1900 to 2100.
const DATE_CLASSES = ["0000-01-01", "10000-01-01", "0000-12-31", "0099-06-01", "1899-12-31", "2101-01-01"];
const DATE_TIME_CLASSES = [
  "0000-01-01T00:00:00Z",
  "0099-06-01T00:00:00Z",
  "0030-06-01T00:00:00+02:00",
  "2101-01-01T00:00:00Z",
  "10000-01-01T00:00:00Z",
  "0001-01-01T00:00:00+14:00",
  "9999-12-31T23:59:59-14:00",
];

let t: TestApp;
let doc: Json;
const FUZZ_WEBHOOK_SECRET = "fuzz-webhook-secret";
const FUZZ_PAYMENTS_SECRET = "fuzz-payments-secret";
let paymentsDelivery = 0;
let chat: FakeChatServer | undefined;
const owner = newOwner();
const fixtures: {
  traineeToken: string;
  apiKey: string;
  /** Existing resources by the path segment that precedes `{id}`. */
  ids: Record<string, string>;
  /** A sign-in session of the owner (bearer lane). */
  bearerToken: string;
} = { traineeToken: "", apiKey: "", ids: {}, bearerToken: "" };

let serial = 0;
const unique = () => `${Date.now() % 1_000_000}${(serial += 1)}`;

beforeAll(async () => {
  // Media routes need object storage to answer their valid samples (a local store in a temp dir).
  const { LocalObjectStorage } = await import("@studio/providers/storage");
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const mediaDir = mkdtempSync(`${tmpdir()}/fuzz-media-`);
  const storage = new LocalObjectStorage({ dir: mediaDir, publicBaseUrl: "http://127.0.0.1/media" });
  // OTP_DEV_MODE=1: trainee sign-in answers its codes (request-code's baseline needs no chat provider).
  // WEBHOOK_SECRET: the webhook lane's token (sent as ?token= by send()); PAYMENTS_WEBHOOK_SECRET
  // signs the payments webhook's deliveries (Standard Webhooks, a new webhook-id each).
  t = await startTestApp({
    database: "postgres",
    storage,
    env: {
      OTP_DEV_MODE: "1",
      WEBHOOK_SECRET: FUZZ_WEBHOOK_SECRET,
      PAYMENTS_WEBHOOK_SECRET: FUZZ_PAYMENTS_SECRET,
    },
  });
  // generate-recipe needs a language model to answer its valid sample: a fake chat server on loopback.
  chat = await startFakeChatServer({
    // One answer every structured request accepts (extra keys are dropped): the recipe draft and
    // generate-ai's training and nutrition plans.
    answer: {
      title: "fuzz",
      description: "",
      ingredients: [],
      steps: [],
      name: "fuzz",
      level: "",
      workoutsPerWeek: 3,
      targets: { kcal: 2000, protein: 150, carbs: 200, fat: 60, water: 3 },
      days: [],
    },
  });
  t.deps.model = createLanguageModel({ baseUrl: chat.baseUrl, model: "fuzz" });
  doc = (await t.request("GET", "/openapi.json")).body;

  const ok = (res: Answer, what: string) => {
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body.data;
  };
  const studio = ok(await t.web("GET", "/v1/web/studio", owner), "studio");
  const client = ok(
    await t.web("POST", "/v1/web/clients", owner, { firstName: "Fuzz", phone: samplePhone() }),
    "client",
  );
  const coach = ok(
    await t.web("POST", "/v1/web/coaches", owner, {
      firstName: "Sub",
      lastName: "Coach",
      email: `sub${unique()}@example.com`,
      phone: samplePhone(),
    }),
    "coach",
  );
  const lead = ok(
    await t.web("POST", "/v1/web/crm/leads", owner, { name: "Lead", phone: "0501234567" }),
    "lead",
  );
  const status = ok(
    await t.web("POST", "/v1/web/crm/statuses", owner, { label: "Custom", color: "#336699" }),
    "status",
  );
  const task = ok(await t.web("POST", "/v1/web/tasks", owner, { title: "Task" }), "task");
  const key = ok(await t.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "fuzz" }), "key");
  // The bearer lane: the owner's sign-in session (better-auth's rows) on the studio's organization.
  fixtures.bearerToken = await insertSignInSession(t, {
    organizationId: owner.studioId!,
    userId: owner.userId!,
    role: "owner",
  });
  const content = ok(
    await t.web("POST", "/v1/web/content", owner, { type: "recipe", title: "Fuzz" }),
    "content item",
  );
  const category = ok(
    await t.web("POST", "/v1/web/content/categories", owner, { name: "Fuzz" }),
    "content category",
  );
  const tag = ok(await t.web("POST", "/v1/web/content/tags", owner, { name: "fuzz" }), "content tag");
  // Hold mode of program assignment: an INTAKE response of the fuzz trainee (no forms routes yet).
  const [intakeForm] = await t.deps.database.db
    .insert(forms)
    .values({ studioId: studio.id, name: "Intake", type: "INTAKE" })
    .returning();
  const [intake] = await t.deps.database.db
    .insert(formResponses)
    .values({ studioId: studio.id, formId: intakeForm!.id, clientId: client.id })
    .returning();
  const template = ok(
    await t.web("POST", "/v1/web/program-templates", owner, { type: "TRAINING", name: "Fuzz", content: {} }),
    "program template",
  );
  // Automation program assignment: the web assign route's baseline may have given the fuzz
  // trainee a program of this template already, so the lane's baseline replaces it.
  BASELINE_BODIES["POST /v1/automation/trainees/{id}/programs/assign"] = {
    templateId: template.id,
    replaceExisting: true,
  };
  // Automation subscriptions: one running plan (freeze, reactivate) and one queued in 2099
  // (the subscription the cancel route addresses), so each baseline has something to change.
  const plan = ok(
    await t.web("POST", "/v1/web/plans", owner, { name: "Fuzz", durationValue: 1, durationUnit: "MONTHS" }),
    "plan",
  );
  await assignSubscription(t.deps.database.db, t.scopeFor(studio.id), {
    clientId: client.id,
    planId: plan.id,
  });
  const queued = await assignSubscription(t.deps.database.db, t.scopeFor(studio.id), {
    clientId: client.id,
    planId: plan.id,
    startDate: "2099-01-01",
  });
  // Automation hooks: one hook of the fuzz key (the one DELETE /v1/automation/hooks/{id} addresses).
  const hook = await registerWebhook(
    t.deps.database.db,
    { ...t.scopeFor(studio.id), actor: { kind: "apiKey", apiKeyId: key.id, studioName: "Fuzz" } },
    { targetUrl: "https://hooks.example.com/fuzz" },
  );
  fixtures.traineeToken = t.traineeToken(client.id, studio.id);
  fixtures.apiKey = key.key;
  const pushToken = `ExponentPushToken[fuzz${unique()}]`;
  ok(
    await traineeRequest(t, fixtures.traineeToken, "POST", "/v1/trainee/push-tokens", {
      token: pushToken,
      platform: "ios",
    }),
    "push token",
  );
  // Foods and the shopping list: a food of the studio (PATCH /v1/web/foods/{id}, POST shopping's
  // foodId) and an item of the fuzz trainee's list (the shopping list item routes).
  const food = ok(await t.web("POST", "/v1/web/foods", owner, { name: "Fuzz food" }), "food");
  const shoppingItem = ok(
    await traineeRequest(t, fixtures.traineeToken, "POST", "/v1/trainee/shopping/list", { foodId: food.id }),
    "shopping list item",
  );
  // Calendar: windows of the owner's coach (the fuzz trainee's calendar coach, as the oldest
  // HEAD_COACH) every day, one meeting of the trainee to cancel, and a free slot to book.
  const [ownerCoach] = await t.deps.database.db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.studioId, studio.id), eq(coaches.externalUserId, owner.userId!)));
  let availabilityId = "";
  for (let weekday = 0; weekday < 7; weekday += 1) {
    const window = ok(
      await t.web("POST", "/v1/web/calendar/availability", owner, {
        coachId: ownerCoach!.id,
        kind: "RECURRING",
        weekday,
        startMinute: 0,
        endMinute: 1440,
        durationMin: 60,
        slotType: "TRAINING",
      }),
      "availability window",
    );
    availabilityId = window.id;
  }
  const range: [string, string][] = [
    ["from", new Date(Date.now() + 86_400_000).toISOString()],
    ["to", new Date(Date.now() + 8 * 86_400_000).toISOString()],
  ];
  BASELINE_QUERIES["GET /v1/trainee/calendar/slots"] = range;
  BASELINE_QUERIES["GET /v1/web/calendar/events"] = range;
  const slots = ok(
    await traineeRequest(
      t,
      t.traineeToken(client.id, studio.id),
      "GET",
      `/v1/trainee/calendar/slots?from=${encodeURIComponent(range[0]![1])}&to=${encodeURIComponent(range[1]![1])}`,
    ),
    "calendar slots",
  ).items;
  const meeting = ok(
    await traineeRequest(
      t,
      t.traineeToken(client.id, studio.id),
      "POST",
      "/v1/trainee/calendar/book",
      slots[0],
    ),
    "meeting",
  );
  BASELINE_BODIES["POST /v1/trainee/calendar/book"] = slots[1];
  BASELINE_BODIES["POST /v1/web/calendar/availability"] = {
    coachId: coach.id,
    kind: "RECURRING",
    weekday: 1,
    startMinute: 540,
    endMinute: 600,
    durationMin: 60,
    slotType: "TRAINING",
  };
  fixtures.ids = {
    availability: availabilityId,
    meetings: meeting.id,
    clients: client.id,
    trainees: client.id,
    // GET /v1/automation/trainees/by-phone/{phone}: the fuzz trainee's phone.
    "by-phone": client.phone,
    plans: plan.id,
    subscriptions: queued.id,
    hooks: hook.id,
    coaches: coach.id,
    leads: lead.id,
    statuses: status.id,
    tasks: task.id,
    "api-keys": key.id,
    "push-tokens": pushToken,
    content: content.id,
    categories: category.id,
    tags: tag.id,
    "form-responses": intake!.id,
    forms: intakeForm!.id,
    "program-templates": template.id,
    foods: food.id,
    list: shoppingItem.id,
  };
  // Trainee tracking: a weigh-in, a water entry and a cardio session of the fuzz trainee (what
  // PATCH/DELETE weight/{id}, DELETE water/{entryId} and DELETE cardio/{entryId} address), and
  // valid bodies the schema alone cannot sample (water needs an amount, measurements a value).
  const tracking = (path: string, body: unknown) =>
    traineeRequest(t, fixtures.traineeToken, "POST", path, body).then((res) => ok(res, path));
  const weighIn = await tracking("/v1/trainee/weight", { weightKg: 80 });
  await tracking("/v1/trainee/water", { amountMl: 250, requestId: "fuzz-water" });
  const cardio = await tracking("/v1/trainee/cardio", { kind: "walking", minutes: 10 });
  Object.assign(fixtures.ids, { weight: weighIn.id, water: "fuzz-water", cardio: cardio.id });
  BASELINE_BODIES["POST /v1/trainee/water"] = { amountMl: 250 };
  BASELINE_BODIES["POST /v1/trainee/measurements"] = { waist: 80 };
  BASELINE_BODIES["POST /v1/web/clients/{id}/tracking/measurements"] = { waist: 80 };
  BASELINE_BODIES["POST /v1/clients/{id}/tracking/measurements"] = { waist: 80 };
  // Trainee sign-in: a code for the fuzz trainee's phone (verify-code's baseline signs in with it).
  const signIn = await t.request("POST", "/v1/trainee/auth/request-code", {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phone: client.phone }),
  });
  BASELINE_BODIES["POST /v1/trainee/auth/verify-code"] = {
    phone: client.phone,
    code: ok(signIn, "sign-in code").devCode,
  };
  // Signup verification (dev mode): codes for verify-otp's and verify-email-otp's baselines, and
  // a phone token and an e-mail token for the onboarding bootstrap's baseline (a slug of its own).
  const onboarding = (path: string, body: Json) =>
    t
      .request("POST", `/v1/public/onboarding/${path}`, {
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
      .then((res) => ok(res, path));
  const [signupPhone, tokenPhone] = [samplePhone(), samplePhone()];
  const [signupEmail, tokenEmail] = [`signup${unique()}@example.com`, `token${unique()}@example.com`];
  BASELINE_BODIES["POST /v1/public/onboarding/request-email-otp"] = { email: `fuzz${unique()}@example.com` };
  BASELINE_BODIES["POST /v1/public/onboarding/verify-otp"] = {
    phone: signupPhone,
    code: (await onboarding("request-otp", { phone: signupPhone })).devCode,
  };
  BASELINE_BODIES["POST /v1/public/onboarding/verify-email-otp"] = {
    email: signupEmail,
    code: (await onboarding("request-email-otp", { email: signupEmail })).devCode,
  };
  BASELINE_BODIES["POST /v1/web/onboarding/bootstrap"] = {
    phoneToken: (
      await onboarding("verify-otp", {
        phone: tokenPhone,
        code: (await onboarding("request-otp", { phone: tokenPhone })).devCode,
      })
    ).phoneToken,
    emailToken: (
      await onboarding("verify-email-otp", {
        email: tokenEmail,
        code: (await onboarding("request-email-otp", { email: tokenEmail })).devCode,
      })
    ).emailToken,
    studioName: "Fuzz studio",
    slug: `fuzz-${unique()}`,
  };
  // The public signing page ({token}): a document link of the fuzz trainee with optional fields
  // only, so the baseline submit (empty values and signatures) signs it and /signed then answers.
  const signing = await createSigningLink(t, {
    owner,
    fields: [boxed("city", "text"), boxed("sig", "signature")],
    fieldValues: {},
  });
  Object.assign(fixtures.ids, { sign: signing.token });
  BASELINE_BODIES["POST /v1/public/sign/{token}"] = { values: {}, signatures: {} };
  // Trainee logging: a nutrition plan with a meal (the plan-day meal route's {mealId}), a past
  // day ({date}), a workout log and a meal log of the fuzz trainee; a meal log needs content.
  await t.deps.database.db.insert(programs).values({
    studioId: studio.id,
    clientId: client.id,
    type: "NUTRITION",
    name: "Fuzz meals",
    content: { days: [{ id: "nd1", meals: [{ id: "fuzz-meal", items: [{ id: "fuzz-item" }] }] }] },
  });
  const workoutLog = await tracking("/v1/trainee/workout-logs", {});
  const mealLog = await tracking("/v1/trainee/meal-logs", { note: "fuzz" });
  Object.assign(fixtures.ids, {
    days: "2024-01-15",
    // the coach nutrition day detail's {date} (GET /v1/web/clients/{id}/tracking/nutrition/{date})
    nutrition: "2024-01-15",
    meals: "fuzz-meal",
    "workout-logs": workoutLog.id,
    "meal-logs": mealLog.id,
  });
  BASELINE_BODIES["POST /v1/trainee/meal-logs"] = { note: "fuzz" };
  // App release (issue 29): versions are x.y.z, a pattern the sampler does not produce.
  BASELINE_QUERIES["GET /v1/trainee/app-release"] = [
    ["platform", "ios"],
    ["version", "1.2.3"],
  ];
  BASELINE_BODIES["PUT /v1/admin/app-releases/{platform}"] = {
    minimumVersion: "1.0.0",
    latestVersion: "1.2.0",
    storeUrl: "https://apps.apple.com/app/id1",
  };
  // The studio's WhatsApp webhook (/v1/whatsapp/webhook/{studioId}): the fuzz studio.
  Object.assign(fixtures.ids, { webhook: studio.id });
});
afterAll(async () => {
  await t?.close();
  await chat?.close();
});

// ---- the OpenAPI document ----

/** The schema without its null alternative. */
const nonNull = (schema: Json | undefined): Json => nonNullIn(doc, schema);

/** The formats a string schema carries, alternatives included (date-or-date-time fields). */
function formatsOf(schema: Json): string[] {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) return alternatives.flatMap((a) => formatsOf(nonNull(a)));
  return schema.format ? [schema.format] : [];
}

function kindOf(schema: Json): "string" | "integer" | "number" | "boolean" | "array" | "object" | "other" {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives?.length) {
    // Alternatives of different kinds (the automation lane's string-tolerant fields: a number
    // or a numeric string, blank or a value) leave the kind open: no 5xx is all that is asked.
    const kinds = new Set(alternatives.map((a) => kindOf(nonNull(a))));
    return kinds.size === 1 ? [...kinds][0]! : "other";
  }
  if (schema.enum || schema.const !== undefined) return "string";
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "string" || type === "integer" || type === "number" || type === "boolean") return type;
  if (type === "array" || schema.items) return "array";
  if (type === "object" || schema.properties) return "object";
  return "other";
}

// ---- valid samples (so that one bad field is the only thing wrong) ----

function samplePhone(): string {
  return `+9725${String(20_000_000 + Math.floor(Math.random() * 70_000_000))}`;
}

const PATTERN_CANDIDATES = ["#336699", "08:00", "fuzz"];
/** Resource collections (the path segment before `{id}`) by the word before "Id" in a field name. */
const ID_FIELDS: Record<string, string> = {
  coach: "coaches",
  trainee: "clients",
  client: "clients",
  status: "statuses",
  lead: "leads",
  task: "tasks",
  content: "content",
  category: "categories",
  tag: "tags",
  response: "form-responses",
  plan: "plans",
  subscription: "subscriptions",
  form: "forms",
  template: "program-templates",
  food: "foods",
};

function sampleString(name: string, schema: Json): string {
  const idOf = /([A-Za-z][a-z]*)Ids?$/.exec(name)?.[1]?.toLowerCase();
  const existing = idOf ? fixtures.ids[ID_FIELDS[idOf] ?? ""] : undefined;
  if (existing) return existing;
  const formats = formatsOf(schema);
  if (formats.includes("date-time")) return "2030-01-15T10:00:00Z";
  if (formats.includes("date")) return "2030-01-15";
  if (formats.includes("email")) return `fuzz${unique()}@example.com`;
  if (formats.includes("uri") || formats.includes("url")) return "https://example.com/fuzz.png";
  const lower = name.toLowerCase();
  if (lower === "targeturl") return "https://hooks.example.com/fuzz";
  if (lower.includes("phone")) return samplePhone();
  if (lower.includes("timezone")) return "Asia/Jerusalem";
  if (lower.includes("locale")) return "he-IL";
  if (lower.includes("color")) return "#336699";
  if (lower === "time" || lower.endsWith("time")) return "08:00";
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const hit = PATTERN_CANDIDATES.find((c) => pattern.test(c));
    if (hit) return hit;
  }
  const min = Number(schema.minLength ?? 1);
  return `fuzz${unique()}`.padEnd(min, "z");
}

function sample(name: string, raw: Json | undefined): unknown {
  const schema = nonNull(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives?.length) return sample(name, alternatives[0]);
  switch (kindOf(schema)) {
    case "string":
      return sampleString(name, schema);
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(1, min), schema.maximum ?? 1);
    }
    case "boolean":
      return true;
    case "array": {
      const count = Number(schema.minItems ?? 0);
      return Array.from({ length: count }, () => sample(name, schema.items));
    }
    case "object":
      return sampleObject(schema);
    default:
      return "fuzz";
  }
}

function sampleObject(raw: Json | undefined): Json {
  const schema = nonNull(raw);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  const object = alternatives?.length ? nonNull(alternatives[0]) : schema;
  const out: Json = {};
  for (const key of (object.required ?? []) as string[]) out[key] = sample(key, object.properties?.[key]);
  return out;
}

// ---- bad values ----

/** One bad value: its label, the value, and whether the document's own bounds exclude it. */
type Bad = [label: string, value: unknown, mustRefuse: boolean];

/** Whether a number lies inside the bounds the schema states (integers: also the safe range). */
function withinStated(value: number, schema: Json, integer: boolean): boolean {
  if (!Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) return false;
  if (schema.minimum !== undefined && value < schema.minimum) return false;
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
  if (schema.maximum !== undefined && value > schema.maximum) return false;
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  return true;
}

/**
 * Bad values for one field. A value outside what the document states for the field must be
 * refused; one inside it (an int4 overflow in a field documented up to 2^53, say) may be
 * accepted, but never with a 5xx. Objects and arrays are walked into.
 */
function badValues(name: string, raw: Json | undefined, where: Location): Bad[] {
  const schema = nonNull(raw);
  const kind = kindOf(schema);
  const numeric = kind === "integer" || kind === "number";
  const out: Bad[] = [];
  const tooLong = (length: number) => schema.maxLength === undefined || length > schema.maxLength;
  if (where !== "body") {
    // Query and path values are strings on the wire.
    out.push(["NUL", NUL, true], ["8 KB string", LONG_URL_VALUE, tooLong(LONG_URL_VALUE.length)]);
    if (numeric)
      for (const value of ["2147483648", "-2147483649", "1e20", "999999999999999999999"])
        out.push([`number ${value}`, value, !withinStated(Number(value), schema, kind === "integer")]);
    for (const value of dateClasses(schema)) out.push([`date ${value}`, value, true]);
    return out;
  }
  switch (kind) {
    case "string":
      out.push(
        ["NUL", NUL, true],
        // One character over the stated bound (the boundary itself); 1 MB when none is stated or
        // the bound is larger (a body past the route's byte limit may be cut off mid-send).
        schema.maxLength === undefined || schema.maxLength >= ONE_MB.length
          ? ["1 MB string", ONE_MB, tooLong(ONE_MB.length)]
          : [`${schema.maxLength + 1}-character string`, "x".repeat(schema.maxLength + 1), true],
        ["number for string", 12345, true],
        ["object for string", {}, true],
      );
      for (const value of dateClasses(schema)) out.push([`date ${value}`, value, true]);
      break;
    case "integer":
    case "number":
      for (const value of kind === "integer" ? INT_CLASSES : NUMBER_CLASSES)
        out.push([
          `${kind} ${String(value)}`,
          value,
          typeof value !== "number" || !withinStated(value, schema, kind === "integer"),
        ]);
      break;
    case "boolean":
      out.push(["string for boolean", "true", true], ["NUL for boolean", NUL, true]);
      break;
    case "array": {
      out.push(["string for array", NUL, true], ["object for array", {}, true]);
      for (const [label, value, must] of badValues(`${name}[]`, schema.items, "body"))
        out.push([`[${label}]`, [value], must]);
      break;
    }
    case "object": {
      out.push(["string for object", NUL, true], ["array for object", [NUL], true]);
      const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
      const object = alternatives?.length ? nonNull(alternatives[0]) : schema;
      const base = sampleObject(object);
      for (const [key, child] of Object.entries((object.properties ?? {}) as Json))
        for (const [label, value, must] of badValues(key, child, "body"))
          out.push([`.${key} ${label}`, { ...base, [key]: value }, must]);
      break;
    }
    default:
      // A schema the document leaves open: no 5xx, whatever it does with the value.
      out.push(["NUL", NUL, false], ["1 MB string", ONE_MB, false], ["int4 + 1", 2_147_483_648, false]);
  }
  return out;
}

function dateClasses(schema: Json): string[] {
  const formats = formatsOf(schema);
  return [
    ...(formats.includes("date") ? DATE_CLASSES : []),
    ...(formats.includes("date-time") ? DATE_TIME_CLASSES : []),
  ];
}

// ---- cases from the document ----

interface Operation {
  method: string;
  template: string;
  lane: LaneName | undefined;
  params: { name: string; in: "path" | "query"; schema: Json; required: boolean }[];
  body?: Json;
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const content = op.requestBody?.content as Json | undefined;
      // JSON routes only: a body of another media type (uploads, forms) is not fuzzed here.
      if (content && !content["application/json"]) continue;
      // The model-tool endpoint speaks JSON-RPC (MCP), not the lane's envelope: mcp-tools.test.ts.
      if (op["x-model-context-protocol"]) continue;
      // Header parameters (the lane's credentials and user context) are the sender's business.
      const params = ((op.parameters ?? []) as Json[])
        .map((p) => (p.$ref ? doc.components?.parameters?.[String(p.$ref).split("/").pop()!] : p) as Json)
        .filter((p) => p?.in === "path" || p?.in === "query")
        .map((p) => ({ name: p.name, in: p.in, schema: p.schema ?? {}, required: Boolean(p.required) }));
      out.push({
        method: method.toUpperCase(),
        template,
        lane: laneOfPath(template.replace(/\{\w+\}/g, "x")),
        params,
        body: content?.["application/json"]?.schema,
      });
    }
  }
  return out;
}

/** A valid value for a path parameter: an existing resource, or the schema's first enum value. */
function validPathValue(op: Operation, name: string, schema: Json): string {
  const s = nonNull(schema);
  if (s.enum) return String(s.enum[0]);
  const segments = op.template.split("/");
  const before = segments[segments.indexOf(`{${name}}`) - 1] ?? "";
  return PATH_IDS[`${op.method} ${op.template}`] ?? fixtures.ids[before] ?? "fuzz-missing-id";
}

/** Routes whose path id is not the collection's fixture (an override takes a system food). */
const PATH_IDS: Record<string, string> = { "PUT /v1/web/foods/{id}/override": "sysfood-tomato" };

/** Valid bodies the schema alone cannot sample (a rule across optional fields). */
const BASELINE_BODIES: Record<string, Json> = {
  // text or link is required.
  "POST /v1/web/content/generate-recipe": { text: "fuzz recipe: 2 eggs, fry them" },
};
/** Valid queries the schema alone cannot sample (to after from); filled in beforeAll. */
const BASELINE_QUERIES: Record<string, [string, string][]> = {};

function casesFor(op: Operation): Case[] {
  const pathValues = Object.fromEntries(
    op.params.filter((p) => p.in === "path").map((p) => [p.name, validPathValue(op, p.name, p.schema)]),
  );
  const baseQuery = (): [string, string][] =>
    BASELINE_QUERIES[`${op.method} ${op.template}`] ??
    op.params
      .filter((p) => p.in === "query" && p.required)
      .map((p) => [p.name, String(sample(p.name, p.schema))]);
  const bodySchema = op.body ? nonNull(op.body) : undefined;
  const baseBody = () =>
    BASELINE_BODIES[`${op.method} ${op.template}`] ?? (bodySchema ? sampleObject(bodySchema) : undefined);
  const build = (
    label: string,
    mustRefuse: boolean,
    path: Record<string, string>,
    query = baseQuery(),
    body = baseBody(),
  ): Case => ({
    label: `${op.method} ${op.template} ${label}`,
    baseline: label === "baseline",
    mustRefuse,
    method: op.method,
    path: op.template.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(path[n] ?? "")),
    query,
    body,
  });

  const cases: Case[] = [];
  for (const p of op.params) {
    for (const [label, value, must] of badValues(p.name, p.schema, p.in)) {
      if (p.in === "path")
        cases.push(build(`path ${p.name}: ${label}`, must, { ...pathValues, [p.name]: String(value) }));
      else
        cases.push(
          build(`query ${p.name}: ${label}`, must, pathValues, [
            ...baseQuery().filter(([k]) => k !== p.name),
            [p.name, String(value)],
          ]),
        );
    }
  }
  if (bodySchema) {
    for (const [key, child] of Object.entries((bodySchema.properties ?? {}) as Json))
      for (const [label, value, must] of badValues(key, child, "body"))
        cases.push(
          build(`body ${key}: ${label}`, must, pathValues, baseQuery(), { ...baseBody(), [key]: value }),
        );
    for (const rawBody of ["[1]", '"text"', "{", "null"])
      cases.push({ ...build(`raw body ${rawBody}`, true, pathValues), rawBody });
  }
  // A DELETE's valid input removes the fixture its bad inputs address: send it last.
  const baseline = build("baseline", false, pathValues);
  return op.method === "DELETE" ? [...cases, baseline] : [baseline, ...cases];
}

// ---- sending with the lane's credentials ----

async function send(lane: LaneName | undefined, c: Case): Promise<Answer> {
  const qs = c.query.length
    ? `?${c.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`
    : "";
  const path = c.path + qs;
  const text = c.rawBody ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
  switch (lane) {
    case "web":
      // t.web serializes its body argument: a raw body is passed through as parsed JSON
      // would be, so send raw ones through the generic signed path below.
      if (c.rawBody === undefined) return t.web(c.method, path, owner, c.body);
      return signedRaw(c.method, path, text!, true);
    case "internal":
    case "admin":
      if (c.rawBody === undefined) return adminRequest(t, c.method, path, c.body);
      return signedRaw(c.method, path, text!, false);
    case "trainee":
      return t.request(c.method, path, {
        headers: { authorization: `Bearer ${fixtures.traineeToken}`, ...jsonHeader(text) },
        body: text,
      });
    case "automation":
    case "partner":
      return t.request(c.method, path, {
        headers: { "x-api-key": fixtures.apiKey, ...jsonHeader(text) },
        body: text,
      });
    case "bearer":
      return t.request(c.method, path, {
        headers: {
          authorization: `Bearer ${fixtures.bearerToken}`,
          ...bearerReplayHeaders(),
          ...jsonHeader(text),
        },
        body: text,
      });
    case "public":
      return t.request(c.method, path, { headers: jsonHeader(text), body: text });
    case "webhook":
      return t.request(c.method, `${path}${qs ? "&" : "?"}token=${FUZZ_WEBHOOK_SECRET}`, {
        headers: jsonHeader(text),
        body: text,
      });
    case "payments": {
      paymentsDelivery += 1;
      const signed = signStandardWebhook({
        secret: FUZZ_PAYMENTS_SECRET,
        id: `fuzz_${paymentsDelivery}`,
        timestampSec: Math.floor(Date.now() / 1000),
        body: text ?? "",
      });
      return t.request(c.method, path, { headers: { ...signed, ...jsonHeader(text) }, body: text });
    }
    default:
      throw new Error(`no credentials known for the ${lane} lane (${c.label}): teach input-fuzz.test.ts`);
  }
}

const jsonHeader = (text: string | undefined): Record<string, string> =>
  text === undefined ? {} : { "content-type": "application/json" };

async function signedRaw(method: string, path: string, body: string, withUser: boolean): Promise<Answer> {
  const headers = {
    ...signServiceRequest({
      secret: t.config.serviceAuthSecret,
      serviceId: "web-app",
      method,
      pathWithQuery: path,
      body,
    }),
    ...(withUser ? userHeaders(owner) : {}),
    "content-type": "application/json",
  };
  return t.request(method, path, { headers, body });
}

function envelopeProblem(path: string, res: Answer): string | undefined {
  if (res.status >= 500) return `answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
  // 204 No Content (deletes of document 2) carries no body at all.
  if (res.status === 204) return res.body === "" ? undefined : "answered 204 with a body";
  const automation = envelopeStyleFor(path.split("?")[0]!) === "automation";
  const body = res.body;
  // The signing page: bare JSON or PDF bytes; errors {error, code}, a miss {error} only.
  if (envelopeStyleFor(path.split("?")[0]!) === "signing") {
    if (res.status < 400) return undefined;
    if (res.status === 404)
      return JSON.stringify(body) === JSON.stringify({ error: body?.error })
        ? undefined
        : "a signing miss with more than error";
    return typeof body?.error === "string" && typeof body?.code === "string"
      ? undefined
      : `signing error without {error, code}: ${JSON.stringify(body).slice(0, 200)}`;
  }
  if (typeof body !== "object" || body === null) return `answered a non-JSON body (${res.status})`;
  // The waitlist answers its data bare (no envelope); its errors keep the standard envelope.
  if (res.status < 400 && envelopeStyleFor(path.split("?")[0]!) === "public-bare") return undefined;
  if (res.status < 400) {
    return (automation ? body.success === true : body.ok === true)
      ? undefined
      : `success without the envelope`;
  }
  if (automation) {
    return body.success === false && typeof body.message === "string"
      ? undefined
      : `error without the automation envelope: ${JSON.stringify(body).slice(0, 200)}`;
  }
  return body.ok === false &&
    typeof body.code === "string" &&
    typeof body.message === "string" &&
    typeof body.requestId === "string"
    ? undefined
    : `error without the envelope: ${JSON.stringify(body).slice(0, 200)}`;
}

/** Runs cases a few at a time (requests of one route only, in order of the document). */
async function runPool<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** Input string schemas (parameters and body, nested ones included) that declare no length bound. */
function unboundedStrings(op: Operation): string[] {
  const out: string[] = [];
  const walk = (where: string, raw: Json | undefined, depth: number) => {
    const schema = nonNull(raw);
    if (depth > 8) return;
    const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (alternatives) return alternatives.forEach((a, i) => walk(`${where}|${i}`, a, depth + 1));
    if (schema.enum || schema.const !== undefined) return;
    const kind = kindOf(schema);
    if (kind === "string") {
      const bounded =
        schema.maxLength !== undefined || ["date", "date-time"].some((f) => formatsOf(schema).includes(f));
      if (!bounded) out.push(`${op.method} ${op.template} ${where}`);
    } else if (kind === "array") walk(`${where}[]`, schema.items, depth + 1);
    else if (kind === "object")
      for (const [key, child] of Object.entries((schema.properties ?? {}) as Json))
        walk(`${where}.${key}`, child, depth + 1);
  };
  for (const p of op.params) walk(`${p.in} ${p.name}`, p.schema, 0);
  if (op.body) walk("body", op.body, 0);
  return out;
}

describe("bad input never answers 5xx (every JSON route of the OpenAPI document)", () => {
  it("every string an operation takes declares its length bound in the document", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.flatMap(unboundedStrings)).toEqual([]);
  });

  it("NUL, 1 MB strings, wrong types, out-of-range integers and dates are refused with the lane's envelope", async () => {
    const ops = operations();
    // Destructive routes last, so the fixtures the others address still exist; among them
    // the other lanes first, since web deletes remove the trainee and the API key they use.
    // Account deletion (DELETE /v1/trainee/me) after the trainee's other deletes, before the web ones.
    const rank = (op: Operation) =>
      op.method !== "DELETE"
        ? 0
        : op.lane === "web" || op.lane === "bearer"
          ? 2
          : op.template === "/v1/trainee/me"
            ? 1.5
            : 1;
    ops.sort((a, b) => rank(a) - rank(b));
    const lanes = new Set(ops.map((op) => op.lane));
    for (const lane of ["web", "trainee", "automation", "admin"] as const)
      expect(lanes.has(lane), `the document has ${lane} routes`).toBe(true);

    const problems: string[] = [];
    const badBaselines: string[] = [];
    const accepted: string[] = [];
    const fiveHundreds: string[] = [];
    let sent = 0;
    for (const op of ops) {
      await runPool(casesFor(op), 4, async (c) => {
        const res = await send(op.lane, c);
        sent += 1;
        if (res.status >= 500) fiveHundreds.push(`${c.label} → ${res.status}`);
        const problem = envelopeProblem(c.path, res);
        if (problem) problems.push(`${c.label}: ${problem}`);
        // The valid input proves the lane's credentials and the generated sample are right,
        // so each bad value below is the only thing wrong with its request.
        if (c.baseline && [400, 401, 422].includes(res.status))
          badBaselines.push(`${c.label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        if (c.mustRefuse && res.status < 400) accepted.push(`${c.label} → ${res.status}`);
      });
    }
    const summary =
      `input fuzz: ${sent} requests over ${ops.length} operations; ${fiveHundreds.length} answered 5xx; ` +
      `${accepted.length} bad values outside the documented bounds were accepted`;
    if (fiveHundreds.length || accepted.length) console.warn([summary, ...accepted].join("\n"));
    expect(sent).toBeGreaterThan(ops.length * 3);
    expect(badBaselines).toEqual([]);
    expect(problems, summary).toEqual([]);
    expect(accepted, summary).toEqual([]);
  }, 120_000);
});
