import { and, eq, inArray } from "drizzle-orm";
import type { ContentType } from "@studio/contracts";
import { contentCategories, contentTags, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";

/** A VALIDATION error on one field, in the details shape of a contract failure. */
export const fieldError = (path: string, message: string) =>
  new AppError("VALIDATION", message, { issues: [{ path, message, code: "custom" }] });

/** Document 2: recipe and video have their own default category; every other type goes to knowledge. */
export const defaultCategoryKeyOf = (type: ContentType): "recipe" | "video" | "knowledge" =>
  type === "recipe" || type === "video" ? type : "knowledge";

/** The studio's default category of the type, or null once that category was deleted. */
export async function defaultCategoryId(
  db: DbOrTx,
  scope: StudioScope,
  type: ContentType,
): Promise<string | null> {
  const { studioId } = scope;
  const [row] = await db
    .select({ id: contentCategories.id })
    .from(contentCategories)
    .where(
      and(
        eq(contentCategories.studioId, studioId),
        eq(contentCategories.systemKey, defaultCategoryKeyOf(type)),
      ),
    )
    .orderBy(contentCategories.createdAt, contentCategories.id)
    .limit(1);
  return row?.id ?? null;
}

/** A category named by a body is VALIDATION "category not found" when it is not the studio's. */
export async function assertCategoryOfStudio(
  db: DbOrTx,
  scope: StudioScope,
  categoryId: string,
): Promise<void> {
  const { studioId } = scope;
  const [row] = await db
    .select({ id: contentCategories.id })
    .from(contentCategories)
    .where(and(eq(contentCategories.id, categoryId), eq(contentCategories.studioId, studioId)))
    .limit(1);
  if (!row) throw fieldError("categoryId", "category not found");
}

/** Tags named by a body are VALIDATION "tag not found" unless every one is the studio's. */
export async function assertTagsOfStudio(db: DbOrTx, scope: StudioScope, tagIds: string[]): Promise<void> {
  const { studioId } = scope;
  if (tagIds.length === 0) return;
  const rows = await db
    .select({ id: contentTags.id })
    .from(contentTags)
    .where(and(eq(contentTags.studioId, studioId), inArray(contentTags.id, tagIds)));
  if (rows.length !== tagIds.length) throw fieldError("tagIds", "tag not found");
}

/** Distinct values in their first order. */
export const distinct = (values: readonly string[]): string[] => [...new Set(values)];
