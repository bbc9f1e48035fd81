import { and, eq } from "drizzle-orm";
import { FULL_PERMISSIONS, PermissionsSchema, type CoachRecord, type Permissions } from "@studio/contracts";
import { coaches, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";

export type CoachRow = typeof coaches.$inferSelect;

/** A stored blob that fails the schema (or none) reads as every permission, as it acts. */
export function storedPermissions(stored: unknown): Permissions {
  if (stored == null) return FULL_PERMISSIONS;
  const parsed = PermissionsSchema.safeParse(stored);
  return parsed.success ? parsed.data : FULL_PERMISSIONS;
}

export const composeCoachName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

export function toCoachRecord(row: CoachRow): CoachRecord {
  return {
    id: row.id,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    jobTitle: row.jobTitle,
    permissionGroup: row.permissionGroup,
    permissions: storedPermissions(row.permissions),
    clientLimit: row.clientLimit,
    externalUserId: row.externalUserId,
    active: row.active,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Loads a Coach row of the studio; another studio's id answers exactly like a missing one. */
export async function loadCoach(
  db: DbOrTx,
  scope: StudioScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CoachRow> {
  const { studioId } = scope;
  const query = db
    .select()
    .from(coaches)
    .where(and(eq(coaches.id, id), eq(coaches.studioId, studioId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("coach");
  return row;
}
