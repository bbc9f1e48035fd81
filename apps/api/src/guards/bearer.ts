import type { Context } from "hono";
import { checkBearerReplay } from "@studio/auth";
import type { WebRole } from "@studio/contracts";
import { resolveBearerSession, type BearerSessionPrincipal } from "@studio/domain";
import type { AppEnv } from "../hono-env";
import { replayStore } from "../caches/replay-store";
import { requestHeader } from "../http/request-parts";
import { laneError, laneFailure } from "../rest/lane-error";

/** A resolved bearer session: our studio, its organization and the member's role there. */
export type BearerSession = BearerSessionPrincipal;

/**
 * Resolves session bearer tokens. The default reads the coach sign-in system's session and member
 * tables (better-auth, same database: `databaseBearerSessions`); tests may plug in another.
 */
export interface BearerSessionResolver {
  resolve(token: string, c: Context<AppEnv>): Promise<BearerSession | null>;
}

/** better-auth's session, member and organization tables of the same PostgreSQL (resolveBearerSession). */
export const databaseBearerSessions: BearerSessionResolver = {
  resolve: (token, c) => {
    const deps = c.get("deps");
    return resolveBearerSession(deps.database.db, { token, now: deps.now() });
  },
};

const ROLE_OF_MEMBER: Record<string, WebRole> = { owner: "OWNER", admin: "HEAD_COACH" };

/** Bearer lane: replay protection first, then the session. */
export async function authenticateBearer(
  c: Context<AppEnv>,
  resolver: BearerSessionResolver,
): Promise<Response | undefined> {
  const deps = c.get("deps");
  try {
    const replay = await checkBearerReplay({
      nonce: requestHeader(c, "x-nonce"),
      timestamp: requestHeader(c, "x-timestamp"),
      now: deps.now().getTime(),
      // Requests dated before the store last restarted, emptied or recovered may be replays.
      ...replayStore(deps.kv),
    });
    if (!replay.ok)
      return laneError(c, replay.status === 400 ? "BAD_REQUEST" : "UNAUTHORIZED", replay.message);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
    // A token longer than any session token is refused without a lookup.
    const session = match && match[1]!.length <= 512 ? await resolver.resolve(match[1]!, c) : null;
    if (!session) return laneError(c, "UNAUTHORIZED", "invalid session");
    // The session's active organization names the studio (document 1); like the web lane's
    // x-studio-id it maps to our studio through studios.organization_id.
    c.set("auth", {
      lane: "bearer",
      studioId: session.studioId,
      organizationId: session.organizationId,
      userId: session.userId,
      role: ROLE_OF_MEMBER[session.memberRole] ?? "SUB_COACH",
    });
    return undefined;
  } catch (error) {
    return laneFailure(c, error);
  }
}
