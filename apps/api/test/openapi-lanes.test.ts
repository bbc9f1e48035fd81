import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_HTTP_STATUS, type ErrorCode } from "@studio/contracts";
import { signServiceRequest, signStandardWebhook } from "@studio/auth";
import { traineeAppProcedure } from "../src/procedures/trainee-app-access";
import { laneOfPath } from "../src/lanes/lane-of-path";
import { buildOpenApiDocument } from "../src/openapi";
import { RouteTable } from "../src/rest/route-table";
import { envelopeStyleFor } from "../src/rest/envelope";
import { appRouter } from "../src/router";
import { RAW_ROUTES, type RawRoute } from "../src/raw";
import { apiKeyProcedure, internalProcedure, publicProcedure, router, traineeProcedure } from "../src/trpc";
import { newOwner, startTestApp, userHeaders, type TestApp } from "./support/harness";
import { bearerReplayHeaders, insertSignInSession } from "./support/sign-in-sessions";

/**
 * Issue 9 item 9: the OpenAPI document tells the truth about each lane's credential and
 * headers and about the errors each operation can answer. The first part reads the document;
 * the last part sends real requests to every route and checks each answer is documented.
 */

type Json = Record<string, any>;
const build = (r: Parameters<typeof buildOpenApiDocument>[0], raw: readonly RawRoute[] = []) =>
  JSON.parse(JSON.stringify(buildOpenApiDocument(r, RouteTable.fromRouter(r).routes, "/", raw))) as Json;

const doc = build(appRouter, RAW_ROUTES);
const SIGNATURE = ["serviceId", "serviceTimestamp", "serviceNonce", "serviceSignature"];

function operations(d: Json): { method: string; path: string; op: Json }[] {
  return Object.entries(d.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      // The model-tool endpoint speaks JSON-RPC (MCP), not a lane envelope: mcp-tools.test.ts.
      .filter(([, op]) => !(op as Json)["x-model-context-protocol"])
      .map(([method, op]) => ({ method, path, op: op as Json })),
  );
}
const laneOf = (path: string) => laneOfPath(path.replace(/\{\w+\}/g, "x"));
const deref = (d: Json, node: Json): Json => {
  let n = node;
  for (let i = 0; typeof n?.$ref === "string" && i < 5; i++) {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(n.$ref)!;
    n = d.components[kind!][name!];
  }
  return n;
};
const errorStatuses = (op: Json) => Object.keys(op.responses).filter((s) => Number(s) >= 400);
const codesAt = (d: Json, op: Json, status: string): string[] =>
  deref(d, op.responses[status].content["application/json"].schema).properties.code.enum;
const headerNames = (d: Json, op: Json) =>
  ((op.parameters ?? []) as Json[]).map((p) => deref(d, p)).filter((p) => p.in === "header");

describe("security: each lane lists only its own credential", () => {
  it("the service-signature schemes are the four x-service-* headers, each described", () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.serviceId).toMatchObject({ type: "apiKey", in: "header", name: "x-service-id" });
    expect(schemes.serviceTimestamp).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-service-timestamp",
    });
    expect(schemes.serviceNonce).toMatchObject({ type: "apiKey", in: "header", name: "x-service-nonce" });
    expect(schemes.serviceSignature).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-service-signature",
    });
    expect(schemes.traineeToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "x-api-key" });
    expect(schemes.apiKeyBearer).toMatchObject({ type: "http", scheme: "bearer" });
    for (const [name, scheme] of Object.entries(schemes as Json))
      expect((scheme as Json).description, name).toMatch(/\w{10}/);
    expect(schemes.serviceSignature.description).toContain("HMAC-SHA256");
  });

  it("web, internal and admin: all four signature headers together; trainee: the token; partner and automation: the API key; public (trainee sign-in): none", () => {
    const expected: Record<string, Json[]> = {
      public: [],
      web: [Object.fromEntries(SIGNATURE.map((s) => [s, []]))],
      internal: [Object.fromEntries(SIGNATURE.map((s) => [s, []]))],
      admin: [Object.fromEntries(SIGNATURE.map((s) => [s, []]))],
      trainee: [{ traineeToken: [] }],
      partner: [{ apiKey: [] }, { apiKeyBearer: [] }],
      automation: [{ apiKey: [] }, { apiKeyBearer: [] }],
      webhook: [{ webhookToken: [] }],
      bearer: [{ sessionBearer: [] }],
      payments: [{ webhookId: [], webhookTimestamp: [], webhookSignature: [] }],
    };
    const seen = new Set<string>();
    for (const { method, path, op } of operations(doc)) {
      const lane = laneOf(path)!;
      seen.add(lane);
      // The signing page: the token in the path, or the web app server's signature (document 1).
      const want = path.startsWith("/v1/public/sign/")
        ? [{}, Object.fromEntries(SIGNATURE.map((s) => [s, []]))]
        : expected[lane];
      expect(op.security, `${method} ${path}`).toEqual(want);
    }
    expect([...seen].sort()).toEqual([
      "admin",
      "automation",
      "bearer",
      "payments",
      "public",
      "trainee",
      "web",
      "webhook",
    ]);
    // Trainee sign-in needs no token yet: its paths are public.
    expect(laneOf("/v1/trainee/auth/request-code")).toBe("public");
    expect(doc.paths["/v1/trainee/auth/verify-code"].post.security).toEqual([]);
  });

  it("the web lane's user context headers are parameters of every web operation, and only there", () => {
    for (const { method, path, op } of operations(doc)) {
      const headers = headerNames(doc, op);
      const names = headers.map((h) => h.name);
      if (laneOf(path) !== "web") {
        expect(names, `${method} ${path}`).not.toContain("x-studio-id");
        continue;
      }
      expect(names, `${method} ${path}`).toEqual([
        "x-studio-id",
        "x-user-id",
        "x-user-role",
        "x-user-name",
        "x-user-email",
        "x-studio-slug",
        "x-studio-name",
      ]);
      const byName = Object.fromEntries(headers.map((h) => [h.name, h]));
      expect(byName["x-studio-id"].required).toBe(true);
      expect(byName["x-user-id"].required).toBe(true);
      expect(byName["x-user-role"].required).toBe(false);
      expect(byName["x-user-role"].schema.enum).toEqual(["OWNER", "HEAD_COACH", "SUB_COACH"]);
    }
    const me = doc.paths["/v1/trainee/me"].get;
    expect(headerNames(doc, me).map((h) => h.name)).toEqual(["x-timezone"]);
  });
});

describe("errors: one response per status, with the lane's body and the codes of that status", () => {
  it("no catch-all `default`; every standard error body has code as an enum of codes answered with that status", () => {
    for (const { method, path, op } of operations(doc)) {
      expect(op.responses.default, `${method} ${path}`).toBeUndefined();
      for (const status of errorStatuses(op)) {
        const media = op.responses[status].content["application/json"];
        const where = `${method} ${path} ${status}`;
        expect(op.responses[status].description.length, where).toBeGreaterThan(10);
        if (laneOf(path) === "automation") {
          expect(media.schema.$ref, where).toBe("#/components/schemas/AutomationErrorBody");
          continue;
        }
        if (envelopeStyleFor(path) === "signing") {
          // The signing page: {error, code, details?}; a miss is {error} only (document 3).
          const body = status === "404" ? "SigningMissBody" : "SigningErrorBody";
          expect(media.schema.$ref, where).toBe(`#/components/schemas/${body}`);
          for (const example of Object.values(media.examples as Json))
            expect(Object.keys(example.value).slice(0, status === "404" ? 1 : 2), where).toEqual(
              status === "404" ? ["error"] : ["error", "code"],
            );
          continue;
        }
        const schema = deref(doc, media.schema);
        expect(schema.required, where).toEqual(["ok", "code", "message", "requestId"]);
        expect(schema.properties.ok, where).toEqual({ type: "boolean", const: false });
        const codes = schema.properties.code.enum as ErrorCode[];
        expect(codes.length, where).toBeGreaterThan(0);
        for (const code of codes) {
          const wireStatus =
            status === "413" && code === "BAD_REQUEST"
              ? 413
              : code === "VALIDATION" && envelopeStyleFor(path).startsWith("public-")
                ? 400
                : ERROR_HTTP_STATUS[code];
          expect(wireStatus, `${where} ${code}`).toBe(Number(status));
        }
        // The examples are bodies of this schema.
        for (const example of Object.values(media.examples as Json)) {
          expect(codes, where).toContain(example.value.code);
          expect(Object.keys(example.value), where).toEqual(expect.arrayContaining(schema.required));
        }
      }
    }
  });

  const statuses = (method: string, path: string) => Object.keys(doc.paths[path][method].responses);
  it.each([
    // web: 401 and 403 always, 404 for an id in the path, 400/413/409 for writes, 422 with input
    ["get", "/v1/web/studio", ["200", "401", "403", "429", "500", "503"]],
    ["get", "/v1/web/crm/leads/{id}", ["200", "401", "403", "404", "422", "429", "500", "503"]],
    ["post", "/v1/web/crm/leads", ["201", "400", "401", "403", "409", "413", "422", "429", "500", "503"]],
    // an enum path parameter is not an id: a bad type is VALIDATION, not NOT_FOUND
    [
      "patch",
      "/v1/web/notification-configs/{type}",
      ["200", "400", "401", "403", "409", "413", "422", "429", "500", "503"],
    ],
    // admin: signature only, no role, no 403
    [
      "patch",
      "/v1/admin/notification-configs/{type}",
      ["200", "400", "401", "413", "422", "429", "500", "503"],
    ],
    ["get", "/v1/admin/notification-configs", ["200", "401", "429", "500", "503"]],
    // trainee: 404 when the token's trainee is gone; writes 403 for preview sessions
    ["get", "/v1/trainee/me", ["200", "401", "404", "429", "500", "503"]],
    [
      "patch",
      "/v1/trainee/notification-preferences",
      ["200", "400", "401", "403", "404", "413", "422", "429", "500", "503"],
    ],
    ["get", "/v1/automation/validate", ["200", "401", "429", "500", "503"]],
  ])("%s %s answers %j", (method, path, expected) => {
    expect(statuses(method, path)).toEqual(expected);
  });

  it("a trainee write documents PREVIEW_READ_ONLY; web 403 names the dismissed-member rule; 429 carries retry-after", () => {
    const patch = doc.paths["/v1/trainee/notification-preferences"].patch.responses;
    expect(patch["403"].description).toContain("PREVIEW_READ_ONLY");
    expect(codesAt(doc, doc.paths["/v1/trainee/notification-preferences"].patch, "403")).toEqual([
      "FORBIDDEN",
    ]);
    expect(doc.paths["/v1/web/studio"].get.responses["403"].description).toContain(
      "this team member has been removed",
    );
    const limited = doc.paths["/v1/web/studio"].get.responses["429"];
    expect(deref(doc, limited.headers["retry-after"]).schema.type).toBe("string");
    expect(deref(doc, limited.headers["x-request-id"]).schema.type).toBe("string");
  });
});

describe("rules for lanes and guards the route table does not exercise yet", () => {
  const out = z.object({ ok: z.boolean() });
  const idInput = z.object({ id: z.string().min(1), name: z.string().optional() });
  const testRouter = router({
    partnerCreate: apiKeyProcedure
      .meta({ openapi: { method: "POST", path: "/v1/partner/trainees", tags: ["trainees"], summary: "p" } })
      .input(z.object({ name: z.string() }))
      .output(out)
      .mutation(() => ({ ok: true })),
    automationGet: apiKeyProcedure
      .meta({
        openapi: { method: "GET", path: "/v1/automation/trainees/{id}", tags: ["trainees"], summary: "a" },
      })
      .input(idInput.pick({ id: true }))
      .output(out)
      .query(() => ({ ok: true })),
    automationCreate: apiKeyProcedure
      .meta({
        openapi: { method: "POST", path: "/v1/automation/trainees", tags: ["trainees"], summary: "c" },
      })
      .input(z.object({ phone: z.string() }))
      .output(out)
      .mutation(() => ({ ok: true })),
    lockedRead: traineeAppProcedure
      .meta({ openapi: { method: "GET", path: "/v1/trainee/plans", tags: ["plans"], summary: "l" } })
      .input(z.object({}))
      .output(out)
      .query(() => ({ ok: true })),
    lockedWrite: traineeAppProcedure
      .meta({
        openapi: { method: "POST", path: "/v1/trainee/plans/{id}/done", tags: ["plans"], summary: "w" },
      })
      .input(idInput)
      .output(out)
      .mutation(() => ({ ok: true })),
    unlockedRead: traineeProcedure
      .meta({ openapi: { method: "GET", path: "/v1/trainee/app-release", tags: ["app"], summary: "u" } })
      .input(z.object({}))
      .output(out)
      .query(() => ({ ok: true })),
    internal: internalProcedure
      .meta({
        openapi: {
          method: "POST",
          path: "/v1/internal/studios",
          tags: ["studios"],
          summary: "i",
          errorResponses: {
            404: "the organization named in the body does not exist",
            409: "the slug is taken",
          },
        },
      })
      .input(z.object({ organizationId: z.string() }))
      .output(out)
      .mutation(() => ({ ok: true })),
    onboarding: publicProcedure
      .meta({
        openapi: {
          method: "POST",
          path: "/v1/public/onboarding/request-otp",
          tags: ["onboarding"],
          summary: "o",
        },
      })
      .input(z.object({ phone: z.string() }))
      .output(out)
      .mutation(() => ({ ok: true })),
    waitlist: publicProcedure
      .meta({
        openapi: { method: "GET", path: "/v1/public/waitlist-leads", tags: ["waitlist"], summary: "w" },
      })
      .input(z.object({}))
      .output(out)
      .query(() => ({ ok: true })),
    sign: publicProcedure
      .meta({ openapi: { method: "GET", path: "/v1/public/sign/{token}", tags: ["signing"], summary: "s" } })
      .input(z.object({ token: z.string() }))
      .output(out)
      .query(() => ({ ok: true })),
    webhook: publicProcedure
      .meta({ openapi: { method: "POST", path: "/v1/agent/webhook", tags: ["agent"], summary: "h" } })
      .input(z.object({ text: z.string() }))
      .output(out)
      .mutation(() => ({ ok: true })),
    bearer: publicProcedure
      .meta({ openapi: { method: "GET", path: "/v1/studios/current", tags: ["studios"], summary: "b" } })
      .input(z.object({}))
      .output(out)
      .query(() => ({ ok: true })),
  });
  const d = build(testRouter);
  const op = (method: string, path: string) => d.paths[path][method];
  const keys = (method: string, path: string) => Object.keys(op(method, path).responses);

  it("requireTraineeAppAccess adds APP_LOCKED to 403; a write also keeps FORBIDDEN (preview); a route without the guard has none", () => {
    expect(codesAt(d, op("get", "/v1/trainee/plans"), "403")).toEqual(["APP_LOCKED"]);
    expect(codesAt(d, op("post", "/v1/trainee/plans/{id}/done"), "403")).toEqual(["FORBIDDEN", "APP_LOCKED"]);
    expect(d.components.schemas.ForbiddenOrAppLockedError.properties.code.enum).toEqual([
      "FORBIDDEN",
      "APP_LOCKED",
    ]);
    expect(keys("get", "/v1/trainee/app-release")).toEqual(["200", "401", "404", "429", "500", "503"]);
  });

  it("automation: its own error body; validation and not-found are 400, writes add 403 and 409", () => {
    expect(keys("get", "/v1/automation/trainees/{id}")).toEqual(["200", "400", "401", "429", "500", "503"]);
    expect(keys("post", "/v1/automation/trainees")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "409",
      "413",
      "429",
      "500",
      "503",
    ]);
    const ok = op("post", "/v1/automation/trainees").responses["200"].content["application/json"].schema;
    expect(ok.required).toEqual(["success", "message", "data"]);
    for (const status of errorStatuses(op("post", "/v1/automation/trainees")))
      expect(
        op("post", "/v1/automation/trainees").responses[status].content["application/json"].schema.$ref,
      ).toBe("#/components/schemas/AutomationErrorBody");
  });

  it("partner: the API key, the standard envelope; public: no credential, onboarding VALIDATION at 400, sign optionally signed", () => {
    expect(op("post", "/v1/partner/trainees").security).toEqual([{ apiKey: [] }, { apiKeyBearer: [] }]);
    expect(keys("post", "/v1/partner/trainees")).toEqual([
      "200",
      "400",
      "401",
      "403",
      "409",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    expect(op("get", "/v1/public/waitlist-leads").security).toEqual([]);
    expect(keys("get", "/v1/public/waitlist-leads")).toEqual(["200", "429", "500", "503"]);
    const onboarding = op("post", "/v1/public/onboarding/request-otp");
    expect(keys("post", "/v1/public/onboarding/request-otp")).toEqual([
      "200",
      "400",
      "413",
      "429",
      "500",
      "503",
    ]);
    expect(codesAt(d, onboarding, "400")).toEqual(["VALIDATION", "BAD_REQUEST"]);
    const sign = op("get", "/v1/public/sign/{token}");
    expect(sign.security).toEqual([{}, Object.fromEntries(SIGNATURE.map((s) => [s, []]))]);
    expect(keys("get", "/v1/public/sign/{token}")).toEqual(["200", "401", "404", "422", "429", "500", "503"]);
  });

  it("internal: the signature, no user headers; errorResponses in the route meta add statuses with their reason", () => {
    const internal = op("post", "/v1/internal/studios");
    expect(internal.security).toEqual([Object.fromEntries(SIGNATURE.map((s) => [s, []]))]);
    expect(headerNames(d, internal)).toEqual([]);
    expect(keys("post", "/v1/internal/studios")).toEqual([
      "200",
      "400",
      "401",
      "404",
      "409",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    expect(internal.responses["404"].description).toContain(
      "the organization named in the body does not exist",
    );
    expect(internal.responses["409"].description).toContain("the slug is taken");
  });

  it("webhook: the token query parameter; bearer: session token plus the replay headers, 400 when they are missing", () => {
    expect(op("post", "/v1/agent/webhook").security).toEqual([{ webhookToken: [] }]);
    expect(d.components.securitySchemes.webhookToken).toMatchObject({
      type: "apiKey",
      in: "query",
      name: "token",
    });
    const bearer = op("get", "/v1/studios/current");
    expect(bearer.security).toEqual([{ sessionBearer: [] }]);
    expect(headerNames(d, bearer).map((h) => [h.name, h.required])).toEqual([
      ["x-nonce", true],
      ["x-timestamp", true],
    ]);
    expect(keys("get", "/v1/studios/current")).toEqual(["200", "400", "401", "429", "500", "503"]);
  });

  it("tags are per domain, qualified by lane, declared with a description and grouped by lane in x-tagGroups", () => {
    for (const document of [doc, d]) {
      const declared = new Map((document.tags as Json[]).map((t) => [t.name, t]));
      const grouped = (document["x-tagGroups"] as Json[]).flatMap((g) => g.tags as string[]);
      expect(grouped.sort()).toEqual([...declared.keys()].sort());
      for (const { path, op: o } of operations(document)) {
        expect(o.tags).toHaveLength(1);
        const tag = declared.get(o.tags[0])!;
        expect(tag, o.tags[0]).toBeTruthy();
        expect(tag.description.length).toBeGreaterThan(10);
        expect(o.tags[0].startsWith(`${laneOf(path)}/`)).toBe(true);
      }
    }
    expect((doc["x-tagGroups"] as Json[]).map((g) => g.name)).toEqual([
      "Web gateway",
      "Admin",
      "Trainee app",
      "Automation",
      "Public",
      "Webhooks",
      "Bearer (unverified)",
      "Payments webhook",
    ]);
    expect(doc.tags.find((t: Json) => t.name === "web/crm")["x-displayName"]).toBe("CRM");
    expect((d["x-tagGroups"] as Json[]).map((g) => g.name)).toEqual([
      "Internal",
      "Trainee app",
      "Partner",
      "Automation",
      "Public",
      "Webhooks",
      "Bearer (unverified)",
    ]);
  });
});

describe("the wire matches the document: every route, every lane", () => {
  let t: TestApp;
  const owner = newOwner();
  let traineeToken = "";
  let apiKey = "";
  let bearerToken = "";
  const WIRE_WEBHOOK_SECRET = "wire-webhook-secret";
  const WIRE_PAYMENTS_SECRET = "wire-payments-secret";
  beforeAll(async () => {
    t = await startTestApp({
      database: "postgres",
      env: {
        BODY_LIMIT_BYTES: "4096",
        MEDIA_INLINE_BODY_LIMIT_BYTES: "4096",
        MEDIA_PART_BODY_LIMIT_BYTES: "4096",
        WEBHOOK_SECRET: WIRE_WEBHOOK_SECRET,
        PAYMENTS_WEBHOOK_SECRET: WIRE_PAYMENTS_SECRET,
      },
    });
    const studio = (await t.web("GET", "/v1/web/studio", owner)).body.data;
    const client = await t.web("POST", "/v1/web/clients", owner, { firstName: "Wire", phone: "0501234567" });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    traineeToken = t.traineeToken(client.body.data.id, studio.id);
    const key = await t.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "wire" });
    expect(key.status).toBe(201);
    apiKey = key.body.data.key;
    bearerToken = await insertSignInSession(t, { organizationId: owner.studioId!, role: "owner" });
  });
  afterAll(async () => t?.close());

  /** The path with its parameters filled: an enum's first value, else an id that does not exist. */
  function concrete(path: string, op: Json): string {
    return fill(path, op);
  }

  /** concrete() plus the webhook lane's credential, the token query parameter. */
  function credentialedPath(path: string, op: Json): string {
    const target = fill(path, op);
    return laneOf(path) === "webhook" ? `${target}?token=${WIRE_WEBHOOK_SECRET}` : target;
  }

  function fill(path: string, op: Json): string {
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const parameter = (op.parameters as Json[]).map((p) => deref(doc, p)).find((p) => p.name === name)!;
      const schema = deref(doc, parameter.schema);
      return encodeURIComponent(schema.enum ? String(schema.enum[0]) : "missing-id");
    });
  }

  function credentialed(method: string, path: string, body: string): Record<string, string> {
    const lane = laneOf(path);
    const json: Record<string, string> = body ? { "content-type": "application/json" } : {};
    if (lane === "web" || lane === "admin" || lane === "internal") {
      const signed = signServiceRequest({
        secret: t.config.serviceAuthSecret,
        serviceId: "web-app",
        method: method.toUpperCase(),
        pathWithQuery: path,
        body,
      });
      return { ...signed, ...(lane === "web" ? userHeaders(owner) : {}), ...json };
    }
    if (lane === "trainee") return { authorization: `Bearer ${traineeToken}`, ...json };
    if (lane === "partner" || lane === "automation") return { "x-api-key": apiKey, ...json };
    if (lane === "bearer")
      return { authorization: `Bearer ${bearerToken}`, ...bearerReplayHeaders(), ...json };
    if (lane === "payments") {
      const timestampSec = Math.floor(Date.now() / 1000);
      const id = `wire_${Math.random().toString(36).slice(2)}`;
      return { ...signStandardWebhook({ secret: WIRE_PAYMENTS_SECRET, id, timestampSec, body }), ...json };
    }
    return json;
  }

  /** The answer's status is documented, and its body is the documented body of that status. */
  function expectDocumented(where: string, op: Json, status: number, body: any, path: string) {
    const documented = Object.keys(op.responses);
    expect(documented, `${where} answered ${status}: ${JSON.stringify(body)}`).toContain(String(status));
    if (status < 400) return;
    if (laneOf(path) === "automation") {
      expect(body, where).toMatchObject({ success: false, message: expect.any(String) });
      return;
    }
    if (envelopeStyleFor(path) === "signing") {
      expect(body, where).toEqual(
        status === 404
          ? { error: expect.any(String) }
          : expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
      );
      return;
    }
    expect(codesAt(doc, op, String(status)), `${where} ${JSON.stringify(body)}`).toContain(body.code);
    expect(body, where).toMatchObject({
      ok: false,
      message: expect.any(String),
      requestId: expect.any(String),
    });
  }

  const all = operations(doc);

  it("without a credential: each lane's refusal is documented for every operation", async () => {
    for (const { method, path, op } of all) {
      const res = await t.request(method.toUpperCase(), concrete(path, op));
      // Public paths (trainee sign-in) take no credential: their answer is documented all the same.
      // The bearer lane checks replay protection first: without x-nonce/x-timestamp, 400 (document 1).
      if (laneOf(path) !== "public")
        expect(res.status, `${method} ${path}`).toBe(laneOf(path) === "bearer" ? 400 : 401);
      expectDocumented(`${method} ${path} (no credential)`, op, res.status, res.body, path);
    }
  });

  it("with the credential and an id that does not exist and an empty body: the answer is documented", async () => {
    for (const { method, path, op } of all) {
      const target = credentialedPath(path, op);
      const body = method === "get" ? "" : "{}";
      const headers = credentialed(method, target, body);
      const res = await t.request(method.toUpperCase(), target, { headers, body: body || undefined });
      expectDocumented(`${method} ${path} (empty input)`, op, res.status, res.body, path);
    }
  });

  it("writes: a body that is not JSON answers the documented 400, a body over the limit the documented 413", async () => {
    const writes = all.filter(({ method }) => method !== "get");
    expect(writes.length).toBeGreaterThan(20);
    for (const { method, path, op } of writes) {
      const target = credentialedPath(path, op);
      const broken = "{not json";
      const res = await t.request(method.toUpperCase(), target, {
        headers: credentialed(method, target, broken),
        body: broken,
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expectDocumented(`${method} ${path} (not JSON)`, op, res.status, res.body, path);
      // The signing submit's own 4 MB limit is proven in public-signing.test.ts, the payments
      // webhook's 256 KiB in payments-webhook.test.ts.
      if (envelopeStyleFor(path) === "signing" || laneOf(path) === "payments") continue;
      const big = JSON.stringify({ name: "x".repeat(8192) });
      const tooBig = await t.request(method.toUpperCase(), target, {
        headers: credentialed(method, target, big),
        body: big,
      });
      expect(tooBig.status, `${method} ${path}`).toBe(413);
      expectDocumented(`${method} ${path} (too large)`, op, tooBig.status, tooBig.body, path);
    }
  });
});
