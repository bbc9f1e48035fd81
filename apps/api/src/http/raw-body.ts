import type { Context } from "hono";
import type { AppEnv } from "../hono-env";

/** A GET or HEAD: its body is never read (a signed one that declares a body is refused). */
export const isBodiless = (c: Context<AppEnv>): boolean => c.req.method === "GET" || c.req.method === "HEAD";

/** The exact request bytes, read once: the signature is computed over them, and JSON is parsed from them. */
export async function readRawBody(c: Context<AppEnv>): Promise<Uint8Array> {
  const cached = c.get("rawBody");
  if (cached) return cached;
  const raw = isBodiless(c) ? new Uint8Array() : new Uint8Array(await c.req.arrayBuffer());
  c.set("rawBody", raw);
  return raw;
}
