import { apiKeys, type Db } from "@studio/db";
import { and, eq, isNull } from "drizzle-orm";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";

export async function revokeApiKey(db: Db, scope: StudioScope, input: { id: string }) {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: scope.now })
    .where(and(eq(apiKeys.id, input.id), eq(apiKeys.studioId, scope.studioId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!rows[0]) throw notFound("api key");
  return { id: rows[0].id, revoked: true as const };
}
