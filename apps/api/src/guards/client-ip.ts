import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { AppEnv } from "../hono-env";

/**
 * The visitor address: the socket peer, or the first x-forwarded-for hop behind a trusted
 * proxy; on a service-signed public signing request, the x-client-ip the web app forwards
 * (document 1 "Public lane": trusted because the signature proves the caller).
 */
export function clientIp(c: Context<AppEnv>): string {
  const auth = c.get("auth");
  if (auth?.lane === "public" && auth.signedByService) {
    const forwarded = c.req.header("x-client-ip")?.trim();
    if (forwarded) return forwarded;
  }
  if (c.get("deps").config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
