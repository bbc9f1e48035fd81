import { eq } from "drizzle-orm";
import { contentCategories, studios, type Db } from "@studio/db";
import { DEFAULT_CONTENT_CATEGORIES } from "./default-content-categories";

export type StudioRow = typeof studios.$inferSelect;

export interface OrganizationRef {
  organizationId: string;
  /** x-studio-slug; defaults to the organization id in lower case. */
  slug?: string;
  /** x-studio-name; defaults to the slug. */
  name?: string;
}

/**
 * Web-lane studio resolution: by external organization id; else a studio with the same
 * slug is linked to the organization; else the studio is created with its default
 * content categories. Safe when two first requests race: the loser re-reads the winner's row.
 */
export async function resolveStudioForOrganization(db: Db, ref: OrganizationRef): Promise<StudioRow> {
  const byOrg = await db
    .select()
    .from(studios)
    .where(eq(studios.organizationId, ref.organizationId))
    .limit(1);
  if (byOrg[0]) return byOrg[0];

  const slug = (ref.slug?.trim() || ref.organizationId).toLowerCase();
  const linked = await db
    .update(studios)
    .set({ organizationId: ref.organizationId })
    .where(eq(studios.slug, slug))
    .returning();
  if (linked[0]) return linked[0];

  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(studios)
        .values({ organizationId: ref.organizationId, slug, name: ref.name?.trim() || slug })
        .returning();
      await tx
        .insert(contentCategories)
        .values(DEFAULT_CONTENT_CATEGORIES.map((c) => ({ ...c, studioId: created!.id })));
      return created!;
    });
  } catch (error) {
    // A concurrent request created (or linked) it first: answer that row.
    const again = await db
      .select()
      .from(studios)
      .where(eq(studios.organizationId, ref.organizationId))
      .limit(1);
    if (again[0]) return again[0];
    throw error;
  }
}
