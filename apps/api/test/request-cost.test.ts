import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve } from "@hono/node-server";
import { signServiceRequest, signTraineeToken } from "@studio/auth";
import { clients, studios } from "@studio/db";
import { createDatabase, type DatabaseHandle } from "@studio/db";
import { createWiredJobQueue } from "@studio/jobs";
import { createKvStore } from "@studio/kv";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { Redis } from "ioredis";
import { freshPostgres, TEST_DATABASE_TIMEOUTS, TEST_REDIS_URL } from "./support/databases";
import { startTestApp } from "./support/harness";
import { newOwner, userHeaders, type WebUserContext } from "./support/harness";
import { startStatementCounter } from "./support/statement-counter";

/**
 * Per-request cost (issue 16): a steady-state signed web request costs the statements its route
 * needs and one for the caller (Coach row + studio row in one statement), and GET /v1/web/studio
 * reuses the studio row the caller's statement read: one round trip in all. Counted on the wire
 * (a proxy in front of PostgreSQL), so an ORM change that adds a query cannot hide.
 */
const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_PER_MINUTE: "100000" });
let pg: Awaited<ReturnType<typeof freshPostgres>>;
let counter: Awaited<ReturnType<typeof startStatementCounter>>;
let appDb: DatabaseHandle;
let close: () => Promise<void>;
let baseUrl: string;

const get = async (path: string, user: WebUserContext) => {
  const headers = {
    ...signServiceRequest({
      secret: config.serviceAuthSecret,
      serviceId: "web-app",
      method: "GET",
      pathWithQuery: path,
    }),
    ...userHeaders(user),
  };
  const res = await fetch(baseUrl + path, { headers });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
};

/** Statements sent while `run` ran. */
const statementsDuring = async (run: () => Promise<void>) => {
  const before = counter.statements();
  await run();
  return counter.statements() - before;
};

beforeAll(async () => {
  pg = await freshPostgres();
  counter = await startStatementCounter(pg.url);
  appDb = createDatabase({ url: counter.url, ...TEST_DATABASE_TIMEOUTS });
  const logger = createLogger({ silent: true });
  const now = () => new Date();
  // Jobs use their own connection (pg-boss polls): only the app's statements are counted.
  const jobs = createWiredJobQueue(pg.handle, { logger, now, pushApiUrl: config.pushApiUrl });
  await jobs.start();
  const kv = createKvStore({ keyPrefix: `cost:${Math.random().toString(36).slice(2)}:` });
  const { app } = createApp({ config, database: appDb, kv, jobs, logger, now });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs.stop();
    await kv.close();
    await appDb.close();
    await counter.close();
    await pg.drop();
  };
});
afterAll(async () => close?.());

describe("statements per signed web request", () => {
  it("GET /v1/web/studio in the steady state: one statement per request (the caller's, which reads the studio too)", async () => {
    const owner = newOwner();
    // The first request creates the studio, the owner's Coach row and member row, and stamps activity.
    expect((await get("/v1/web/studio", owner)).status).toBe(200);
    const cost = await statementsDuring(async () => {
      for (let i = 0; i < 5; i++) {
        const res = await get("/v1/web/studio", owner);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ organizationId: owner.studioId });
      }
    });
    expect(cost).toBe(5);
  });

  it("a team member's request costs the same one statement, and answers the studio as of that statement", async () => {
    const owner = newOwner();
    expect((await get("/v1/web/studio", owner)).status).toBe(200);
    const member = { ...owner, userId: `${owner.userId}_coach`, role: "HEAD_COACH" };
    expect((await get("/v1/web/studio", member)).status).toBe(200);
    await appDb.executor.executeSql(`update studios set name = 'Renamed Studio' where organization_id = $1`, [
      owner.studioId,
    ]);
    let name: unknown;
    const cost = await statementsDuring(async () => {
      name = (await get("/v1/web/studio", member)).body.data.name;
    });
    expect(name).toBe("Renamed Studio");
    expect(cost).toBe(1);
  });
});

describe("statements per trainee water and steps write", () => {
  it("POST /v1/trainee/water and /steps in the steady state: one statement each (with the device zone)", async () => {
    const slug = `cost-${Math.random().toString(36).slice(2)}`;
    const [studio] = await pg.handle.db.insert(studios).values({ name: slug, slug }).returning();
    const [client] = await pg.handle.db
      .insert(clients)
      .values({
        studioId: studio!.id,
        firstName: "Noa",
        lastName: "Cohen",
        phone: `+97253${Date.now() % 10_000_000}`,
      })
      .returning();
    const token = signTraineeToken(
      { clientId: client!.id, studioId: studio!.id, exp: Date.now() + 3_600_000 },
      config.sessionSigningSecret,
    );
    const post = async (path: string, body: object, zone?: string) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          ...(zone ? { "x-timezone": zone } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
    };
    // The first write creates the day row and fills the lane's caches (and stores the zone).
    await post("/v1/trainee/water", { amountMl: 250 }, "Asia/Jerusalem");
    await post("/v1/trainee/steps", { steps: 100 }, "Asia/Jerusalem");
    // With the device's zone (the app always sends it) the day is known: the trainee check, the
    // day row created-or-locked, the entry appended and the total recomputed in ONE statement.
    const water = await statementsDuring(async () => {
      for (let i = 0; i < 5; i++) await post("/v1/trainee/water", { amountMl: 250 }, "Asia/Jerusalem");
    });
    expect(water).toBe(5);
    const steps = await statementsDuring(async () => {
      for (let i = 0; i < 5; i++) await post("/v1/trainee/steps", { steps: 1000 + i }, "Asia/Jerusalem");
    });
    expect(steps).toBe(5);
    // Without it the trainee's day (its stored zone) is read first: two statements.
    const unzoned = await statementsDuring(async () => {
      for (let i = 0; i < 5; i++) await post("/v1/trainee/water", { amountMl: 250 });
    });
    expect(unzoned).toBe(10);
  });
});

describe("Redis round trips per signed web request", () => {
  it("the global limiter's point, the nonce claim and the store epoch are ONE command (a script)", async () => {
    const prefix = `cost-redis:${Math.random().toString(36).slice(2)}:`;
    const t = await startTestApp({ redis: true, kvPrefix: prefix, replicas: 1 });
    // MONITOR sees every command the Redis server runs; only this app's keys carry the prefix.
    const monitor = await new Redis(TEST_REDIS_URL).monitor();
    const seen: string[] = [];
    // Commands a script runs are shown too, from source "lua": those are not round trips.
    monitor.on("monitor", (_time: string, args: string[], source: string) => {
      if (source !== "lua" && args.some((a) => a.startsWith(prefix))) seen.push(args.join(" "));
    });
    try {
      const owner = newOwner();
      expect((await t.web("GET", "/v1/web/studio", owner)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen.length = 0;
      for (let i = 0; i < 5; i++) expect((await t.web("GET", "/v1/web/studio", owner)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // One evalsha per request names the limiter's counter, the nonce and the epoch marker: no
      // separate limiter script, GET of the marker or SET NX of the nonce (three round trips once).
      expect(seen, seen.join("\n")).toHaveLength(5);
      for (const line of seen) expect(line).toMatch(/^evalsha .*rl:global:.*svc-nonce:.*kv:epoch/);
    } finally {
      monitor.disconnect();
      await t.close();
    }
  });
});
