import type { Context } from "hono";
import { requestUrl } from "../http/request-parts";
import type { AnyTRPCRouter } from "@trpc/server";
import { AppError } from "@studio/domain";
import type { RequestContext } from "../context";
import { envelopeStyleFor, writeError, writeSuccess } from "./envelope";
import { mapError, type MappedError } from "./error-mapping";
import type { AppEnv } from "../hono-env";
import { isBodiless, readRawBody } from "../http/raw-body";
import { RouteTable, type RestRoute } from "./route-table";
import { procedureRunner, type ProcedureDef } from "./run-procedure";
import { serializeError } from "@studio/observability";

/**
 * Our thin REST adapter over tRPC: the route table is built once; each request matches a
 * route, assembles the input from query, JSON body and decoded path parameters, calls the
 * procedure (which parses the input with its own schema, runs its middlewares and validates
 * its output) and writes the lane's envelope with the route's success status.
 *
 * The procedure runs through procedureRunner (its middleware chain as tRPC runs it, without
 * tRPC's per-step copies or its caller's recursive proxy: measured costs, issue 16).
 */
export interface RestHandlerOptions {
  /**
   * Routes served before the adapter (the raw routes): a request whose method none of them
   * takes falls through to the adapter, which lists their methods in its 405 answer.
   */
  otherRoutes?: readonly { method: string; path: string }[];
}

export function createRestHandler(router: AnyTRPCRouter, options: RestHandlerOptions = {}) {
  const table = RouteTable.fromRouter(router);
  const others = new RouteTable();
  for (const route of options.otherRoutes ?? [])
    others.add({
      method: route.method,
      path: route.path,
      procedurePath: "",
      successStatus: 200,
      meta: {} as RestRoute["meta"],
    });
  /** Methods of a path no route of that method serves (405 when there are some). */
  const allowedMethods = (pathname: string) => {
    const methods = new Set([...table.allowedMethods(pathname), ...others.allowedMethods(pathname)]);
    return [...methods].sort((a, b) => METHODS.indexOf(a) - METHODS.indexOf(b));
  };
  const procedures = router._def.procedures as Record<string, { _def: ProcedureDef }>;
  const runners = new Map(
    Object.entries(procedures).map(([path, procedure]) => [path, procedureRunner(procedure._def)]),
  );

  const handler = async (c: Context<AppEnv>) => {
    const url = requestUrl(c);
    const style = envelopeStyleFor(url.pathname);
    const pathname = rawPathname(c) ?? url.pathname;
    const match = table.match(c.req.method, pathname);
    // The request log names this route without matching the path again.
    c.set("routePath", match?.route.path);
    if (!match) {
      // A known path with another method: 405 with the methods it takes (RFC 9110), in the
      // lane's error shape with code BAD_REQUEST (docs/decisions: "Unknown methods").
      const allowed = allowedMethods(pathname);
      if (allowed.length === 0)
        return writeError(c, mapError(new AppError("NOT_FOUND", "route not found")), style);
      c.header("Allow", allowed.join(", "));
      return writeError(c, methodNotAllowed(), style);
    }

    try {
      // A GET or HEAD reads no body; no query string, no query object (the common request).
      const input = {
        ...(url.search === "" ? undefined : queryObject(url.searchParams)),
        ...(isBodiless(c) ? undefined : await jsonBody(c)),
        ...match.params,
      };
      const deps = c.get("deps");
      const ctx: RequestContext = {
        requestId: c.get("requestId"),
        deps,
        db: deps.database.db,
        auth: c.get("auth"),
      };
      const path = match.route.procedurePath;
      const data = await runners.get(path)!({ path, ctx, getRawInput: async () => input });
      const { automationMessage, automationMessageOf } = match.route.meta;
      const message = automationMessageOf ? automationMessageOf(data as never) : automationMessage;
      return writeSuccess(c, data, match.route.successStatus, style, message);
    } catch (error) {
      const mapped = mapError(error);
      if (mapped.unexpected)
        c.get("deps").logger.error("request failed", {
          requestId: c.get("requestId"),
          err: serializeError(error),
        });
      return writeError(c, mapped, style);
    }
  };
  return { handler, table };
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** BAD_REQUEST answered with 405 (as a body over the limit is BAD_REQUEST with 413). */
const methodNotAllowed = (): MappedError => ({
  code: "BAD_REQUEST",
  message: "method not allowed",
  status: 405,
  unexpected: false,
});

/** The request target exactly as sent (Node keeps it on the incoming message). */
export function rawPathname(c: Context<AppEnv>): string | undefined {
  const raw = c.env?.incoming?.url;
  if (!raw) return undefined;
  const q = raw.indexOf("?");
  return q === -1 ? raw : raw.slice(0, q);
}

/** Single values stay strings; a repeated key becomes an array. */
function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/** An empty body (action POSTs like …/cancel) is an empty input, whatever its content type. */
async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const raw = await readRawBody(c);
  if (raw.byteLength === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new AppError("BAD_REQUEST", "malformed JSON body");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AppError("BAD_REQUEST", "the JSON body must be an object");
  }
  return parsed as Record<string, unknown>;
}
