import type { Context } from "hono";
import { checkBearerReplay } from "@studio/auth";
import type { WebRole } from "@studio/contracts";
import type { AppEnv } from "../hono-env";
import { replayStore } from "../caches/replay-store";
import { requestHeader } from "../http/request-parts";
import { laneError, laneFailure } from "../rest/lane-error";

/** A resolved bearer session: the active organization and the member's role there. */
export interface BearerSession {
  organizationId: string;
  userId: string;
  memberRole: string;
}

/**
 * Resolves session bearer tokens. No session mechanism is registered in this service
 * (document 1: the lane is unverified), so the default resolver refuses every token.
 */
export interface BearerSessionResolver {
  resolve(token: string): Promise<BearerSession | null>;
}
export const noBearerSessions: BearerSessionResolver = { resolve: async () => null };

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
    const session = match ? await resolver.resolve(match[1]!) : null;
    if (!session) return laneError(c, "UNAUTHORIZED", "invalid session");
    // Unlike the web lane, the studio id here is the organization id.
    c.set("auth", {
      lane: "bearer",
      studioId: session.organizationId,
      userId: session.userId,
      role: ROLE_OF_MEMBER[session.memberRole] ?? "SUB_COACH",
    });
    return undefined;
  } catch (error) {
    return laneFailure(c, error);
  }
}
