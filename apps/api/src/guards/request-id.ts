import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";

/** Every response carries x-request-id; a sane incoming one is kept for tracing across services. */
export const requestIdMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const requestId = incoming && /^[\w.:-]{8,128}$/.test(incoming) ? incoming : randomUUID();
  c.set("requestId", requestId);
  c.header("x-request-id", requestId);
  await next();
};
