import { describe, it, type TestContext } from "vitest";
import { spawn } from "node:child_process";
import path from "node:path";
import { signServiceRequest } from "@studio/auth";
import { ConfigError, loadConfig } from "../src/config";
import { builtApiMain } from "./support/built-mains";
import { newOwner, startTestApp, userHeaders, type TestApp } from "./support/harness";

/**
 * The tests run side by side (describe.concurrent: each has its own apps, key prefixes and
 * clients; most of their time is starting apps and the spawned process): each uses its own
 * context's expect, and its apps are closed when it ends (the test's own onTestFinished).
 */
const start = async (
  { onTestFinished }: TestContext,
  ...args: Parameters<typeof startTestApp>
): Promise<TestApp> => {
  const app = await startTestApp(...args);
  onTestFinished(() => app.close());
  return app;
};

describe.concurrent("fail closed", () => {
  // First: the spawned process takes longest (it loads the whole app before refusing).
  it("the server process exits non-zero in production with default secrets, without printing a secret", async ({
    expect,
  }) => {
    // Spawned without blocking the worker, so the other tests of the file run meanwhile; the
    // built bundle, as the other process tests spawn it (support/built-mains).
    const child = spawn(process.execPath, [builtApiMain], {
      cwd: path.resolve(__dirname, ".."),
      env: {
        ...process.env,
        NODE_ENV: "production",
        SERVICE_AUTH_SECRET: "",
        SESSION_SIGNING_SECRET: "",
        PORT: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.stdout!.resume();
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    const status = await new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    clearTimeout(timer);
    expect(status).toBe(1);
    expect(stderr).toContain("refusing to start in production with default secrets");
    expect(stderr).not.toContain("dev-service-secret");
  }, 60_000);

  it("with REDIS_URL set but unreachable, signed lanes answer SERVICE_UNAVAILABLE 503 instead of skipping the nonce check", async (ctx) => {
    const { expect } = ctx;
    const t = await start(ctx, { database: "postgres", redis: "redis://127.0.0.1:1" });
    const res = await t.web("GET", "/v1/web/studio", newOwner());
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, code: "SERVICE_UNAVAILABLE" });
    const ready = await t.request("GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body.checks.redis).toBe("unreachable");
  });

  it("the signature check itself fails closed when only the nonce store is down (limiter passed)", async (ctx) => {
    const { expect } = ctx;
    const t = await start(ctx, { database: "postgres" });
    const kv = t.deps.kv;
    const original = { setIfAbsent: kv.setIfAbsent.bind(kv), claimWithEpoch: kv.claimWithEpoch.bind(kv) };
    const { KvUnavailableError } = await import("@studio/kv");
    // Every way of claiming a nonce fails (the guard claims it with the epoch in one call).
    kv.setIfAbsent = async () => {
      throw new KvUnavailableError("down");
    };
    kv.claimWithEpoch = async () => {
      throw new KvUnavailableError("down");
    };
    const res = await t.web("GET", "/v1/web/studio", newOwner());
    Object.assign(kv, original);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("SERVICE_UNAVAILABLE");
  });

  it("NODE_ENV=production refuses default secrets (config)", ({ expect }) => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", SERVICE_AUTH_SECRET: "s".repeat(32) })).toThrow(
      /SESSION_SIGNING_SECRET/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        SERVICE_AUTH_SECRET: "a".repeat(32),
        SESSION_SIGNING_SECRET: "b".repeat(32),
        WEBHOOK_ALLOW_LOOPBACK: "1",
      }),
    ).toThrow(/WEBHOOK_ALLOW_LOOPBACK/);
    expect(
      loadConfig({
        NODE_ENV: "production",
        SERVICE_AUTH_SECRET: "a".repeat(32),
        SESSION_SIGNING_SECRET: "b".repeat(32),
      }).isProduction,
    ).toBe(true);
  });
});

describe.concurrent("global limiter on /v1", () => {
  it("RATE_LIMIT_PER_MINUTE requests pass, the next answers RATE_LIMITED 429 with retry-after", async (ctx) => {
    const { expect } = ctx;
    const t = await start(ctx, { database: "postgres", env: { RATE_LIMIT_PER_MINUTE: "3" } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.request("GET", "/v1/automation/validate")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await t.request("GET", "/v1/web/studio");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("on Redis a signed web request's point is taken with its nonce (one script): over the budget it answers 429 before the signature's verdict and claims no nonce", async (ctx) => {
    const { expect } = ctx;
    const kvPrefix = `t:signed-limit:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const t = await start(ctx, {
      database: "postgres",
      redis: true,
      kvPrefix,
      env: { RATE_LIMIT_PER_MINUTE: "2" },
    });
    const owner = newOwner();
    expect((await t.web("GET", "/v1/web/studio", owner)).status).toBe(200);
    // A bad signature spends a point too (the limiter's verdict is asked when the check stops early).
    expect(
      (await t.request("GET", "/v1/web/studio", { headers: { "x-service-id": "web-app" } })).status,
    ).toBe(401);
    const headers = {
      ...signServiceRequest({
        secret: t.config.serviceAuthSecret,
        serviceId: "web-app",
        method: "GET",
        pathWithQuery: "/v1/web/studio",
      }),
      ...userHeaders(owner),
    };
    const limited = await t.request("GET", "/v1/web/studio", { headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ok: false, code: "RATE_LIMITED" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Over the budget nothing was claimed: the nonce is still unused.
    const { Redis } = await import("ioredis");
    const { TEST_REDIS_URL } = await import("./support/databases");
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.exists(`${kvPrefix}svc-nonce:${headers["x-service-nonce"]}`)).toBe(0);
    } finally {
      redis.disconnect();
    }
    // And an unsigned request over the budget answers the limiter's 429, not the signature's 401.
    expect((await t.request("GET", "/v1/web/studio")).status).toBe(429);
  });

  it("the automation lane answers 429 in its own envelope", async (ctx) => {
    const { expect } = ctx;
    const t = await start(ctx, { database: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1" } });
    await t.request("GET", "/v1/automation/validate");
    const res = await t.request("GET", "/v1/automation/validate");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ success: false, message: "too many requests" });
  });

  it("a service-signed signing request skips the global limiter; an unsigned one does not", async (ctx) => {
    const { expect } = ctx;
    const t = await start(ctx, { database: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1" } });
    const path = "/v1/public/sign/0123456789abcdef0123456789abcdef";
    expect((await t.request("GET", path)).status).toBe(404);
    expect((await t.request("GET", path)).status).toBe(429);
    for (let i = 0; i < 3; i++) {
      const headers = {
        ...signServiceRequest({
          secret: t.config.serviceAuthSecret,
          serviceId: "web-app",
          method: "GET",
          pathWithQuery: path,
        }),
        "x-client-ip": "203.0.113.9",
      };
      expect((await t.request("GET", path, { headers })).status).toBe(404);
    }
    // Naming a service without a valid signature is refused, not waved through.
    const forged = await t.request("GET", path, { headers: { "x-service-id": "web-app" } });
    expect(forged.status).toBe(401);
  });

  it("routes outside /v1 (health, docs) are not limited", async (ctx) => {
    const { expect } = ctx;
    const t = await start(ctx, { database: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1" } });
    await t.request("GET", "/v1/web/studio");
    expect((await t.request("GET", "/healthz")).status).toBe(200);
  });

  it("with Redis the budget is shared by every replica", async (ctx) => {
    const { expect } = ctx;
    const kvPrefix = `t:shared:${Date.now()}:`;
    const a = await start(ctx, {
      database: "postgres",
      redis: true,
      kvPrefix,
      env: { RATE_LIMIT_PER_MINUTE: "2" },
    });
    // A second replica of the same deployment (same Redis, same namespace).
    const b = await start(ctx, {
      database: "postgres",
      redis: true,
      kvPrefix,
      env: { RATE_LIMIT_PER_MINUTE: "2" },
    });
    expect((await a.request("GET", "/v1/automation/validate")).status).toBe(401);
    expect((await b.request("GET", "/v1/automation/validate")).status).toBe(401);
    expect((await a.request("GET", "/v1/automation/validate")).status).toBe(429);
    expect((await b.request("GET", "/v1/automation/validate")).status).toBe(429);
  });
});

describe.concurrent("body limit", () => {
  it("a body over the limit answers BAD_REQUEST with HTTP 413", async (ctx) => {
    const { expect } = ctx;
    const t = await start(ctx, { database: "postgres", env: { BODY_LIMIT_BYTES: "1024" } });
    const body = JSON.stringify({ name: "x".repeat(2000) });
    const res = await t.web("POST", "/v1/web/studios/current/api-keys", newOwner(), JSON.parse(body));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ ok: false, code: "BAD_REQUEST", message: "payload too large" });
  });
});
