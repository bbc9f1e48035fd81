import type { Context } from "hono";
import type { AppEnv } from "../hono-env";

/**
 * A request header by its lower-case name, read from Node's parsed headers when the request came
 * through @hono/node-server: Hono's `c.req.header` builds an undici Headers object from them on
 * first use, a measured share of a small request (issue 16). For the names the guards read
 * (x-* headers, content-length, transfer-encoding) both answer alike: a repeated header's values
 * joined with ", ". Authorization stays on `c.req.header` (Node keeps only the first of two).
 */
export function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return typeof value === "string" ? value : value?.join(", ");
}

/**
 * The request URL, parsed once per request (the guards, the adapter and the request log each
 * needed its pathname and parsed it again).
 */
export function requestUrl(c: Context<AppEnv>): URL {
  let url = c.get("url");
  if (!url) c.set("url", (url = new URL(c.req.url)));
  return url;
}

/** The request target exactly as sent: path plus query string, as the signer saw it. */
export function pathWithQuery(c: Context<AppEnv>): string {
  const raw = c.env?.incoming?.url;
  if (raw) return raw;
  const url = requestUrl(c);
  return url.pathname + url.search;
}
