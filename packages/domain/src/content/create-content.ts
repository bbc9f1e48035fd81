import type { ContentCreateInput, ContentItem } from "@studio/contracts";
import { contentItems, contentItemTags, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { findCoachItem } from "./content-record";
import {
  assertCategoryOfStudio,
  assertTagsOfStudio,
  defaultCategoryId,
  distinct,
} from "./content-references";
import { checkContentRules } from "./content-rules";

/**
 * POST /v1/web/content. categoryId omitted files the item under its type's default category
 * (none once that category was deleted); null leaves it uncategorized. An unknown category or
 * tag is VALIDATION, not NOT_FOUND. No notification, no activity.
 */
export async function createContent(
  db: Db,
  scope: StudioScope,
  input: ContentCreateInput,
): Promise<ContentItem> {
  const { studioId } = scope;
  const otherLabel = input.otherLabel ?? null;
  const mediaUrl = input.mediaUrl ?? null;
  checkContentRules({ type: input.type, otherLabel, mediaUrl });
  const tagIds = distinct(input.tagIds ?? []);
  return db.transaction(async (tx) => {
    let categoryId: string | null;
    if (input.categoryId === undefined) categoryId = await defaultCategoryId(tx, scope, input.type);
    else {
      categoryId = input.categoryId;
      if (categoryId !== null) await assertCategoryOfStudio(tx, scope, categoryId);
    }
    await assertTagsOfStudio(tx, scope, tagIds);
    const [row] = await tx
      .insert(contentItems)
      .values({
        studioId,
        type: input.type,
        title: input.title,
        description: input.description ?? null,
        otherLabel,
        mediaUrl,
        mediaType: input.mediaType ?? "none",
        posterUrl: input.posterUrl ?? null,
        ingredients: input.ingredients ?? null,
        steps: input.steps ?? [],
        totalKcal: input.totalKcal ?? null,
        totalProtein: input.totalProtein ?? null,
        totalCarbs: input.totalCarbs ?? null,
        totalFat: input.totalFat ?? null,
        servingGrams: input.servingGrams ?? null,
        servingKcal: input.servingKcal ?? null,
        servingProtein: input.servingProtein ?? null,
        servingCarbs: input.servingCarbs ?? null,
        servingFat: input.servingFat ?? null,
        categoryId,
        isPublished: input.isPublished,
        isFeatured: input.isFeatured,
        isRestricted: input.isRestricted,
        sortOrder: input.sortOrder,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .returning({ id: contentItems.id });
    const id = row!.id;
    if (tagIds.length)
      await tx.insert(contentItemTags).values(tagIds.map((tagId) => ({ studioId, itemId: id, tagId })));
    return (await findCoachItem(tx, scope, id))!;
  });
}
