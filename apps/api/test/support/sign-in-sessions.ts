import { randomUUID } from "node:crypto";
import { authMembers, authOrganizations, authSessions, authUsers } from "@studio/db";
import type { TestApp } from "./harness";

/**
 * A coach's sign-in session as the sign-in system (better-auth with its organization plugin)
 * writes it: the user, the organization (once), the member row with `role` (none when null) and
 * a session whose active organization is `organizationId` (unless given). Answers the token.
 */
export async function insertSignInSession(
  t: TestApp,
  input: {
    organizationId: string;
    role: string | null;
    userId?: string;
    expiresAt?: Date;
    activeOrganizationId?: string | null;
  },
): Promise<string> {
  const db = t.deps.database.db;
  const userId = input.userId ?? `u_${randomUUID()}`;
  await db
    .insert(authUsers)
    .values({ id: userId, name: "Coach", email: `${userId}@example.com` })
    .onConflictDoNothing();
  await db
    .insert(authOrganizations)
    .values({ id: input.organizationId, name: "Studio" })
    .onConflictDoNothing();
  if (input.role !== null)
    await db
      .insert(authMembers)
      .values({ id: randomUUID(), organizationId: input.organizationId, userId, role: input.role });
  const token = randomUUID().replaceAll("-", "");
  await db.insert(authSessions).values({
    id: randomUUID(),
    token,
    userId,
    expiresAt: input.expiresAt ?? new Date(Date.now() + 3_600_000),
    activeOrganizationId:
      input.activeOrganizationId === undefined ? input.organizationId : input.activeOrganizationId,
  });
  return token;
}

/** Fresh replay-protection headers of the bearer lane. */
export const bearerReplayHeaders = (now = Date.now()) => ({
  "x-nonce": `n-${randomUUID()}`,
  "x-timestamp": String(now),
});
