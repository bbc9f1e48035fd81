import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiProtocolError,
  createAutomationClient,
  createTraineeClient,
  createWebClient,
  type WebUserContext,
} from "@studio/api-client";
import { API_CLIENT_DIR, writeClientFiles } from "../scripts/openapi-client-files";
import { newOwner, startTestApp, type TestApp } from "./support/harness";

/** The first line where two texts differ, for a readable failure on a 600 kB file. */
function firstDifference(actual: string, expected: string): string | undefined {
  if (actual === expected) return undefined;
  const a = actual.split("\n");
  const e = expected.split("\n");
  const line = a.findIndex((text, i) => text !== e[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(e[at])}, generated ${JSON.stringify(a[at])}`;
}

describe("the typed client's generated files", () => {
  it("are what `pnpm --filter @studio/api openapi:write` generates now (committed openapi.json and schema.ts are not stale)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "api-client-gen-"));
    try {
      const written = await writeClientFiles(dir);
      expect(written.map((file) => relative(dir, file)).sort()).toEqual([
        "openapi.json",
        "src/generated/schema.ts",
      ]);
      for (const file of written) {
        const name = relative(dir, file);
        const difference = firstDifference(
          readFileSync(file, "utf8"),
          readFileSync(join(API_CLIENT_DIR, name), "utf8"),
        );
        expect(
          difference,
          `packages/api-client/${name} is stale: run pnpm --filter @studio/api openapi:write`,
        ).toBe(undefined);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the typed clients against the real app over a socket", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database: "postgres" });
  });
  afterAll(async () => t?.close());

  const webUser = (): WebUserContext => {
    const owner = newOwner();
    return {
      studioId: owner.studioId!,
      userId: owner.userId!,
      role: "OWNER",
      userName: owner.userName,
      userEmail: owner.userEmail,
    };
  };
  const webClient = (user: WebUserContext, secret = t.config.serviceAuthSecret) =>
    createWebClient({ baseUrl: t.baseUrl, serviceId: "web-app", secret, user });

  it("web lane: creates a CRM lead, reads it back, finds it by a non-ASCII search, and gets a typed NOT_FOUND for a missing lead", async () => {
    const web = webClient(webUser());
    // Non-ASCII body and query: the signature covers the exact bytes and the encoded path as sent.
    const created = await web.POST("/v1/web/crm/leads", {
      body: { name: "נועה לוי", phone: "050-1234567", city: "תל אביב", valueAgorot: 125_000 },
    });
    if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
    expect(created.status).toBe(201);
    expect(created.requestId).toBe(created.response.headers.get("x-request-id"));
    expect(created.data).toMatchObject({
      name: "נועה לוי",
      city: "תל אביב",
      valueAgorot: 125_000,
      deletedAt: null,
    });

    const read = await web.GET("/v1/web/crm/leads/{id}", { params: { path: { id: created.data.id } } });
    if (!read.ok) throw new Error(`read failed: ${JSON.stringify(read.error)}`);
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ id: created.data.id, name: "נועה לוי", phone: created.data.phone });

    const board = await web.GET("/v1/web/crm/board", { params: { query: { search: "נועה לוי" } } });
    if (!board.ok) throw new Error(`board failed: ${JSON.stringify(board.error)}`);
    expect(JSON.stringify(board.data)).toContain(created.data.id);

    const missing = await web.GET("/v1/web/crm/leads/{id}", {
      params: { path: { id: "lead does/not exist" } },
    });
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.status).toBe(404);
    expect(missing.error.code).toBe("NOT_FOUND");
    expect(missing.error.ok).toBe(false);
    expect(missing.requestId).toBe(missing.response.headers.get("x-request-id"));
    expect(missing.error.requestId).toBe(missing.requestId);
  });

  it("web lane: a body the types accept but the contract refuses (empty name) is a typed VALIDATION error", async () => {
    const web = webClient(webUser());
    const res = await web.POST("/v1/web/crm/leads", { body: { name: "", phone: "050-1234567" } });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.status).toBe(422);
    expect(res.error.code).toBe("VALIDATION");
    expect(res.error.details?.issues?.[0]?.path).toBe("name");
  });

  it("web lane: a request signed with the wrong secret is refused (the server checks the client's signature)", async () => {
    const web = webClient(webUser(), "not-the-service-secret");
    const res = await web.GET("/v1/web/studio");
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.status).toBe(401);
    expect(res.error.code).toBe("UNAUTHORIZED");
  });

  it("trainee lane: the bearer trainee token reads /v1/trainee/me; a wrong token is a typed UNAUTHORIZED", async () => {
    const user = webUser();
    const web = webClient(user);
    const studio = await web.GET("/v1/web/studio");
    if (!studio.ok) throw new Error(JSON.stringify(studio.error));
    const client = await web.POST("/v1/web/clients", { body: { firstName: "Noa", phone: "+972501234567" } });
    if (!client.ok) throw new Error(JSON.stringify(client.error));

    const trainee = createTraineeClient({
      baseUrl: t.baseUrl,
      token: t.traineeToken(client.data.id, studio.data.id),
      timezone: "Asia/Jerusalem",
    });
    const me = await trainee.GET("/v1/trainee/me");
    if (!me.ok) throw new Error(JSON.stringify(me.error));
    expect(me.data).toMatchObject({ id: client.data.id, studioId: studio.data.id, firstName: "Noa" });

    const stranger = createTraineeClient({ baseUrl: t.baseUrl, token: "not.a-token" });
    const refused = await stranger.GET("/v1/trainee/me");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.status).toBe(401);
    expect(refused.error.code).toBe("UNAUTHORIZED");
  });

  it("automation lane: x-api-key validates in the automation envelope; a wrong key answers {success: false, message}", async () => {
    const web = webClient(webUser());
    const key = await web.POST("/v1/web/studios/current/api-keys", { body: { name: "Zapier" } });
    if (!key.ok) throw new Error(JSON.stringify(key.error));
    const studio = await web.GET("/v1/web/studio");
    if (!studio.ok) throw new Error(JSON.stringify(studio.error));

    const automation = createAutomationClient({ baseUrl: t.baseUrl, apiKey: key.data.key });
    const res = await automation.GET("/v1/automation/validate");
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ studioId: studio.data.id, apiKeyId: key.data.id });
    expect(typeof res.message).toBe("string");

    const wrong = createAutomationClient({ baseUrl: t.baseUrl, apiKey: `sk_live_${"0".repeat(40)}` });
    const refused = await wrong.GET("/v1/automation/validate");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.status).toBe(401);
    expect(refused.error).toEqual({ success: false, message: expect.any(String) });
  });

  it("an answer that is not the lane's JSON envelope throws ApiProtocolError", async () => {
    // Base URLs that land the request on the app's non-API pages: the docs page (HTML) and
    // /healthz ({ok: true} without data or requestId).
    const at = (baseUrl: string) =>
      createWebClient({ baseUrl, serviceId: "web-app", secret: t.config.serviceAuthSecret, user: webUser() });
    const html = at(`${t.baseUrl}/docs#`).GET("/v1/web/studio");
    await expect(html).rejects.toBeInstanceOf(ApiProtocolError);
    await expect(html).rejects.toMatchObject({ status: 200, body: expect.stringContaining("<") });
    const health = at(`${t.baseUrl}/healthz?`).GET("/v1/web/studio");
    await expect(health).rejects.toMatchObject({ name: "ApiProtocolError", status: 200, body: { ok: true } });
  });
});
