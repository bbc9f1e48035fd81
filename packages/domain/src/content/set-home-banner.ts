import type { HomeBanner, HomeBannerInput } from "@studio/contracts";
import { contentItems, homeBanners, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { contentItemOf } from "./content-conditions";
import { fieldError } from "./content-references";
import { toHomeBanner } from "./content-record";

/**
 * PUT /v1/web/studio/home-banner (decisions.md): the studio's one banner, created or replaced.
 * contentId names an item of the studio (published or not) or null; another studio's or a
 * missing id is VALIDATION "content item not found", like the other ids a body names.
 */
export async function setHomeBanner(db: Db, scope: StudioScope, input: HomeBannerInput): Promise<HomeBanner> {
  const { studioId } = scope;
  if (input.contentId !== null) {
    const [item] = await db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(contentItemOf(studioId, input.contentId))
      .limit(1);
    if (!item) throw fieldError("contentId", "content item not found");
  }
  const [row] = await db
    .insert(homeBanners)
    .values({
      studioId,
      contentId: input.contentId,
      isLive: input.isLive,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .onConflictDoUpdate({
      target: homeBanners.studioId,
      set: { contentId: input.contentId, isLive: input.isLive, updatedAt: scope.now },
    })
    .returning();
  return toHomeBanner(row);
}
