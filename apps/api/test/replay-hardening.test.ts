import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { signServiceRequest } from "@studio/auth";
import { newOwner, startTestApp, userHeaders, type TestApp } from "./support/harness";

// Issue 9 item 2: a nonce is single-use whatever service id comes with it, and a restart or an
// outage of the nonce store does not reopen requests accepted before it.

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});
const start = async (...args: Parameters<typeof startTestApp>) => {
  const app = await startTestApp(...args);
  apps.push(app);
  return app;
};

const signedHeaders = (t: TestApp, method: string, path: string, serviceId = "web-app") =>
  signServiceRequest({ secret: t.config.serviceAuthSecret, serviceId, method, pathWithQuery: path });

const webRequest = (t: TestApp) => ({
  ...signedHeaders(t, "GET", "/v1/web/studio"),
  ...userHeaders(newOwner()),
});

const TWO_SERVICES = { SERVICE_IDS: "web-app,billing-svc" };

describe("a nonce is single-use whatever x-service-id comes with it", () => {
  it.each([
    ["web", "/v1/web/studio", 200],
    ["internal", "/v1/internal/anything", 404],
    ["admin", "/v1/admin/notification-configs", 200],
  ])(
    "%s lane: the accepted request resent under another known service id answers 401",
    async (_lane, path, ok) => {
      const t = await start({ database: "postgres", env: TWO_SERVICES });
      const headers = { ...signedHeaders(t, "GET", path), ...userHeaders(newOwner()) };
      const first = await t.request("GET", path, { headers });
      expect(first.status).toBe(ok);
      const replay = await t.request("GET", path, { headers: { ...headers, "x-service-id": "billing-svc" } });
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ code: "UNAUTHORIZED", message: "nonce already used" });
    },
  );

  it("replicas sharing Redis refuse it too", async () => {
    const kvPrefix = `t:replay-ids:${Date.now()}:`;
    const a = await start({ database: "postgres", redis: true, kvPrefix, env: TWO_SERVICES });
    const b = await start({ database: "postgres", redis: true, kvPrefix, env: TWO_SERVICES });
    const headers = webRequest(a);
    expect((await a.request("GET", "/v1/web/studio", { headers })).status).toBe(200);
    const replay = await b.request("GET", "/v1/web/studio", {
      headers: { ...headers, "x-service-id": "billing-svc" },
    });
    expect(replay.status).toBe(401);
  });
});

describe("the in-process store: a restarted process refuses requests signed before it started", () => {
  it("a request accepted by the previous process is refused by the next one", async () => {
    const before = await start({ database: "postgres" });
    const headers = webRequest(before);
    expect((await before.request("GET", "/v1/web/studio", { headers })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The next process: a fresh in-process store (nothing remembered).
    const after = await start({ database: "postgres" });
    const replay = await after.request("GET", "/v1/web/studio", { headers });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("UNAUTHORIZED");
    // A request signed now still passes.
    expect((await after.web("GET", "/v1/web/studio", newOwner())).status).toBe(200);
  });
});

// A dedicated Redis database index on the shared server: flushing it touches nobody else.
const FLUSHED_DB_URL = "redis://127.0.0.1:6379/7";

describe("Redis emptied under running replicas (FLUSHDB on a dedicated db index)", () => {
  it("a request accepted before the flush is refused after it, on every replica; new requests pass", async () => {
    const kvPrefix = `t:replay-flush:${Date.now()}:`;
    const a = await start({ database: "postgres", redis: FLUSHED_DB_URL, kvPrefix });
    const b = await start({ database: "postgres", redis: FLUSHED_DB_URL, kvPrefix });
    const toA = webRequest(a);
    const toB = webRequest(b);
    expect((await a.request("GET", "/v1/web/studio", { headers: toA })).status).toBe(200);
    expect((await b.request("GET", "/v1/web/studio", { headers: toB })).status).toBe(200);

    const admin = new Redis(FLUSHED_DB_URL);
    try {
      await admin.flushdb();
    } finally {
      admin.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 5));

    const replayA = await b.request("GET", "/v1/web/studio", { headers: toA });
    const replayB = await a.request("GET", "/v1/web/studio", { headers: toB });
    expect([replayA.status, replayB.status]).toEqual([401, 401]);
    expect((await a.web("GET", "/v1/web/studio", newOwner())).status).toBe(200);
    expect((await b.web("GET", "/v1/web/studio", newOwner())).status).toBe(200);
  });
});

describe("a throwaway Redis restarted empty, and an outage", () => {
  let server: ChildProcess | undefined;
  afterEach(async () => {
    await stopRedis(server);
    server = undefined;
  });

  it("after the restart the earlier request is refused (bearer lane too); a fresh one passes", async () => {
    const port = await freePort();
    server = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const t = await start({ database: "postgres", redis: url });
    const headers = webRequest(t);
    expect((await t.request("GET", "/v1/web/studio", { headers })).status).toBe(200);
    const bearer = { "x-nonce": `bearer-${Date.now()}`, "x-timestamp": String(Date.now()) };
    const bearerFirst = await t.request("GET", "/v1/studios/x", { headers: bearer });
    expect(bearerFirst.body.message).toBe("invalid session");

    await stopRedis(server);
    server = await startRedis(port);
    await waitUntilReachable(t);

    const replay = await t.request("GET", "/v1/web/studio", { headers });
    expect(replay.status).toBe(401);
    const bearerReplay = await t.request("GET", "/v1/studios/x", { headers: bearer });
    expect(bearerReplay.status).toBe(401);
    expect(bearerReplay.body.message).not.toBe("invalid session");
    expect((await t.web("GET", "/v1/web/studio", newOwner())).status).toBe(200);
  });

  it("while Redis is down signed lanes answer 503; once it is back a request signed before it came back is refused", async () => {
    const port = await freePort();
    server = await startRedis(port);
    const t = await start({ database: "postgres", redis: `redis://127.0.0.1:${port}` });
    expect((await t.web("GET", "/v1/web/studio", newOwner())).status).toBe(200);

    await stopRedis(server);
    server = undefined;
    const duringOutage = webRequest(t);
    expect((await t.request("GET", "/v1/web/studio", { headers: duringOutage })).status).toBe(503);
    const signedDuringOutage = webRequest(t);
    await new Promise((resolve) => setTimeout(resolve, 5));

    server = await startRedis(port);
    await waitUntilReachable(t);
    expect((await t.request("GET", "/v1/web/studio", { headers: signedDuringOutage })).status).toBe(401);
    expect((await t.web("GET", "/v1/web/studio", newOwner())).status).toBe(200);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A redis-server that keeps nothing on disk, like the deployment's. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", "/tmp"],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis({
      port,
      host: "127.0.0.1",
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return child;
    } catch {
      if (Date.now() > deadline) throw new Error("redis-server did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      probe.disconnect();
    }
  }
}

async function stopRedis(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function waitUntilReachable(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await t.deps.kv.ping();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error("the app's store did not reconnect");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
