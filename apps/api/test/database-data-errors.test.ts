import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { serve, type ServerType } from "@hono/node-server";
import { z } from "zod";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@studio/db";
import type { AppDeps } from "../src/context";
import type { AppEnv } from "../src/hono-env";
import { requestIdMiddleware } from "../src/http/request-id";
import { mapError } from "../src/rest/error-mapping";
import { createRestHandler } from "../src/rest/rest-adapter";
import { baseProcedure, router } from "../src/trpc";
import { freshPglite, freshPostgres } from "./support/databases";

/**
 * PostgreSQL data errors are the last line of defence behind the contracts (issue "Platform
 * hardening" item 3): a value the database cannot store answers VALIDATION 422 with a message
 * naming the kind of problem, never the value, the column or the SQL. Each statement below
 * makes the real server (and PGlite) raise one SQLSTATE; the marker must never reach a client.
 */
const MARKER = "secret-marker-7f3a";
const incompressible = randomBytes(300_000).toString("base64");

const STATEMENTS: Record<string, { message: string; run: (h: DatabaseHandle) => Promise<unknown> }> = {
  "22P05": {
    message: "a text value contains a character that cannot be stored (such as NUL)",
    run: (h) => h.db.execute(sql`select ${`"${MARKER}\\u0000"`}::jsonb`),
  },
  "22021": {
    message: "a text value contains a character that cannot be stored (such as NUL)",
    run: (h) => h.db.execute(sql`select ${`${MARKER}\u0000`}::text`),
  },
  "22003": {
    message: "a number is out of range",
    run: (h) => h.db.execute(sql`select ${"2147483648"}::int4`),
  },
  "22008": {
    message: "a date or time is out of range",
    run: (h) => h.db.execute(sql`select ${"0000-01-01"}::date`),
  },
  "22007": {
    message: "a date or time is not valid",
    run: (h) => h.db.execute(sql`select ${MARKER}::timestamptz`),
  },
  "22P02": {
    message: "a value has an invalid format",
    run: (h) => h.db.execute(sql`select ${MARKER}::int4`),
  },
  "22001": {
    message: "a value is too long",
    run: (h) => h.db.execute(sql`insert into fuzz_short (v) values (${MARKER})`),
  },
  "54000": {
    message: "a value is too long",
    run: (h) => h.db.execute(sql`insert into fuzz_indexed (v) values (${MARKER + incompressible})`),
  },
};

async function prepare(h: DatabaseHandle) {
  await h.executor.executeSql("create table fuzz_short (v varchar(3))");
  await h.executor.executeSql("create table fuzz_indexed (v text)");
  await h.executor.executeSql("create index fuzz_indexed_v on fuzz_indexed (v)");
}

async function raised(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("the statement did not fail");
}

let pg: Awaited<ReturnType<typeof freshPostgres>>;
let lite: DatabaseHandle;
beforeAll(async () => {
  [pg, lite] = await Promise.all([freshPostgres(), freshPglite()]);
  await Promise.all([prepare(pg.handle), prepare(lite)]);
});
afterAll(async () => {
  await pg?.drop();
  await lite?.close();
});

describe("mapError: PostgreSQL data errors are VALIDATION", () => {
  for (const [state, { message, run }] of Object.entries(STATEMENTS)) {
    it(`${state} on PostgreSQL and PGlite → VALIDATION 422 "${message}", nothing of the value or SQL`, async () => {
      for (const handle of [pg.handle, lite]) {
        const error = await raised(() => run(handle));
        // Drizzle wraps the driver error; the SQLSTATE sits on its cause.
        expect((error as { cause?: { code?: string } }).cause?.code).toBe(state);
        const mapped = mapError(error);
        expect(mapped).toEqual({
          code: "VALIDATION",
          message,
          details: { issues: [{ path: "", message, code: "invalid_value" }] },
          status: 422,
          unexpected: false,
        });
        expect(JSON.stringify(mapped)).not.toMatch(/secret-marker|select|insert|fuzz_/i);
      }
    });
  }

  it("other database failures stay INTERNAL", async () => {
    const error = await raised(() => pg.handle.db.execute(sql`select * from no_such_table`));
    expect(mapError(error)).toMatchObject({ code: "INTERNAL", status: 500, unexpected: true });
  });
});

describe("over HTTP: a data error behind a route answers the lane's VALIDATION envelope", () => {
  const testRouter = router({
    probe: baseProcedure
      .meta({ openapi: { method: "POST", path: "/v1/web/probe/{state}" } })
      .input(z.object({ state: z.string() }))
      .output(z.unknown())
      .mutation(async ({ ctx, input }) => {
        await STATEMENTS[input.state]!.run(ctx.deps.database);
        return { stored: true };
      }),
    automationProbe: baseProcedure
      .meta({ openapi: { method: "POST", path: "/v1/automation/probe/{state}" } })
      .input(z.object({ state: z.string() }))
      .output(z.unknown())
      .mutation(async ({ ctx, input }) => {
        await STATEMENTS[input.state]!.run(ctx.deps.database);
        return { stored: true };
      }),
  });
  let server: ServerType;
  let baseUrl = "";
  const logged: unknown[] = [];

  beforeAll(async () => {
    const silent = { info() {}, warn() {}, debug() {} };
    const deps = {
      database: pg.handle,
      logger: { ...silent, error: (_m: string, f: unknown) => void logged.push(f), child: () => silent },
      now: () => new Date(),
    } as unknown as AppDeps;
    const { handler } = createRestHandler(testRouter);
    const app = new Hono<AppEnv>();
    app.use("*", requestIdMiddleware);
    app.use("*", async (c, next) => {
      c.set("deps", deps);
      c.set("auth", { lane: "web", studioId: "s", organizationId: "o", userId: "u", role: "OWNER" });
      await next();
    });
    app.all("/v1/*", handler);
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it("web lane: 422 {ok:false, code VALIDATION, message, details.issues, requestId}", async () => {
    for (const [state, { message }] of Object.entries(STATEMENTS)) {
      const res = await fetch(`${baseUrl}/v1/web/probe/${state}`, { method: "POST" });
      const body = (await res.json()) as Record<string, unknown>;
      expect(res.status, state).toBe(422);
      expect(body).toEqual({
        ok: false,
        code: "VALIDATION",
        message,
        details: { issues: [{ path: "", message, code: "invalid_value" }] },
        requestId: res.headers.get("x-request-id"),
      });
      expect(JSON.stringify(body)).not.toMatch(/secret-marker|select|insert|fuzz_/i);
    }
    // Expected answers: nothing is logged as an unexpected failure.
    expect(logged).toEqual([]);
  });

  it("automation lane: 400 {success:false, message}", async () => {
    const res = await fetch(`${baseUrl}/v1/automation/probe/22003`, { method: "POST" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: "a number is out of range" });
  });
});
