import type { CoachScope, StudioScope } from "../scope";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { generateApiKey } from "@studio/auth";
import { apiKeys, studios, type Db } from "@studio/db";
import { notFound } from "../errors";

export const API_KEY_TOUCH_INTERVAL_MS = 5 * 60_000;

const toIso = (d: Date | null) => (d ? d.toISOString() : null);

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

export async function listApiKeys(db: Db, scope: StudioScope) {
  const { studioId } = scope;
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.studioId, studioId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: toIso(r.lastUsedAt),
    })),
  };
}

export async function revokeApiKey(db: Db, scope: StudioScope, input: { id: string }) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: scope.now })
    .where(and(eq(apiKeys.id, input.id), eq(apiKeys.studioId, scope.studioId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!rows[0]) throw notFound("api key");
  return { id: rows[0].id, revoked: true as const };
}

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
