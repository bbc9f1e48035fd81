import { apiKeys, studios, type Db } from "@studio/db";
import { and, eq, isNull, lt, or } from "drizzle-orm";

export const API_KEY_TOUCH_INTERVAL_MS = 5 * 60_000;

export interface ApiKeyPrincipal {
  apiKeyId: string;
  studioId: string;
  studioName: string;
  lastUsedAt: Date | null;
}

/** Finds a live key by its hash together with its (non-archived) studio. */
export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyPrincipal | null> {
  const [row] = await db
    .select({
      apiKeyId: apiKeys.id,
      studioId: apiKeys.studioId,
      studioName: studios.name,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(studios, eq(studios.id, apiKeys.studioId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), isNull(studios.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** lastUsedAt is written at most once per 5 minutes per key (the condition is in SQL for replicas). */
export async function touchApiKey(db: Db, input: { apiKeyId: string; now: Date }) {
  const threshold = new Date(input.now.getTime() - API_KEY_TOUCH_INTERVAL_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: input.now })
    .where(
      and(eq(apiKeys.id, input.apiKeyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, threshold))),
    );
}
