import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@studio/domain";
import { mapError } from "../src/rest/error-mapping";
import { procedureRunner, type ProcedureDef } from "../src/rest/run-procedure";
import { appRouter } from "../src/router";

/**
 * The REST adapter runs procedures through procedureRunner instead of tRPC's caller (issue 16:
 * tRPC's per-step copies). Each case runs the same procedure both ways and expects the same
 * answer, or the same error (same class, code and mapped lane error).
 */
interface Ctx {
  base: string;
  seen: string[];
}
const t = initTRPC.context<Ctx>().create();

const stamped = t.procedure
  .use(async ({ ctx, next }) => next({ ctx: { first: `${ctx.base}-1` } }))
  .use(async ({ ctx, next }) => next({ ctx: { second: `${ctx.first}-2` } }));

/** Records how the outer middleware saw the inner outcome (tRPC hands it a result, never a throw). */
const observed = t.procedure.use(async ({ ctx, next }) => {
  const result = await next();
  ctx.seen.push(result.ok ? "ok" : `failed:${result.error.code}`);
  return result;
});

const router = t.router({
  echo: stamped
    .input(z.object({ name: z.string().min(2), count: z.coerce.number().int().default(1) }))
    .output(z.object({ text: z.string(), first: z.string(), second: z.string(), base: z.string() }))
    .query(({ ctx, input }) => ({
      text: `${input.name}×${input.count}`,
      first: ctx.first,
      second: ctx.second,
      base: ctx.base,
      dropped: "not in the output schema",
    })),
  replacedInput: t.procedure
    .use(async ({ next }) => next({ input: { name: "replaced" } }))
    .query(({ input }) => input),
  appError: observed.input(z.object({})).mutation(() => {
    throw new AppError("NOT_FOUND", "lead not found");
  }),
  badOutput: observed.output(z.object({ id: z.string() })).query(() => ({ id: 42 }) as never),
  refusedInMiddleware: t.procedure
    .use(() => {
      throw new TRPCError({ code: "UNAUTHORIZED", message: "authentication required" });
    })
    .query(() => "never"),
  plainThrow: t.procedure.query(() => {
    throw new Error("boom");
  }),
});

const procedures = router._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
const run = (path: keyof typeof router._def.procedures, input: unknown, ctx: Ctx) =>
  procedureRunner(procedures[path]!._def)({ path, ctx, getRawInput: async () => input });
const viaTrpc = (path: string, input: unknown, ctx: Ctx) =>
  (t.createCallerFactory(router)(ctx) as unknown as Record<string, (input: unknown) => Promise<unknown>>)[
    path
  ]!(input);

const outcome = async (call: () => Promise<unknown>) => {
  try {
    return { data: await call() };
  } catch (error) {
    return {
      errorClass: (error as object).constructor.name,
      code: (error as TRPCError).code,
      causeClass: ((error as TRPCError).cause as object | undefined)?.constructor.name,
      mapped: mapError(error),
    };
  }
};

const both = async (path: Parameters<typeof run>[0], input: unknown) => {
  const ours = { base: "ctx", seen: [] as string[] };
  const theirs = { base: "ctx", seen: [] as string[] };
  const a = await outcome(() => run(path, input, ours));
  const b = await outcome(() => viaTrpc(path, input, theirs));
  expect(a).toEqual(b);
  expect(ours.seen).toEqual(theirs.seen);
  return { outcome: a, seen: ours.seen };
};

describe("procedureRunner answers as tRPC's own caller", () => {
  it("merges each middleware's context, parses the input (coercion, defaults) and strips the output", async () => {
    const { outcome: result } = await both("echo", { name: "Ada", count: "3" });
    expect(result).toEqual({ data: { text: "Ada×3", first: "ctx-1", second: "ctx-1-2", base: "ctx" } });
  });

  it("a middleware may replace the input", async () => {
    expect((await both("replacedInput", { name: "given" })).outcome).toEqual({ data: { name: "replaced" } });
  });

  it("an input failure is BAD_REQUEST with the ZodError as cause: VALIDATION with the field path", async () => {
    const { outcome: result } = await both("echo", { name: "A" });
    expect(result).toMatchObject({ errorClass: "TRPCError", code: "BAD_REQUEST", causeClass: "ZodError" });
    expect((result as { mapped: { code: string; details: unknown } }).mapped).toMatchObject({
      code: "VALIDATION",
      details: { issues: [expect.objectContaining({ path: "name" })] },
    });
  });

  it("a domain error reaches the outer middleware as a failed result, then the adapter as its code", async () => {
    const { outcome: result, seen } = await both("appError", {});
    expect(seen).toEqual(["failed:INTERNAL_SERVER_ERROR"]);
    expect(result).toMatchObject({ errorClass: "TRPCError", causeClass: "AppError" });
    expect((result as { mapped: { code: string } }).mapped.code).toBe("NOT_FOUND");
  });

  it("an output that fails its schema is a server error, never the data", async () => {
    const { outcome: result, seen } = await both("badOutput", undefined);
    // The output parser runs inside the middleware: it sees the failure as tRPC shows it.
    expect(seen).toEqual(["failed:INTERNAL_SERVER_ERROR"]);
    expect(result).toMatchObject({ code: "INTERNAL_SERVER_ERROR", mapped: { code: "INTERNAL" } });
  });

  it("a middleware's own refusal and a plain throw keep their codes", async () => {
    expect((await both("refusedInMiddleware", undefined)).outcome).toMatchObject({
      code: "UNAUTHORIZED",
      mapped: { code: "UNAUTHORIZED" },
    });
    expect((await both("plainThrow", undefined)).outcome).toMatchObject({
      code: "INTERNAL_SERVER_ERROR",
      causeClass: "Error",
      mapped: { code: "INTERNAL" },
    });
  });

  it("every procedure of the app has the step shapes the runner expects", () => {
    const all = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
    expect(Object.keys(all).length).toBeGreaterThan(150);
    for (const [path, procedure] of Object.entries(all)) {
      expect(Array.isArray(procedure._def.middlewares), path).toBe(true);
      expect(
        procedure._def.middlewares.every((step) => typeof step === "function"),
        path,
      ).toBe(true);
      expect(["query", "mutation"], path).toContain(procedure._def.type);
    }
  });
});
