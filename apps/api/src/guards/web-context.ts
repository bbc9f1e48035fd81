import type { Context } from "hono";
import { WebRoleSchema, type WebRole } from "@studio/contracts";
import {
  ensureOwnerCoach,
  resolveStudioForOrganization,
  recordWebMember,
  touchCoachActivity,
  COACH_ACTIVITY_STAMP_INTERVAL_MS,
  type OrganizationMemberRole,
} from "@studio/domain";
import type { AppEnv } from "../hono-env";
import { requestHeader } from "../http/request-parts";
import { laneError, laneFailure } from "../rest/lane-error";
import type { WebContextCache } from "../caches/web-context-cache";

const MEMBER_ROLE: Record<WebRole, OrganizationMemberRole> = {
  OWNER: "owner",
  HEAD_COACH: "admin",
  SUB_COACH: "member",
};

/** x-user-role: a missing or unknown value reads as SUB_COACH. */
const WEB_ROLES: ReadonlySet<string> = new Set(WebRoleSchema.options);

export const parseWebRole = (value: string | undefined): WebRole => {
  const role = value?.trim().toUpperCase();
  return role !== undefined && WEB_ROLES.has(role) ? (role as WebRole) : "SUB_COACH";
};

/**
 * The web user context step (document 1 "User context headers"), run after the signature:
 * resolves the studio by organization (cached), ensures the owner's HEAD_COACH row once
 * per process, records the organization member (insert-if-missing, owner promotion), stamps lastActiveAt at most every 5 minutes.
 */
export function resolveWebContext(
  c: Context<AppEnv>,
  cache: WebContextCache,
): Response | undefined | Promise<Response | undefined> {
  const organizationId = requestHeader(c, "x-studio-id")?.trim();
  const userId = requestHeader(c, "x-user-id")?.trim();
  if (!organizationId || !userId) return laneError(c, "UNAUTHORIZED", "missing web user context");
  const role = parseWebRole(requestHeader(c, "x-user-role"));
  // The steady state (studio known, member synced, owner row ensured, activity stamped within
  // the interval) writes nothing: answered without an async step (issue 16).
  const knownStudioId = cache.studioByOrganization.get(organizationId);
  if (knownStudioId) {
    const userKey = `${knownStudioId}:${userId}`;
    const lastStamp = cache.activityStamped.get(userKey);
    if (
      cache.memberSynced.get(`${userKey}:${role}`) &&
      (role !== "OWNER" || cache.ownerCoachEnsured.get(userKey)) &&
      lastStamp !== undefined &&
      c.get("deps").now().getTime() - lastStamp < COACH_ACTIVITY_STAMP_INTERVAL_MS
    ) {
      c.set("auth", { lane: "web", studioId: knownStudioId, organizationId, userId, role });
      return undefined;
    }
  }
  return syncWebContext(c, cache, { organizationId, userId, role });
}

/** The web context step's writes (see resolveWebContext), each skipped once this process did it. */
async function syncWebContext(
  c: Context<AppEnv>,
  cache: WebContextCache,
  { organizationId, userId, role }: { organizationId: string; userId: string; role: WebRole },
): Promise<Response | undefined> {
  const deps = c.get("deps");
  const { db } = deps.database;
  try {
    let studioId = cache.studioByOrganization.get(organizationId);
    if (!studioId) {
      const studio = await resolveStudioForOrganization(db, {
        organizationId,
        slug: requestHeader(c, "x-studio-slug"),
        name: requestHeader(c, "x-studio-name"),
      });
      studioId = studio.id;
      cache.studioByOrganization.set(organizationId, studioId);
    }
    const userKey = `${studioId}:${userId}`;
    const memberKey = `${userKey}:${role}`;
    if (!cache.memberSynced.get(memberKey)) {
      await recordWebMember(db, { studioId, userId, role: MEMBER_ROLE[role] });
      cache.memberSynced.set(memberKey, true);
    }
    if (role === "OWNER" && !cache.ownerCoachEnsured.get(userKey)) {
      await ensureOwnerCoach(db, {
        studioId,
        userId,
        name: requestHeader(c, "x-user-name"),
        email: requestHeader(c, "x-user-email"),
      });
      cache.ownerCoachEnsured.set(userKey, true);
    }
    const now = deps.now();
    const lastStamp = cache.activityStamped.get(userKey);
    if (lastStamp === undefined || now.getTime() - lastStamp >= COACH_ACTIVITY_STAMP_INTERVAL_MS) {
      await touchCoachActivity(db, { studioId, userId, now });
      cache.activityStamped.set(userKey, now.getTime());
    }
    c.set("auth", { lane: "web", studioId, organizationId, userId, role });
    return undefined;
  } catch (error) {
    return laneFailure(c, error);
  }
}
