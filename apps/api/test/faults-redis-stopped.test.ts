import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signServiceRequest, signTraineeToken } from "@studio/auth";
import { clients, studios } from "@studio/db";
import { freshPostgres, TEST_DATABASE_TIMEOUTS } from "./support/databases";
import { newOwner } from "./support/harness";
import { startAppOn, startOwnRedis, type Answer, type OwnApp, type OwnRedis } from "./support/own-services";

/**
 * Faults (issue 16): Redis stopped under a running API. Every lane that needs the key-value
 * store (the nonce of the signed web, internal, admin and service-signed public lanes; the
 * global limiter in front of the trainee, automation, bearer and webhook lanes) fails closed:
 * 503 SERVICE_UNAVAILABLE within the store's 2 s bound, never an answer that skipped the check.
 * Once Redis is back (same port, empty) the same process answers again. The Redis server is
 * this test's own (the machine's shared one is never stopped).
 */

let redis: OwnRedis;
let pg: Awaited<ReturnType<typeof freshPostgres>>;
let app: OwnApp;
beforeAll(async () => {
  redis = await startOwnRedis();
  pg = await freshPostgres();
  app = await startAppOn({ databaseUrl: pg.url, redisUrl: redis.url, database: TEST_DATABASE_TIMEOUTS });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await pg?.drop();
  await redis?.close();
});

const BOUND_MS = 3_000;

interface Lane {
  name: string;
  /** The answer while Redis is up. */
  up: number;
  call(): Promise<Answer>;
}

async function lanes(): Promise<Lane[]> {
  const owner = newOwner();
  const studio = await app.web("GET", "/v1/web/studio", owner);
  expect(studio.status).toBe(200);
  const key = await app.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "Zapier" });
  expect(key.status).toBe(201);
  const db = app.deps.database.db;
  const slug = `faults-${randomUUID()}`;
  const [own] = await db.insert(studios).values({ name: slug, slug }).returning();
  const [client] = await db
    .insert(clients)
    .values({ studioId: own!.id, firstName: "Maya", phone: `+9725${Math.floor(1e7 + Math.random() * 8e7)}` })
    .returning();
  const token = signTraineeToken(
    { clientId: client!.id, studioId: own!.id },
    app.config.sessionSigningSecret,
  );
  const signPath = `/v1/public/sign/${randomUUID().replace(/-/g, "")}`;
  return [
    { name: "web", up: 200, call: () => app.web("GET", "/v1/web/studio", owner) },
    {
      name: "web write",
      up: 201,
      call: () => app.web("POST", "/v1/web/crm/leads", owner, { name: "Noa Levi", phone: "050-1234567" }),
    },
    { name: "admin", up: 200, call: () => app.signed("GET", "/v1/admin/notification-configs") },
    // The internal lane has no routes yet: a signed request passes the lane and is routed (404).
    { name: "internal", up: 404, call: () => app.signed("GET", "/v1/internal/anything") },
    {
      name: "public signing (service-signed)",
      up: 404,
      call: () =>
        app.request("GET", signPath, {
          headers: signServiceRequest({
            secret: app.config.serviceAuthSecret,
            serviceId: "web-app",
            method: "GET",
            pathWithQuery: signPath,
            body: "",
          }),
        }),
    },
    {
      name: "trainee",
      up: 200,
      call: () => app.request("GET", "/v1/trainee/water", { headers: { authorization: `Bearer ${token}` } }),
    },
    {
      name: "trainee write",
      up: 201,
      call: () =>
        app.request("POST", "/v1/trainee/water", {
          headers: { authorization: `Bearer ${token}` },
          body: { amountMl: 250 },
        }),
    },
    {
      // Bearer lane (retired sessions): routed to its 401 while up.
      name: "bearer",
      up: 401,
      call: () =>
        app.request("GET", "/v1/studios/x", {
          headers: { "x-nonce": randomUUID(), "x-timestamp": String(Date.now()) },
        }),
    },
    {
      name: "automation",
      up: 200,
      call: () => app.request("GET", "/v1/automation/hooks", { headers: { "x-api-key": key.body.data.key } }),
    },
  ];
}

async function answers(all: Lane[]) {
  return Object.fromEntries(
    await Promise.all(all.map(async (lane) => [lane.name, await lane.call()] as const)),
  ) as Record<string, Answer>;
}

const statuses = (byLane: Record<string, Answer>) =>
  Object.fromEntries(Object.entries(byLane).map(([name, a]) => [name, a.status]));

describe("Redis stopped under a running API", () => {
  it("every lane that needs the store answers 503 while it is down (fail closed), and answers again once it is back, same process", async () => {
    const all = await lanes();
    const expectedUp = Object.fromEntries(all.map((l) => [l.name, l.up]));
    expect(statuses(await answers(all))).toEqual(expectedUp);

    await redis.stop();
    // Twice: right after the connection dropped, and once the client knows it is down.
    for (let round = 0; round < 2; round++) {
      const down = await answers(all);
      expect(statuses(down)).toEqual(Object.fromEntries(all.map((l) => [l.name, 503])));
      for (const [name, a] of Object.entries(down)) {
        expect(a.ms, name).toBeLessThan(BOUND_MS);
        // Each lane's own envelope: automation { success, message }, signing { code, message }, else { ok, code }.
        if (name === "automation") expect(a.body).toMatchObject({ success: false });
        else expect(a.body, name).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // More requests at once than anything pools: none waits past the bound, none slips through.
    const burst = await Promise.all(Array.from({ length: 5 }, () => answers(all)));
    for (const round of burst)
      for (const [name, a] of Object.entries(round)) {
        expect(a.status, name).toBe(503);
        expect(a.ms, name).toBeLessThan(BOUND_MS);
      }
    // Health answers (the process is alive); readiness says why it is not ready.
    expect((await app.request("GET", "/healthz")).status).toBe(200);
    const ready = await app.request("GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, checks: { redis: "unreachable", database: "ok" } });

    await redis.start();
    const backAt = performance.now();
    // The store reconnects on its own: the web lane answers again within a few seconds.
    for (;;) {
      const res = await all[0]!.call();
      if (res.status === 200) break;
      // 503 while the client reconnects; 401 for a request signed just before the store came
      // back empty (the replay guard refuses what it cannot prove unseen after the store restarts empty).
      expect([503, 401]).toContain(res.status);
      expect(performance.now() - backAt, "no recovery within 10 s of Redis being back").toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses(await answers(all))).toEqual(expectedUp);
    expect((await app.request("GET", "/readyz")).status).toBe(200);
  }, 60_000);
});
