import type { Context } from "hono";
import type { z } from "zod";
import { AppError, type CoachScope, type TraineeScope } from "@studio/domain";
import { serializeError } from "@studio/observability";
import type { LaneAuth, RequestContext } from "../context";
import type { AppEnv } from "../hono-env";
import { writeError, writeSuccess } from "../rest/envelope";
import { mapError } from "../rest/error-mapping";
import { coachScopeOf, traineeScopeOf } from "../trpc";

/**
 * A route that is not JSON in / JSON out (raw bytes in, or bytes or bare JSON out), served by
 * Hono directly before the REST adapter, behind the same lane guard. Its entry in RAW_ROUTES
 * (raw/index.ts) documents it: the OpenAPI document and the route map read these fields.
 */
export interface RawRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path template; a `{name}` segment is a path parameter (Hono `:name`). */
  path: string;
  /** The route file, from the repository root. */
  file: string;
  /** The one domain function the handler calls (exported by packages/domain). */
  domainFunction: string;
  summary: string;
  tags: string[];
  successStatus: number;
  /** Path parameters (a zod object with one member per `{name}`), documented. */
  params?: z.ZodObject;
  /** Query parameters (a zod object), documented and parsed by the handler. */
  query?: z.ZodObject;
  /** The request body, when the route takes one: its media type and what it carries. */
  requestBody?: {
    contentType: string;
    description: string;
    maxBytes: (deps: RequestContext["deps"]) => number;
    /** A JSON body's schema (documented; the handler parses it). */
    schema?: z.ZodType;
  };
  /**
   * The success body: `output` as JSON (in the path's envelope style, see rest/envelope.ts), or
   * raw bytes of `responseMediaType` (for example application/pdf; `output` is then unused).
   */
  output: z.ZodType;
  responseMediaType?: string;
  /** Statuses the document rules cannot derive (as trpc-to-openapi's errorResponses). */
  errorResponses?: Record<number, string>;
  handler: (c: Context<AppEnv>) => Promise<Response>;
}

/** The Hono path of an OpenAPI template (`{token}` → `:token`). */
export const honoPathOf = (template: string): string => template.replace(/\{(\w+)\}/g, ":$1");

/** A matcher of concrete paths for a template with parameters (one segment each). */
export function templateMatcher(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]+")}$`);
}

type LaneContext<TLane extends LaneAuth["lane"]> = RequestContext & {
  auth: Extract<LaneAuth, { lane: TLane }>;
};

/**
 * The handler shell of one lane: the lane guard has proved the caller (UNAUTHORIZED when the
 * request is not of this lane); this runs the operation and writes the envelope; errors go
 * through mapError (an unexpected one logged).
 */
function laneRawHandler<TLane extends LaneAuth["lane"]>(
  lane: TLane,
  successStatus: number,
  run: (ctx: LaneContext<TLane>, c: Context<AppEnv>) => Promise<unknown>,
): (c: Context<AppEnv>) => Promise<Response> {
  return async (c) => {
    const deps = c.get("deps");
    try {
      const auth = c.get("auth");
      if (auth?.lane !== lane) throw new AppError("UNAUTHORIZED", "authentication required");
      const ctx = { requestId: c.get("requestId"), deps, db: deps.database.db, auth } as LaneContext<TLane>;
      return writeSuccess(c, await run(ctx, c), successStatus, "standard");
    } catch (error) {
      const mapped = mapError(error);
      if (mapped.unexpected)
        deps.logger.error("request failed", { requestId: c.get("requestId"), err: serializeError(error) });
      return writeError(c, mapped, "standard");
    }
  };
}

/**
 * The web lane's handler shell: the lane guard has proved the signature (over the raw bytes)
 * and the user context; this builds the same CoachScope as webProcedure (the dismissed-member
 * rule included), runs the operation and writes the envelope; errors go through mapError.
 */
export function webRawHandler(
  successStatus: number,
  run: (ctx: LaneContext<"web">, scope: CoachScope, c: Context<AppEnv>) => Promise<unknown>,
): (c: Context<AppEnv>) => Promise<Response> {
  return laneRawHandler("web", successStatus, async (ctx, c) => run(ctx, await coachScopeOf(ctx), c));
}

/**
 * The trainee lane's handler shell: the lane guard has proved the token (and refused a preview
 * session's write); this builds the same TraineeScope as traineeProcedure, runs the operation
 * and writes the envelope; errors go through mapError.
 */
export function traineeRawHandler(
  successStatus: number,
  run: (ctx: LaneContext<"trainee">, scope: TraineeScope, c: Context<AppEnv>) => Promise<unknown>,
): (c: Context<AppEnv>) => Promise<Response> {
  return laneRawHandler("trainee", successStatus, (ctx, c) => run(ctx, traineeScopeOf(ctx), c));
}

/** The media type of a Content-Type header, lower case, without parameters. */
export const mediaTypeOf = (header: string | undefined): string =>
  (header ?? "").split(";")[0]!.trim().toLowerCase();
