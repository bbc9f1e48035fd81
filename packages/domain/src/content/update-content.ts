import { eq } from "drizzle-orm";
import {
  CONTENT_MACRO_FIELDS,
  type ContentItem,
  type ContentPatchInput,
  type ContentType,
} from "@studio/contracts";
import { contentItems, contentItemTags, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { contentItemOf } from "./content-conditions";
import { findCoachItem } from "./content-record";
import { assertCategoryOfStudio, assertTagsOfStudio, distinct } from "./content-references";
import { checkContentRules } from "./content-rules";

type ItemChanges = Partial<typeof contentItems.$inferInsert>;

/**
 * PATCH /v1/web/content/:id. Fields sent change; isPublished, isFeatured, isRestricted and
 * sortOrder are always written (the contract parses omitted ones as true, false, false and 0:
 * document 2's quirk). The record is validated as it will be after the patch. tagIds, when
 * sent, replaces the item's tags in the same transaction; omitted, the tags are kept.
 */
export async function updateContent(
  db: Db,
  scope: StudioScope,
  input: ContentPatchInput,
): Promise<ContentItem> {
  const { studioId } = scope;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        type: contentItems.type,
        otherLabel: contentItems.otherLabel,
        mediaUrl: contentItems.mediaUrl,
      })
      .from(contentItems)
      .where(contentItemOf(studioId, input.id))
      .for("update")
      .limit(1);
    if (!current) throw notFound("content item");
    checkContentRules({
      type: input.type ?? (current.type as ContentType),
      otherLabel: input.otherLabel !== undefined ? input.otherLabel : current.otherLabel,
      mediaUrl: input.mediaUrl !== undefined ? input.mediaUrl : current.mediaUrl,
    });
    if (input.categoryId) await assertCategoryOfStudio(tx, scope, input.categoryId);
    const tagIds = input.tagIds === undefined ? undefined : distinct(input.tagIds);
    if (tagIds) await assertTagsOfStudio(tx, scope, tagIds);

    const changes: ItemChanges = {
      isPublished: input.isPublished,
      isFeatured: input.isFeatured,
      isRestricted: input.isRestricted,
      sortOrder: input.sortOrder,
      updatedAt: scope.now,
    };
    if (input.type !== undefined) changes.type = input.type;
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.otherLabel !== undefined) changes.otherLabel = input.otherLabel;
    if (input.mediaUrl !== undefined) changes.mediaUrl = input.mediaUrl;
    if (input.mediaType !== undefined) changes.mediaType = input.mediaType;
    if (input.posterUrl !== undefined) changes.posterUrl = input.posterUrl;
    if (input.ingredients !== undefined) changes.ingredients = input.ingredients;
    if (input.steps !== undefined) changes.steps = input.steps;
    if (input.categoryId !== undefined) changes.categoryId = input.categoryId;
    for (const field of CONTENT_MACRO_FIELDS) if (input[field] !== undefined) changes[field] = input[field];
    await tx.update(contentItems).set(changes).where(contentItemOf(studioId, input.id));

    if (tagIds) {
      await tx.delete(contentItemTags).where(eq(contentItemTags.itemId, input.id));
      if (tagIds.length)
        await tx
          .insert(contentItemTags)
          .values(tagIds.map((tagId) => ({ studioId, itemId: input.id, tagId })));
    }
    return (await findCoachItem(tx, scope, input.id))!;
  });
}
