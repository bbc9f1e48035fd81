import { silentLogger } from "@studio/observability";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "@studio/domain";
import { clients, studios } from "@studio/db";
import type { AppDeps } from "../src/context";
import type { AppEnv } from "../src/hono-env";
import { requestIdMiddleware } from "../src/http/request-id";
import { createRestHandler } from "../src/rest/rest-adapter";
import { baseProcedure, requireRole, router } from "../src/trpc";
import { traineeAppProcedure } from "../src/procedures/trainee-app-access";
import { freshPostgres } from "./support/databases";
import { queryBoolean } from "@studio/contracts";

/**
 * The adapter against a purpose-built router: matching, input assembly, status and error
 * mapping, independent of any one domain.
 */
const seen: unknown[] = [];
const testRouter = router({
  content: router({
    byId: baseProcedure
      .meta({ openapi: { method: "GET", path: "/v1/web/content/{id}" } })
      .input(z.object({ id: z.string() }))
      .output(z.object({ kind: z.literal("item"), id: z.string() }))
      .query(({ input }) => ({ kind: "item" as const, id: input.id })),
    taxonomy: baseProcedure
      .meta({ openapi: { method: "GET", path: "/v1/web/content/taxonomy" } })
      .input(z.object({}))
      .output(z.object({ kind: z.literal("taxonomy") }))
      .query(() => ({ kind: "taxonomy" as const })),
    cancel: baseProcedure
      .meta({ openapi: { method: "POST", path: "/v1/web/content/{id}/cancel" }, successStatus: 201 })
      .input(z.object({ id: z.string() }))
      .output(z.object({ canceled: z.string() }))
      .mutation(({ input }) => ({ canceled: input.id })),
    search: baseProcedure
      .meta({ openapi: { method: "GET", path: "/v1/web/search" } })
      .input(
        z.object({
          archived: queryBoolean.optional(),
          page: z.coerce.number().int().positive().default(1),
          tag: z.union([z.string(), z.array(z.string())]).optional(),
        }),
      )
      .output(z.unknown())
      .query(({ input }) => input),
  }),
  guarded: router({
    headOnly: requireRole("OWNER", "HEAD_COACH")
      .meta({ openapi: { method: "GET", path: "/v1/web/guarded" } })
      .input(z.object({}))
      .output(z.object({ ok: z.boolean() }))
      .query(() => ({ ok: true })),
  }),
  traineeApp: router({
    probe: traineeAppProcedure
      .meta({ openapi: { method: "GET", path: "/v1/trainee/app-probe" } })
      .input(z.object({}))
      .output(z.object({ open: z.literal(true) }))
      .query(() => ({ open: true as const })),
  }),
  failures: router({
    app: baseProcedure
      .meta({ openapi: { method: "POST", path: "/v1/web/fail/app" } })
      .input(z.object({}))
      .output(z.unknown())
      .mutation(() => {
        throw new AppError("FORBIDDEN", "no seat", { reason: "PLAN_LIMIT_SEATS", limit: 1 });
      }),
    crash: baseProcedure
      .meta({ openapi: { method: "POST", path: "/v1/web/fail/crash" } })
      .input(z.object({}))
      .output(z.unknown())
      .mutation(() => {
        throw new Error("secret internals at /srv/app.ts:12");
      }),
    badOutput: baseProcedure
      .meta({ openapi: { method: "GET", path: "/v1/web/fail/output" } })
      .input(z.object({}))
      .output(z.object({ n: z.number() }))
      .query(() => ({ n: "not a number" }) as unknown as { n: number }),
    unique: baseProcedure
      .meta({ openapi: { method: "POST", path: "/v1/web/fail/unique" } })
      .input(z.object({}))
      .output(z.unknown())
      .mutation(async ({ ctx }) => {
        await ctx.deps.database.db.insert(studios).values({ name: "a", slug: "dup-slug" });
        await ctx.deps.database.db.insert(studios).values({ name: "b", slug: "dup-slug" });
      }),
    foreignKey: baseProcedure
      .meta({ openapi: { method: "POST", path: "/v1/web/fail/fk" } })
      .input(z.object({}))
      .output(z.unknown())
      .mutation(async ({ ctx }) => {
        await ctx.deps.database.executor.executeSql(
          "insert into content_categories (id, studio_id, name) values ('c1', 'no-such-studio', 'x')",
        );
      }),
    body: baseProcedure
      .meta({ openapi: { method: "PATCH", path: "/v1/web/body/{id}" } })
      .input(z.object({ id: z.string(), count: z.number().int().max(5), flag: z.boolean() }))
      .output(z.unknown())
      .mutation(({ input }) => {
        seen.push(input);
        return input;
      }),
  }),
});

let db: Awaited<ReturnType<typeof freshPostgres>>;
let traineeStudioId = "";
let app: Hono<AppEnv>;
const errors: unknown[] = [];

beforeAll(async () => {
  db = await freshPostgres();
  const deps = {
    database: db.handle,
    logger: {
      ...silentLogger,
      error: (_m: string, f: unknown) => void errors.push(f),
      child: () => silentLogger,
    },
    now: () => new Date(),
    config: { appWebUrl: "http://localhost:3000" },
  } as unknown as AppDeps;
  const [studio] = await db.handle.db
    .insert(studios)
    .values({ name: "App lock", slug: "app-lock" })
    .returning();
  traineeStudioId = studio!.id;
  const day = 86_400_000;
  await db.handle.db.insert(clients).values([
    { id: "open", studioId: traineeStudioId, firstName: "O", phone: "+972500000101" },
    {
      id: "frozen",
      studioId: traineeStudioId,
      firstName: "F",
      phone: "+972500000102",
      freezeStartedAt: new Date(Date.now() - day),
    },
    {
      id: "frozen-allowed",
      studioId: traineeStudioId,
      firstName: "A",
      phone: "+972500000103",
      freezeStartedAt: new Date(Date.now() - day),
      allowAppWhileFrozen: true,
    },
    {
      id: "ended",
      studioId: traineeStudioId,
      firstName: "E",
      phone: "+972500000104",
      accessEndsAt: new Date(Date.now() - day),
    },
    {
      id: "queued",
      studioId: traineeStudioId,
      firstName: "Q",
      phone: "+972500000105",
      accessEndsAt: new Date(Date.now() + 30 * day),
    },
  ]);
  const { handler } = createRestHandler(testRouter);
  app = new Hono<AppEnv>();
  app.use("*", requestIdMiddleware);
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    const role = c.req.header("x-test-role");
    const trainee = c.req.header("x-test-trainee");
    if (trainee)
      c.set("auth", { lane: "trainee", studioId: traineeStudioId, clientId: trainee, preview: false });
    else
      c.set(
        "auth",
        role
          ? { lane: "web", studioId: "s", organizationId: "o", userId: "u", role: role as "OWNER" }
          : { lane: "public" },
      );
    await next();
  });
  app.all("/v1/*", handler);
});
afterAll(async () => db?.drop());

const call = async (method: string, path: string, body?: string) => {
  const res = await app.request(path, {
    method,
    body,
    headers: body ? { "content-type": "application/json" } : {},
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
};

describe("REST adapter: matching", () => {
  it("a static segment wins over a parameter (/content/taxonomy is not /content/{id})", async () => {
    expect((await call("GET", "/v1/web/content/taxonomy")).body.data).toEqual({ kind: "taxonomy" });
    expect((await call("GET", "/v1/web/content/abc")).body.data).toEqual({ kind: "item", id: "abc" });
  });

  it("path parameters arrive decoded", async () => {
    expect((await call("GET", "/v1/web/content/a%20b%2Fc")).body.data.id).toBe("a b/c");
  });

  it("an empty action POST is an empty input and answers the route's status", async () => {
    const res = await app.request("/v1/web/content/x1/cancel", { method: "POST" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as any).data).toEqual({ canceled: "x1" });
  });

  it("an unknown path answers NOT_FOUND in the envelope", async () => {
    const res = await call("GET", "/v1/web/nowhere");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("a known path with another method answers 405 with Allow (issue 26 item 12)", async () => {
    // /content/taxonomy is served by GET /content/taxonomy and GET /content/{id}: GET only.
    const res = await call("DELETE", "/v1/web/content/taxonomy");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(res.body).toMatchObject({ ok: false, code: "BAD_REQUEST", message: "method not allowed" });
    const cancel = await call("GET", "/v1/web/content/x/cancel");
    expect(cancel.status).toBe(405);
    expect(cancel.headers.get("allow")).toBe("POST");
  });

  it("query values are parsed by the procedure's own schema: 'false' stays false, repeated keys are arrays", async () => {
    const res = await call("GET", "/v1/web/search?archived=false&page=3&tag=a&tag=b");
    expect(res.body.data).toEqual({ archived: false, page: 3, tag: ["a", "b"] });
    const bad = await call("GET", "/v1/web/search?page=0");
    expect(bad.status).toBe(422);
  });
});

describe("requireRole", () => {
  it("answers 401 authentication required when no web auth exists", async () => {
    const res = await call("GET", "/v1/web/guarded");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: "UNAUTHORIZED", message: "authentication required" });
  });

  it("answers 403 insufficient role when the role is not listed, and passes a listed one", async () => {
    const sub = await app.request("/v1/web/guarded", { headers: { "x-test-role": "SUB_COACH" } });
    expect(sub.status).toBe(403);
    expect(await sub.json()).toMatchObject({ code: "FORBIDDEN", message: "insufficient role" });
    const head = await app.request("/v1/web/guarded", { headers: { "x-test-role": "HEAD_COACH" } });
    expect(head.status).toBe(200);
  });
});

describe("requireTraineeAppAccess (traineeAppProcedure)", () => {
  const probe = (clientId: string) =>
    app.request("/v1/trainee/app-probe", { headers: { "x-test-trainee": clientId } });

  it("answers 403 APP_LOCKED for a frozen plan and for an ended one", async () => {
    for (const id of ["frozen", "ended"]) {
      const res = await probe(id);
      expect(res.status, id).toBe(403);
      expect(await res.json()).toMatchObject({ ok: false, code: "APP_LOCKED" });
    }
  });

  it("lets through a trainee with no freeze and no end date, one allowed while frozen, and one whose coverage runs on", async () => {
    for (const id of ["open", "frozen-allowed", "queued"]) expect((await probe(id)).status, id).toBe(200);
  });

  it("a trainee that does not exist in the token's studio answers NOT_FOUND trainee not found", async () => {
    const res = await probe("nobody");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND", message: "trainee not found" });
  });
});

describe("REST adapter: errors in one place", () => {
  it("zod input failures are VALIDATION 422 with field details", async () => {
    const res = await call("PATCH", "/v1/web/body/1", JSON.stringify({ count: 9, flag: "yes" }));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
    expect(res.body.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(["count", "flag"]);
  });

  it("body, query and path merge with the path parameter winning", async () => {
    const res = await call(
      "PATCH",
      "/v1/web/body/real",
      JSON.stringify({ id: "spoofed", count: 1, flag: true }),
    );
    expect(res.body.data).toEqual({ id: "real", count: 1, flag: true });
  });

  it("malformed JSON is BAD_REQUEST 400", async () => {
    const res = await call("PATCH", "/v1/web/body/1", "{nope");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, code: "BAD_REQUEST" });
  });

  it("an AppError keeps its code, message and details", async () => {
    const res = await call("POST", "/v1/web/fail/app");
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      message: "no seat",
      details: { reason: "PLAN_LIMIT_SEATS", limit: 1 },
    });
  });

  it("an unexpected error is INTERNAL 500 without internals in the body, logged with the requestId", async () => {
    const res = await call("POST", "/v1/web/fail/crash");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      ok: false,
      code: "INTERNAL",
      message: "internal error",
      requestId: expect.any(String),
    });
    expect(errors.some((e) => (e as { requestId?: string }).requestId === res.body.requestId)).toBe(true);
  });

  it("an output that fails its schema is INTERNAL, not VALIDATION", async () => {
    expect((await call("GET", "/v1/web/fail/output")).status).toBe(500);
  });

  it("a unique violation is CONFLICT 409", async () => {
    const res = await call("POST", "/v1/web/fail/unique");
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "CONFLICT", message: "unique constraint failed" });
  });

  it("a foreign-key violation is CONFLICT related resource constraint failed", async () => {
    const res = await call("POST", "/v1/web/fail/fk");
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "CONFLICT", message: "related resource constraint failed" });
  });
});
