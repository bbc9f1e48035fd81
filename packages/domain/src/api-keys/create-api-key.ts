import { generateApiKey } from "@studio/auth";
import { apiKeys, type Db } from "@studio/db";
import type { CoachScope } from "../scope";

/** Creates a key; the plain key is returned here once and never stored. */
export async function createApiKey(db: Db, scope: CoachScope, input: { name: string }) {
  const { key, hash, prefix } = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      studioId: scope.studioId,
      name: input.name,
      keyHash: hash,
      prefix,
      createdByUserId: scope.actor.userId,
    })
    .returning();
  return { id: row!.id, name: row!.name, key, prefix, createdAt: row!.createdAt.toISOString() };
}
