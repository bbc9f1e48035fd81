import { sql } from "drizzle-orm";
import { coaches, type Db } from "@studio/db";

/**
 * A web caller with role OWNER gets a HEAD_COACH Coach row (created on first sight; an
 * existing row keeps its fields). The API calls this once per process per owner.
 */
export async function ensureOwnerCoach(
  db: Db,
  input: { studioId: string; userId: string; name?: string; email?: string },
): Promise<void> {
  const name = input.name?.trim() || input.email?.trim() || "Owner";
  const [firstName = name, ...rest] = name.split(/\s+/);
  await db
    .insert(coaches)
    .values({
      studioId: input.studioId,
      externalUserId: input.userId,
      name,
      firstName,
      lastName: rest.join(" "),
      email: input.email?.trim() ?? "",
      role: "HEAD_COACH",
    })
    .onConflictDoNothing({
      target: [coaches.studioId, coaches.externalUserId],
      where: sql`${coaches.externalUserId} is not null`,
    });
}
