import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";
import { requestHeader } from "./request-parts";

/** Every response carries x-request-id; a sane incoming one is kept for tracing across services. */
export function assignRequestId(c: Context<AppEnv>): void {
  const incoming = requestHeader(c, "x-request-id");
  const requestId = incoming && /^[\w.:-]{8,128}$/.test(incoming) ? incoming : randomUUID();
  c.set("requestId", requestId);
  // On Node the header goes onto the outgoing message, which Node merges into whatever answer
  // is written; Hono's c.header would build a Headers object per request for it (a measured
  // cost, issue 16). Without Node (app.request in a test) Hono's way.
  const outgoing = c.env?.outgoing;
  if (outgoing) outgoing.setHeader("x-request-id", requestId);
  else c.header("x-request-id", requestId);
}

/** assignRequestId as a middleware of its own (the app runs it inside its first middleware). */
export const requestIdMiddleware: MiddlewareHandler<AppEnv> = (c, next) => {
  assignRequestId(c);
  return next();
};
