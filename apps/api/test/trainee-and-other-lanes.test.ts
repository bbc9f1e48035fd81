import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createPreviewToken, signServiceRequest, signTraineeToken } from "@studio/auth";
import { clients, studios } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import type { BearerSessionResolver } from "../src/guards/bearer";

let t: TestApp;
let clock = Date.now();
const sessions: BearerSessionResolver = {
  resolve: async (token) =>
    token === "good-session"
      ? { studioId: "no-such-studio", organizationId: "org-bearer", userId: "u1", memberRole: "admin" }
      : null,
};
let studioId: string;
let clientId: string;

beforeAll(async () => {
  t = await startTestApp({
    database: "postgres",
    now: () => new Date(clock),
    env: { WEBHOOK_SECRET: "hook-secret-123" },
    app: { bearerSessions: sessions },
  });
  const studio = await t.web("GET", "/v1/web/studio", newOwner());
  studioId = studio.body.data.id;
  const [client] = await t.deps.database.db
    .insert(clients)
    .values({ studioId, firstName: "Noa", lastName: "Cohen", phone: "+972501234567" })
    .returning();
  clientId = client!.id;
});
afterAll(async () => t?.close());

const bearer = (token: string, extra: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${token}`, ...extra },
});

describe("trainee lane", () => {
  it("a valid trainee token reaches GET /v1/trainee/me", async () => {
    const res = await t.request("GET", "/v1/trainee/me", bearer(t.traineeToken(clientId, studioId)));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: clientId, studioId, firstName: "Noa", phone: "+972501234567" });
  });

  it("a missing, tampered or wrongly signed token answers 401", async () => {
    expect((await t.request("GET", "/v1/trainee/me")).status).toBe(401);
    const token = t.traineeToken(clientId, studioId);
    const [payload, sig] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ clientId, studioId: "other" })).toString("base64url");
    expect((await t.request("GET", "/v1/trainee/me", bearer(`${forged}.${sig}`))).status).toBe(401);
    expect((await t.request("GET", "/v1/trainee/me", bearer(`${payload}.x${sig}`))).status).toBe(401);
    const wrongSecret = signTraineeToken({ clientId, studioId }, "another-secret");
    const res = await t.request("GET", "/v1/trainee/me", bearer(wrongSecret));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
  });

  it("another studio's trainee id inside a validly signed token answers like a missing trainee", async () => {
    const other = await t.web("GET", "/v1/web/studio", newOwner());
    const res = await t.request(
      "GET",
      "/v1/trainee/me",
      bearer(t.traineeToken(clientId, other.body.data.id)),
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("trainee not found");
  });

  it("a valid x-timezone is stored on the trainee; an invalid one is ignored", async () => {
    await t.request(
      "GET",
      "/v1/trainee/me",
      bearer(t.traineeToken(clientId, studioId), { "x-timezone": "Europe/Berlin" }),
    );
    await t.request(
      "GET",
      "/v1/trainee/me",
      bearer(t.traineeToken(clientId, studioId), { "x-timezone": "Mars/Olympus" }),
    );
    const [row] = await t.deps.database.db.select().from(clients).where(eq(clients.id, clientId));
    expect(row!.timezone).toBe("Europe/Berlin");
  });

  it("a preview token may GET but any other method answers 403 PREVIEW_READ_ONLY", async () => {
    const { token } = createPreviewToken({ clientId, studioId }, t.config.sessionSigningSecret, clock);
    expect((await t.request("GET", "/v1/trainee/me", bearer(token))).status).toBe(200);
    const res = await t.request("POST", "/v1/trainee/push-tokens", { ...bearer(token), body: "{}" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      details: { reason: "PREVIEW_READ_ONLY" },
    });
  });

  it("a preview token expires after 15 minutes", async () => {
    const { token } = createPreviewToken(
      { clientId, studioId },
      t.config.sessionSigningSecret,
      clock - 15 * 60_000 - 1,
    );
    expect((await t.request("GET", "/v1/trainee/me", bearer(token))).status).toBe(401);
  });

  it("a studio that no longer exists answers 401 once the 30 s studio cache has passed", async () => {
    const owner = newOwner();
    const studio = await t.web("GET", "/v1/web/studio", owner);
    const [client] = await t.deps.database.db
      .insert(clients)
      .values({ studioId: studio.body.data.id, firstName: "A", phone: "+972509999999" })
      .returning();
    const token = t.traineeToken(client!.id, studio.body.data.id);
    // The cache is a process's memory: the cached answer is read on the replica that cached it.
    const a = t.replica(0);
    expect((await a.request("GET", "/v1/trainee/me", bearer(token))).status).toBe(200);
    await t.deps.database.db
      .update(studios)
      .set({ archivedAt: new Date() })
      .where(eq(studios.id, studio.body.data.id));
    expect((await a.request("GET", "/v1/trainee/me", bearer(token))).status).toBe(200);
    // A replica that never cached the studio refuses at once.
    if (t.replicas === 2)
      expect((await t.replica(1).request("GET", "/v1/trainee/me", bearer(token))).status).toBe(401);
    clock += 31_000;
    const res = await a.request("GET", "/v1/trainee/me", bearer(token));
    expect(res.status).toBe(401);
  });
});

describe("webhook lane", () => {
  it("a missing or wrong token answers 401 invalid webhook token; the right one passes the guard", async () => {
    for (const q of ["", "?token=nope"]) {
      const res = await t.request("POST", `/v1/whatsapp/webhook/s1${q}`, { body: "{}" });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ ok: false, code: "UNAUTHORIZED", message: "invalid webhook token" });
    }
    // Past the guard the body is checked: {} lacks phone and conversationId.
    const agent = await t.request("POST", "/v1/agent/webhook?token=hook-secret-123", { body: "{}" });
    expect(agent.status).toBe(422);
    expect(agent.body).toMatchObject({ ok: false, code: "VALIDATION" });
  });

  it("with WEBHOOK_SECRET unset every token answers 401", async () => {
    const bare = await startTestApp({ database: "pglite" });
    try {
      const res = await bare.request("POST", "/v1/agent/webhook?token=", { body: "{}" });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("invalid webhook token");
    } finally {
      await bare.close();
    }
  });
});

describe("bearer lane", () => {
  const fresh = () => ({ "x-nonce": `n-${Math.random()}`, "x-timestamp": String(clock) });

  it("missing x-nonce or x-timestamp answers 400 BAD_REQUEST before authentication", async () => {
    const res = await t.request("GET", "/v1/studios/x", bearer("good-session"));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: "missing x-nonce or x-timestamp header" });
  });

  it("a timestamp outside 300 s or a reused nonce answers 401", async () => {
    const old = await t.request(
      "GET",
      "/v1/studios/x",
      bearer("good-session", { "x-nonce": "abc12345", "x-timestamp": String(clock - 301_000) }),
    );
    expect(old.status).toBe(401);
    const headers = fresh();
    expect((await t.request("GET", "/v1/clients/x", bearer("good-session", headers))).status).toBe(404);
    expect((await t.request("GET", "/v1/clients/x", bearer("good-session", headers))).status).toBe(401);
  });

  it("replay protection passes but an unknown session answers 401", async () => {
    const res = await t.request("GET", "/v1/whatsapp/x", bearer("bad", fresh()));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("invalid session");
  });
});

describe("internal and admin lanes", () => {
  it("need only the service signature: unsigned 401, signed passes to routing", async () => {
    for (const path of [
      "/v1/internal/anything",
      "/v1/admin/notification-configs/no/such/route",
      "/v1/admin/default-forms",
    ]) {
      expect((await t.request("GET", path)).status).toBe(401);
      const headers = signServiceRequest({
        secret: t.config.serviceAuthSecret,
        serviceId: "web-app",
        method: "GET",
        pathWithQuery: path,
        timestamp: clock,
      });
      const res = await t.request("GET", path, { headers });
      expect(res.status).toBe(404);
    }
  });

  it("other /v1/admin paths are no lane and answer NOT_FOUND", async () => {
    const res = await t.request("GET", "/v1/admin/secret-stuff");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });
});

describe("public lane", () => {
  it("a signing request carrying x-service-id must carry a valid signature", async () => {
    const res = await t.request("GET", "/v1/public/sign/abc", { headers: { "x-service-id": "web-app" } });
    expect(res.status).toBe(401);
    expect((await t.request("GET", "/v1/public/sign/abc")).status).toBe(404);
  });
});
