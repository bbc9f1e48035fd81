import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serve } from "@hono/node-server";
import { signServiceRequest } from "@studio/auth";
import { createDatabase, type DatabaseHandle } from "@studio/db";
import { startCuttableProxy, type CuttableProxy } from "@studio/db/test-support/cuttable-proxy";
import { createKvStore } from "@studio/kv";
import { createWiredJobQueue } from "@studio/jobs";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { AppDeps } from "../src/context";
import { createLogger } from "../src/logger";
import { freshPostgres } from "./support/databases";
import { newOwner, userHeaders, type WebUserContext } from "./support/harness";

/**
 * Database outages (issue 9, item 4): the API talks to a fresh PostgreSQL database through a
 * loopback proxy the test cuts, so the shared server never stops. An unreachable database
 * must answer 503 SERVICE_UNAVAILABLE within 2 s, on every path (lane guards, procedures,
 * /readyz), and the API must recover on its own once the database answers again.
 */
const BOUND_MS = 2_000;

let pg: Awaited<ReturnType<typeof freshPostgres>>;
let proxy: CuttableProxy;
let database: DatabaseHandle;
let deps: AppDeps;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  pg = await freshPostgres();
  proxy = await startCuttableProxy(pg.url);
  const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_PER_MINUTE: "100000" });
  database = createDatabase({ url: proxy.url });
  const logger = createLogger({ silent: true });
  const now = () => new Date();
  const jobs = createWiredJobQueue(database, {
    logger,
    now,
    pushApiUrl: config.pushApiUrl,
    queue: { pollingIntervalSeconds: 0.5, shutdownTimeoutMs: 2_000 },
  });
  await jobs.start();
  const kv = createKvStore({});
  deps = { config, database, kv, jobs, logger, now };
  const { app } = createApp(deps);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs.stop();
    await kv.close();
    await database.close();
  };
}, 60_000);

afterAll(async () => {
  await close?.();
  await proxy?.close();
  await pg?.drop();
});

interface Answer {
  status: number;
  body: any;
  ms: number;
}

async function web(method: string, path: string, user: WebUserContext, body?: unknown): Promise<Answer> {
  const text = body === undefined ? "" : JSON.stringify(body);
  const headers = {
    ...signServiceRequest({
      secret: deps.config.serviceAuthSecret,
      serviceId: "web-app",
      method,
      pathWithQuery: path,
      body: text,
    }),
    ...userHeaders(user),
    ...(text ? { "content-type": "application/json" } : {}),
  };
  return timed(path, { method, headers, body: text || undefined });
}

async function timed(path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  // A client-side cap far above the bound, so a hang shows as a figure instead of a stuck run.
  const res = await fetch(baseUrl + path, { ...init, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, ms: Math.round(performance.now() - started) };
}

const createLead = (user: WebUserContext) =>
  web("POST", "/v1/web/crm/leads", user, { name: "Noa Levi", phone: "050-1234567" });

/** Polls until a lead can be created again; returns how long recovery took. */
async function recovery(user: WebUserContext): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await createLead(user);
    if (res.status === 201) return Math.round(performance.now() - started);
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    if (performance.now() - started > 15_000) throw new Error("no recovery within 15 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every answer during the outage: 503 in the web envelope, within the bound. */
function expectUnavailable(answers: Answer[]) {
  for (const a of answers) {
    expect(a.status, JSON.stringify(a.body)).toBe(503);
    expect(a.body).toMatchObject({ ok: false, code: "SERVICE_UNAVAILABLE", message: "database unavailable" });
    expect(a.ms).toBeLessThan(BOUND_MS);
  }
}

let known: WebUserContext;
beforeEach(async () => {
  // A user the web-context guard has already seen: its next request reaches the procedure's
  // own queries (the guard's work is cached); a new user's request fails in the guard.
  known = newOwner();
  expect((await createLead(known)).status).toBe(201);
  expect((await timed("/readyz")).status).toBe(200);
});
afterEach(async () => {
  await proxy.restore();
});

describe.each([
  ["refused (the server is down: connections reset, the port refuses)", () => proxy.refuse()],
  ["black-holed (no answer: open connections go silent, new ones hang)", async () => proxy.blackhole()],
])("database outage, %s", (_name, cut) => {
  it("procedures, lane guards and /readyz answer 503 SERVICE_UNAVAILABLE within 2 s, then recover on their own", async () => {
    await cut();
    const [procedure, guard, ready] = await Promise.all([
      createLead(known),
      web("GET", "/v1/web/studio", newOwner()),
      timed("/readyz"),
    ]);
    expectUnavailable([procedure, guard]);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, checks: { database: "unreachable" } });
    expect(ready.ms).toBeLessThan(BOUND_MS);

    // More requests than the pool has connections: none waits for a connection past the bound.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 ? createLead(known) : web("GET", "/v1/web/studio", newOwner()),
      ),
    );
    expectUnavailable(burst);

    await proxy.restore();
    // The probe repeats every 250 ms while the database is unreachable.
    expect(await recovery(known)).toBeLessThan(2_000);
    expect((await web("GET", "/v1/web/studio", newOwner())).status).toBe(200);
    expect((await timed("/readyz")).status).toBe(200);
  }, 90_000);
});
