import { apiKeys, type Db } from "@studio/db";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { StudioScope } from "../scope";

const toIso = (d: Date | null) => (d ? d.toISOString() : null);

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
