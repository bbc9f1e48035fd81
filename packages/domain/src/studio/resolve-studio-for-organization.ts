import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
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

/** Random-suffix slugs tried after the wanted slug and the organization's own clash slug. */
const RANDOM_SLUG_ATTEMPTS = 5;

/**
 * The slug a new studio gets when its wanted slug is taken: the wanted slug, a dash and the
 * first 8 hex digits of the SHA-256 of the organization id. Stable per organization, so
 * concurrent first requests of one organization try the same slugs in the same order.
 */
export function clashSlug(slug: string, organizationId: string): string {
  return `${slug}-${createHash("sha256").update(organizationId, "utf8").digest("hex").slice(0, 8)}`;
}

async function studioOfOrganization(db: Db, organizationId: string): Promise<StudioRow | undefined> {
  // Plain text equality: organization ids compare exactly (case and all).
  const rows = await db.select().from(studios).where(eq(studios.organizationId, organizationId)).limit(1);
  return rows[0];
}

/**
 * Web-lane studio resolution (document 1 "User context headers"): by external organization id
 * (exact); else a studio with the same slug that no organization holds yet
 * (`organization_id is null`) is linked to it; else a new studio is created with its default
 * content categories, under the wanted slug or, when another organization's studio has it,
 * under `clashSlug` (then random suffixes). A studio held by another organization is never
 * touched. Safe when first requests race: the link only takes an unheld row (the WHERE is
 * re-checked under the row lock), creation is `on conflict do nothing`, and a loser re-reads
 * the winner's row.
 */
export async function resolveStudioForOrganization(db: Db, ref: OrganizationRef): Promise<StudioRow> {
  const { organizationId } = ref;
  const existing = await studioOfOrganization(db, organizationId);
  if (existing) return existing;

  const slug = (ref.slug?.trim() || organizationId).toLowerCase();
  try {
    const [linked] = await db
      .update(studios)
      .set({ organizationId })
      .where(and(eq(studios.slug, slug), isNull(studios.organizationId)))
      .returning();
    if (linked) return linked;
  } catch (error) {
    // The organization got a studio concurrently (its unique index refused the link).
    const again = await studioOfOrganization(db, organizationId);
    if (again) return again;
    throw error;
  }

  const candidates = [slug, clashSlug(slug, organizationId)];
  for (let i = 0; i < RANDOM_SLUG_ATTEMPTS; i += 1)
    candidates.push(`${slug}-${randomBytes(4).toString("hex")}`);
  for (const candidate of candidates) {
    const created = await db.transaction(async (tx) => {
      // Any unique conflict (the slug, or the organization created concurrently) inserts nothing.
      const [row] = await tx
        .insert(studios)
        .values({ organizationId, slug: candidate, name: ref.name?.trim() || slug })
        .onConflictDoNothing()
        .returning();
      if (!row) return undefined;
      await tx
        .insert(contentCategories)
        .values(DEFAULT_CONTENT_CATEGORIES.map((c) => ({ ...c, studioId: row.id })));
      return row;
    });
    if (created) return created;
    const winner = await studioOfOrganization(db, organizationId);
    if (winner) return winner;
  }
  throw new Error("no free slug found for the new studio");
}
