import { and, eq, isNull, ne, or } from "drizzle-orm";
import { clients, studios, type Db } from "@studio/db";

/** True when the studio exists and is not archived (the API caches this for 30 s per studio). */
export async function isStudioLive(db: Db, studioId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: studios.id })
    .from(studios)
    .where(and(eq(studios.id, studioId), isNull(studios.archivedAt)))
    .limit(1);
  return Boolean(row);
}

/** Valid IANA zone names only; Intl throws a RangeError for unknown ones. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Stores the app's x-timezone on the trainee when it changed. */
export async function storeTraineeTimezone(
  db: Db,
  input: { studioId: string; clientId: string; timezone: string },
) {
  await db
    .update(clients)
    .set({ timezone: input.timezone })
    .where(
      and(
        eq(clients.id, input.clientId),
        eq(clients.studioId, input.studioId),
        or(isNull(clients.timezone), ne(clients.timezone, input.timezone)),
      ),
    );
}
