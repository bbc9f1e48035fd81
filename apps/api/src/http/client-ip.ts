import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { AppEnv } from "../hono-env";
import { requestHeader } from "./request-parts";

/** Signup verification (document 3): its throttles read x-client-ip when present. */
const isPublicOnboarding = (pathname: string) => pathname.startsWith("/v1/public/onboarding/");

/**
 * The visitor address: the socket peer, or the first x-forwarded-for hop behind a trusted
 * proxy; on a service-signed public signing request, the x-client-ip the web app forwards
 * (document 1 "Public lane": trusted because the signature proves the caller); on the signup
 * verification endpoints, x-client-ip whenever present (document 3 "Signup verification": the
 * client IP for throttling is the x-client-ip header when present, else the connection address).
 */
export function clientIp(c: Context<AppEnv>): string {
  const auth = c.get("auth");
  if (auth?.lane === "public" && (auth.signedByService || isPublicOnboarding(c.req.path))) {
    const forwarded = requestHeader(c, "x-client-ip")?.trim();
    if (forwarded) return forwarded;
  }
  if (c.get("deps").config.trustProxy) {
    const forwarded = requestHeader(c, "x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  // The socket's peer as getConnInfo reads it, without the object it builds per call (issue 30).
  const socket = c.env?.incoming?.socket;
  if (socket) return socket.remoteAddress ?? "unknown";
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
