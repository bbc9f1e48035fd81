import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, MAX_LINE_BYTES, serializeError, type Logger } from "@studio/observability";
import { TEST_DATABASE_URL } from "./support/databases";
import { newOwner, startTestApp, type TestApp } from "./support/harness";

const PHONE = "+972501234567";
const LOCAL_PHONE = "050-1234567";
const EMAIL = "dana.refused@example.com";
const NAME = "Dana Refused";

/** The real logger (pino, redaction, caps) writing into an array instead of stderr. */
function collectingLogger(): { logger: Logger; lines: string[]; parsed(): Record<string, any>[] } {
  const lines: string[] = [];
  const logger = createLogger({ level: "debug", base: { service: "api" }, write: (l) => lines.push(l) });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, any>) };
}

const PRODUCTION_ENV = {
  NODE_ENV: "production",
  SERVICE_AUTH_SECRET: "s".repeat(40),
  SESSION_SIGNING_SECRET: "t".repeat(40),
};
const METRICS_TOKEN = "metrics-token-for-the-scraper-0123456789";

describe("request log and error lines", () => {
  let t: TestApp;
  const log = collectingLogger();
  beforeAll(async () => {
    t = await startTestApp({ database: "postgres", logger: log.logger });
  });
  afterAll(async () => t?.close());

  const requestLines = (requestId: string | null) =>
    log.parsed().filter((l) => l.msg === "request" && l.requestId === requestId);

  it("writes one line per request: method, route pattern, status, duration, request id, lane, studio id", async () => {
    const owner = newOwner();
    const studio = await t.web("GET", "/v1/web/studio", owner);
    expect(studio.status).toBe(200);
    const studioId = studio.body.data.id as string;
    const created = await t.web("POST", "/v1/web/crm/leads", owner, { name: "Noa Levi", phone: LOCAL_PHONE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const leadId = created.body.data.id as string;

    const got = await t.web("GET", `/v1/web/crm/leads/${leadId}`, owner);
    expect(got.status).toBe(200);
    const lines = requestLines(got.headers.get("x-request-id"));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: "info",
      service: "api",
      msg: "request",
      method: "GET",
      route: "/v1/web/crm/leads/{id}",
      status: 200,
      lane: "web",
      studioId,
    });
    expect(typeof line!.durationMs).toBe("number");
    expect(line!.durationMs).toBeGreaterThanOrEqual(0);
    expect(new Date(line!.time).toISOString()).toBe(line!.time);
    // The pattern, not the raw path: no ids in the line.
    expect(JSON.stringify(line)).not.toContain(leadId);

    const createLine = requestLines(created.headers.get("x-request-id"));
    expect(createLine).toEqual([
      expect.objectContaining({ method: "POST", route: "/v1/web/crm/leads", status: 201 }),
    ]);
    // The body never reaches the log.
    expect(log.lines.join("")).not.toContain("Noa Levi");
    expect(log.lines.join("")).not.toContain("1234567");
  });

  it("logs refused, unknown and probe requests with the route pattern or 'unmatched'", async () => {
    const unsigned = await t.request("GET", "/v1/web/crm/leads/abc");
    expect(unsigned.status).toBe(401);
    expect(requestLines(unsigned.headers.get("x-request-id"))).toEqual([
      expect.objectContaining({ route: "/v1/web/crm/leads/{id}", status: 401, lane: "web" }),
    ]);
    expect(requestLines(unsigned.headers.get("x-request-id"))[0]).not.toHaveProperty("studioId");

    const unknown = await t.web("GET", "/v1/web/no-such-thing/123", newOwner());
    expect(unknown.status).toBe(404);
    expect(requestLines(unknown.headers.get("x-request-id"))).toEqual([
      expect.objectContaining({ route: "unmatched", status: 404, lane: "web" }),
    ]);

    const outside = await t.request("GET", "/nowhere/42");
    expect(outside.status).toBe(404);
    expect(requestLines(outside.headers.get("x-request-id"))).toEqual([
      expect.objectContaining({ route: "unmatched", status: 404 }),
    ]);

    const health = await t.request("GET", "/healthz");
    expect(requestLines(health.headers.get("x-request-id"))).toEqual([
      expect.objectContaining({ level: "debug", route: "/healthz", status: 200 }),
    ]);
  });

  it("a failed query logs its SQLSTATE and query name, never its parameters (no phone, e-mail or name)", async () => {
    // Make the insert of this one lead fail inside PostgreSQL (23514 stays INTERNAL).
    await t.deps.database.executor.executeSql(
      `alter table leads add constraint logs_test_refused check (name <> '${NAME}')`,
    );
    const res = await t.web("POST", "/v1/web/crm/leads", newOwner(), {
      name: NAME,
      phone: LOCAL_PHONE,
      email: EMAIL,
      city: "Haifa",
    });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("INTERNAL");
    const requestId = res.headers.get("x-request-id");
    const failure = log.parsed().find((l) => l.msg === "request failed" && l.requestId === requestId);
    expect(failure, "the INTERNAL error is logged").toBeDefined();
    const text = JSON.stringify(failure);
    for (const secret of [PHONE, "501234567", EMAIL, NAME, "Haifa"]) expect(text).not.toContain(secret);
    const codes: string[] = [];
    const queries: string[] = [];
    for (let e = failure!.err; e; e = e.cause) {
      if (e.code) codes.push(e.code);
      if (e.query) queries.push(e.query);
    }
    expect(codes).toContain("23514");
    expect(queries).toContain("insert leads");
    expect(log.lines.join("")).not.toContain(NAME);
  });
});

describe("serializeError and the logger on real driver errors", () => {
  const client = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  afterAll(() => client.end({ timeout: 5 }));

  it("postgres.js: the error carries the parameters; the log line does not", async () => {
    const error = (await client`select ${`${NAME} ${PHONE}`}::int as n, ${EMAIL}::text as e`.catch(
      (e: unknown) => e,
    )) as Error & { parameters: unknown[]; code: string };
    expect(error).toBeInstanceOf(Error);
    // What a naive logger would have written:
    expect(error.parameters).toContain(EMAIL);
    expect(error.message).toContain(PHONE);

    const log = collectingLogger();
    log.logger.error("request failed", { err: error, alsoRaw: error });
    const text = log.lines.join("");
    for (const secret of [PHONE, EMAIL, NAME]) expect(text).not.toContain(secret);
    expect(log.parsed()[0]!.err).toMatchObject({ name: "PostgresError", code: "22P02", query: "select" });
  });

  it("Drizzle: the wrapper's message lists every parameter; serializeError keeps none", async () => {
    const db = drizzle(client);
    const error = (await db
      .execute(sql`select ${`${NAME} ${PHONE}`}::int as n, ${EMAIL}::text as e`)
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(EMAIL);
    const out = serializeError(error);
    const text = JSON.stringify(out);
    for (const secret of [PHONE, EMAIL, NAME]) expect(text).not.toContain(secret);
    expect(out.message).toBe("failed query");
    expect(out.cause).toMatchObject({ code: "22P02" });
  });

  it("a 1 MB parameter in a failed query cannot make a line above the cap", async () => {
    const huge = "x".repeat(1024 * 1024);
    const error = (await drizzle(client)
      .execute(sql`select ${huge}::int as n`)
      .catch((e: unknown) => e)) as Error;
    expect(error.message.length).toBeGreaterThan(1024 * 1024);
    const log = collectingLogger();
    log.logger.error("request failed", { err: error, requestId: "r", value: huge });
    expect(log.lines).toHaveLength(1);
    const bytes = Buffer.byteLength(log.lines[0]!);
    expect(bytes).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(bytes).toBeLessThan(8 * 1024);
    expect(log.parsed()[0]).toMatchObject({ msg: "request failed", requestId: "r" });
  });
});

describe("GET /metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Metrics are one process's counters (Prometheus scrapes each process): the requests
    // counted and the scrape must reach the same app, so one replica here.
    t = await startTestApp({ database: "postgres", env: { RATE_LIMIT_PER_MINUTE: "2" }, replicas: 1 });
  });
  afterAll(async () => t?.close());

  it("serves Prometheus text: requests by method, route pattern and status, pool, job queue", async () => {
    const owner = newOwner();
    // The signed web lane skips nothing: use it under the limit of 2 per minute.
    const studio = await t.web("GET", "/v1/web/studio", owner);
    expect(studio.status).toBe(200);
    await t.deps.jobs.enqueue("record-heartbeat", {});
    await t.deps.database.executor.executeSql(
      `insert into pgboss.job (name, state, completed_on, data) values ('record-heartbeat', 'failed', now(), '{}')`,
    );
    await new Promise((r) => setTimeout(r, 50));

    const res = await t.request("GET", "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = res.body as string;
    expect(text).toContain('http_requests_total{method="GET",route="/v1/web/studio",status="200"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/v1\/web\/studio",status="200"\} 1/,
    );
    expect(text).toContain("studio_db_pool_max_connections 10");
    expect(text).toContain("studio_db_up 1");
    expect(text).toMatch(/studio_db_connections\{state="active"\} [1-9]/);
    expect(text).toMatch(/studio_job_queue_depth\{job="record-heartbeat"\} [1-9]/);
    const age = /studio_job_oldest_ready_age_seconds\{job="record-heartbeat"\} (\S+)/.exec(text)?.[1];
    expect(Number(age)).toBeGreaterThan(0);
    expect(text).toContain('studio_job_failed{job="record-heartbeat"} 1');
    expect(text).toContain('studio_job_failed_last_hour{job="record-heartbeat"} 1');
    expect(text).toMatch(/studio_job_queue_depth\{job="deliver-push"\} 0/);
    expect(text).toContain("studio_job_queue_up 1");
    expect(text).toContain("process_cpu_user_seconds_total");
    // Studio ids never become label values.
    expect(text).not.toContain(owner.studioId!);
  });

  it("is outside the /v1 rate limiter and the lanes", async () => {
    let limited = false;
    for (let i = 0; i < 4; i++) limited ||= (await t.request("GET", "/v1/web/studio")).status === 429;
    expect(limited).toBe(true);
    for (let i = 0; i < 8; i++) expect((await t.request("GET", "/metrics")).status).toBe(200);
  });

  it("counts unknown paths as one 'unmatched' route, never the raw path", async () => {
    await t.request("GET", "/v1/web/leads-that-do-not-exist/secret-id-1");
    await t.request("GET", "/random/secret-id-2");
    const text = (await t.request("GET", "/metrics")).body as string;
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
    expect(text).not.toContain("secret-id");
  });
});

describe("GET /metrics in production", () => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((a) => a.close())));

  it("without METRICS_TOKEN answers 404 like any unknown path", async () => {
    const t = await startTestApp({ database: "pglite", env: PRODUCTION_ENV });
    apps.push(t);
    const res = await t.request("GET", "/metrics");
    const unknown = await t.request("GET", "/no-such-path");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, code: "NOT_FOUND", message: unknown.body.message });
    expect(JSON.stringify(res.body)).not.toContain("http_requests_total");
    const withSomeToken = await t.request("GET", "/metrics", {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withSomeToken.status).toBe(404);
  });

  it("with METRICS_TOKEN serves only the bearer of that token, and is not rate limited", async () => {
    const t = await startTestApp({
      database: "pglite",
      env: { ...PRODUCTION_ENV, METRICS_TOKEN, RATE_LIMIT_PER_MINUTE: "1" },
    });
    apps.push(t);
    expect((await t.request("GET", "/v1/web/studio")).status).toBe(401);
    expect((await t.request("GET", "/v1/web/studio")).status).toBe(429);
    const missing = await t.request("GET", "/metrics");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe("Bearer");
    for (const authorization of [
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Bearer ${METRICS_TOKEN}0`,
      METRICS_TOKEN,
    ]) {
      const refused = await t.request("GET", "/metrics", { headers: { authorization } });
      expect(refused.status).toBe(401);
      expect(JSON.stringify(refused.body)).not.toContain("http_requests_total");
    }
    for (let i = 0; i < 5; i++) {
      const ok = await t.request("GET", "/metrics", {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toContain("http_requests_total");
      // PGlite: one connection, no pg_stat_activity view of a pool.
      expect(ok.body).toContain("studio_db_pool_max_connections 1");
    }
  });

  it("outside production a configured token is still required", async () => {
    const t = await startTestApp({ database: "pglite", env: { METRICS_TOKEN } });
    apps.push(t);
    expect((await t.request("GET", "/metrics")).status).toBe(401);
    const ok = await t.request("GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.status).toBe(200);
  });

  it("each app has its own registry: one app's requests are not in another's metrics", async () => {
    // Each process's own registry: requests and scrapes of one replica of each app.
    const [a, b] = [apps[1]!.replica(0), apps[2]!.replica(0)];
    await a.request("GET", "/healthz");
    await a.request("GET", "/healthz");
    const auth = { headers: { authorization: `Bearer ${METRICS_TOKEN}` } };
    const textA = (await a.request("GET", "/metrics", auth)).body as string;
    const textB = (await b.request("GET", "/metrics", auth)).body as string;
    expect(textA).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} 2/);
    expect(textB).not.toContain('route="/healthz"');
  });
});
