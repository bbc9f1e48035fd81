import { afterAll, describe, expect, it } from "vitest";
import { signServiceRequest } from "@studio/auth";
import { clients } from "@studio/db";
import { newOwner, startTestApp, userHeaders, type TestApp } from "./support/harness";

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

describe("embedded default (PGlite + in-process store)", () => {
  it("runs the whole foundation flow: studio, API key, automation call, trainee token", async () => {
    const t = await startTestApp({ database: "pglite" });
    apps.push(t);
    expect(t.deps.database.kind).toBe("pglite");
    expect(t.deps.kv.kind).toBe("memory");
    const owner = newOwner();
    const studio = await t.web("GET", "/v1/web/studio", owner);
    expect(studio.status).toBe(200);
    const key = await t.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "make" });
    expect(key.status).toBe(201);
    const validate = await t.request("GET", "/v1/automation/validate", {
      headers: { "x-api-key": key.body.data.key },
    });
    expect(validate.body.data.studioId).toBe(studio.body.data.id);
    const [client] = await t.deps.database.db
      .insert(clients)
      .values({ studioId: studio.body.data.id, firstName: "N", phone: "+972500000001" })
      .returning();
    const me = await t.request("GET", "/v1/trainee/me", {
      headers: { authorization: `Bearer ${t.traineeToken(client!.id, studio.body.data.id)}` },
    });
    expect(me.body.data.id).toBe(client!.id);
  });

  it("the in-process store still refuses a replayed nonce", async () => {
    const t = await startTestApp({ database: "pglite" });
    apps.push(t);
    const headers = {
      ...signServiceRequest({
        secret: t.config.serviceAuthSecret,
        serviceId: "web-app",
        method: "GET",
        pathWithQuery: "/v1/web/studio",
      }),
      ...userHeaders(newOwner()),
    };
    expect((await t.request("GET", "/v1/web/studio", { headers })).status).toBe(200);
    expect((await t.request("GET", "/v1/web/studio", { headers })).status).toBe(401);
  });
});

describe("replicas sharing Redis", () => {
  it("a nonce used on one replica is refused by another", async () => {
    const kvPrefix = `t:replicas:${Date.now()}:`;
    const a = await startTestApp({ database: "postgres", redis: true, kvPrefix });
    const b = await startTestApp({ database: "postgres", redis: true, kvPrefix });
    apps.push(a, b);
    const headers = {
      ...signServiceRequest({
        secret: a.config.serviceAuthSecret,
        serviceId: "web-app",
        method: "GET",
        pathWithQuery: "/v1/web/studio",
      }),
      ...userHeaders(newOwner()),
    };
    expect((await a.request("GET", "/v1/web/studio", { headers })).status).toBe(200);
    const replay = await b.request("GET", "/v1/web/studio", { headers });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/nonce/);
  });
});
