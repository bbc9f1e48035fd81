import { getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";
import { getParseFn, type Parser } from "@trpc/server/unstable-core-do-not-import";

/**
 * Runs a tRPC procedure's middleware chain (`_def.middlewares`: its own middlewares, the input
 * parser, the output parser, then the resolver) the way tRPC's `callRecursive` does, with the
 * same options, the same context merge (`next({ ctx })` adds to the context) and the same
 * results (a middleware sees an inner failure as `{ ok: false }`, never as a throw).
 *
 * Why our own loop (issue 16): tRPC copies its options object twice per step with a compiled
 * object-spread helper, the largest share of tRPC's cost in a signed web request's profile; this
 * builds one literal per step. tRPC's error formatter step (`_type: "errors"`) is skipped: it
 * shapes tRPC's own wire errors, and the REST adapter writes the lanes' envelopes instead.
 * `run-procedure.test.ts` checks this against tRPC's own caller on the same procedures.
 */
export interface ProcedureDef {
  type: string;
  meta?: unknown;
  /** The output schema (`.output(…)`), whose parser tRPC's output step closes over. */
  output?: Parser;
  middlewares: ProcedureStep[];
}

type ProcedureStep = ((opts: StepOptions) => Promise<StepResult>) & { _type?: string };

interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

interface StepOptions {
  ctx: object;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  path: string;
  type: string;
  signal: undefined;
  batchIndex: number;
  next: (opts?: NextOptions) => Promise<StepResult>;
}

type StepResult =
  { ok: true; data: unknown; marker: string } | { ok: false; error: TRPCError; marker: string };

const MARKER = "middlewareMarker";

/** A step that threw or rejected, as tRPC's callRecursive reports it to the step before. */
const failure = (cause: unknown): StepResult => ({
  ok: false,
  error: getTRPCErrorFromUnknown(cause),
  marker: MARKER,
});

/**
 * tRPC's output step (createOutputMiddleware) with the same parser, outcome and error, without
 * its two object spreads per call (copying the result to replace its data: ~1% of a signed web
 * GET's CPU, issue 30 profile).
 */
function outputStep(output: Parser): ProcedureStep {
  const parse = getParseFn(output);
  return async ({ next }) => {
    const result = await next();
    if (!result.ok) return result;
    try {
      return { ok: true, data: await parse(result.data), marker: result.marker };
    } catch (cause) {
      throw new TRPCError({ message: "Output validation failed", code: "INTERNAL_SERVER_ERROR", cause });
    }
  };
}

/**
 * The procedure as a function of one call, its steps picked once: the answer, or a throw of
 * its error as tRPC's caller would (a TRPCError).
 */
export function procedureRunner(def: ProcedureDef) {
  const steps = def.middlewares
    .filter((step) => step._type !== "errors")
    .map((step) => (step._type === "output" && def.output ? outputStep(def.output) : step));
  const { meta, type } = def;
  return async (call: {
    path: string;
    ctx: object;
    getRawInput: () => Promise<unknown>;
  }): Promise<unknown> => {
    // Not an async function: a step's promise gets one failure handler instead of an async
    // wrapper awaiting it (each await is a step of its own on every request, issue 16).
    const run = (
      index: number,
      ctx: object,
      input: unknown,
      getRawInput: () => Promise<unknown>,
    ): Promise<StepResult> => {
      let answer: Promise<StepResult>;
      try {
        answer = steps[index]!({
          ctx,
          input,
          getRawInput,
          meta,
          path: call.path,
          type,
          signal: undefined,
          batchIndex: 0,
          next: (next) =>
            run(
              index + 1,
              next?.ctx ? { ...ctx, ...next.ctx } : ctx,
              next && "input" in next ? next.input : input,
              next?.getRawInput ?? getRawInput,
            ),
        });
      } catch (cause) {
        return Promise.resolve(failure(cause));
      }
      return Promise.resolve(answer).then(undefined, failure);
    };
    const result = await run(0, call.ctx, undefined, call.getRawInput);
    // tRPC's caller refuses a chain that never reached the resolver the same way.
    if (!result)
      throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "no result from middlewares" });
    if (!result.ok) throw result.error;
    return result.data;
  };
}
