import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../hono-env";

/**
 * Headers of every /v1/public/sign/* answer (document 3 "Document signing"), whoever wrote it
 * (the routes, the lane guard, the limiters, the body limit, not-found): Cache-Control no-store
 * (a PDF: private, no-store) and X-Robots-Tag noindex.
 */
export const signingHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const pdf = (c.res.headers.get("content-type") ?? "").toLowerCase().startsWith("application/pdf");
  const set = (headers: Headers) => {
    headers.set("cache-control", pdf ? "private, no-store" : "no-store");
    headers.set("x-robots-tag", "noindex");
  };
  try {
    set(c.res.headers);
  } catch {
    // An answer with immutable headers: copy it.
    const res = new Response(c.res.body, c.res);
    set(res.headers);
    c.res = res;
  }
};
