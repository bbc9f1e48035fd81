import { z } from "zod";
import { boundedId, boundedName, boundedString, INPUT_LIMITS, INT4_MAX, INT4_MIN } from "./bounded";
import { wholeNumberPattern } from "./numeric-pattern";
import { paged, pagingQuery } from "./paging";

// Document 2 "Content item", "Category and tag", "Content unlock", "Content library (coach)",
// "Trainee content"; decisions.md names description, mediaType and posterUrl and the home banner.

export const CONTENT_TYPES = ["recipe", "video", "knowledge", "pdf", "other", "link"] as const;
export const ContentTypeSchema = z.enum(CONTENT_TYPES).meta({ id: "ContentType" });
export type ContentType = z.infer<typeof ContentTypeSchema>;

export const CONTENT_MEDIA_TYPES = ["image", "video", "youtube", "pdf", "link", "none"] as const;
export const ContentMediaTypeSchema = z.enum(CONTENT_MEDIA_TYPES).meta({ id: "ContentMediaType" });
export type ContentMediaType = z.infer<typeof ContentMediaTypeSchema>;

export const CONTENT_UNLOCK_SOURCES = ["manual", "automation"] as const;
export const ContentUnlockSourceSchema = z.enum(CONTENT_UNLOCK_SOURCES).meta({ id: "ContentUnlockSource" });
export type ContentUnlockSource = z.infer<typeof ContentUnlockSourceSchema>;

/** Document 2 "Limits". */
export const CONTENT_MACRO_MAX = 1_000_000;
export const CONTENT_TAXONOMY_NAME_MAX = 80;
export const CONTENT_UNLOCK_MAX = 5000;
export const CONTENT_PAGE_SIZE_DEFAULT = 100;
/** Where document 2 is silent (docs/decisions/content.md "Content library"). */
export const CONTENT_TITLE_MAX = INPUT_LIMITS.name;
export const CONTENT_STEPS_MAX = 200;
export const CONTENT_TAGS_PER_ITEM_MAX = 100;

/** The nine nutrition numbers of an item. */
export const CONTENT_MACRO_FIELDS = [
  "totalKcal",
  "totalProtein",
  "totalCarbs",
  "totalFat",
  "servingGrams",
  "servingKcal",
  "servingProtein",
  "servingCarbs",
  "servingFat",
] as const;
export type ContentMacroField = (typeof CONTENT_MACRO_FIELDS)[number];

const macro = z
  .number()
  .min(0, "must be at least 0")
  .max(CONTENT_MACRO_MAX, `must be at most ${CONTENT_MACRO_MAX}`)
  .nullable();

/** A trimmed optional text: empty after trimming is stored as null. */
const optionalText = (max: number) =>
  boundedString(max, { trim: true })
    .transform((v) => (v === "" ? null : v))
    .nullable();

/**
 * sortOrder: "integer, default 0, coerced to integer": any number inside the PostgreSQL integer
 * range is accepted and its fraction truncated (3.9 is 3); a whole number sent as a string
 * ("3") is that number (issue 26 item 1).
 */
const sortOrder = z
  .union([
    z.number().min(INT4_MIN, `must be at least ${INT4_MIN}`).max(INT4_MAX, `must be at most ${INT4_MAX}`),
    z
      .string()
      .max(32, "must be at most 32 characters")
      .regex(wholeNumberPattern(INT4_MIN, INT4_MAX), `must be a whole number from ${INT4_MIN} to ${INT4_MAX}`)
      .transform((value) => Number(value.trim())),
  ])
  .transform((v) => Math.trunc(v))
  .describe("integer; a fraction is truncated; a whole number may be sent as a string");

export const ContentStepSchema = z
  .object({
    type: z.enum(["step", "tip"]),
    text: boundedString(INPUT_LIMITS.text, { trim: true, min: 1 }),
  })
  .meta({ id: "ContentStep" });
export type ContentStep = z.infer<typeof ContentStepSchema>;

/** Fields of create and patch (all optional here; create and patch add their defaults). */
const contentFields = {
  type: ContentTypeSchema,
  title: boundedName(CONTENT_TITLE_MAX),
  description: optionalText(INPUT_LIMITS.longText),
  otherLabel: optionalText(INPUT_LIMITS.name).describe("required and non-blank when type is other"),
  mediaUrl: optionalText(INPUT_LIMITS.url).describe("required and non-blank when type is link"),
  mediaType: ContentMediaTypeSchema,
  posterUrl: optionalText(INPUT_LIMITS.url),
  ingredients: optionalText(INPUT_LIMITS.longText).describe("one ingredient per line"),
  steps: z.array(ContentStepSchema).max(CONTENT_STEPS_MAX),
  totalKcal: macro,
  totalProtein: macro,
  totalCarbs: macro,
  totalFat: macro,
  servingGrams: macro,
  servingKcal: macro,
  servingProtein: macro,
  servingCarbs: macro,
  servingFat: macro,
  categoryId: boundedId().nullable(),
  tagIds: z.array(boundedId()).max(CONTENT_TAGS_PER_ITEM_MAX),
};

/** The flags and sort order: their defaults apply on create and, per document 2, on every PATCH. */
const defaultedFields = {
  isPublished: z.boolean().default(true).describe("default true (also on PATCH when omitted)"),
  isFeatured: z.boolean().default(false).describe("default false (also on PATCH when omitted)"),
  isRestricted: z.boolean().default(false).describe("default false (also on PATCH when omitted)"),
  sortOrder: sortOrder.default(0).describe("default 0 (also on PATCH when omitted)"),
};

/** The nine macro fields, each optional, on create and patch alike. */
const optionalMacros = {
  totalKcal: macro.optional(),
  totalProtein: macro.optional(),
  totalCarbs: macro.optional(),
  totalFat: macro.optional(),
  servingGrams: macro.optional(),
  servingKcal: macro.optional(),
  servingProtein: macro.optional(),
  servingCarbs: macro.optional(),
  servingFat: macro.optional(),
};

/** `POST /v1/web/content`. */
export const ContentCreateInput = z.object({
  type: contentFields.type,
  title: contentFields.title,
  description: contentFields.description.optional(),
  otherLabel: contentFields.otherLabel.optional(),
  mediaUrl: contentFields.mediaUrl.optional(),
  mediaType: contentFields.mediaType.optional().describe("default none"),
  posterUrl: contentFields.posterUrl.optional(),
  ingredients: contentFields.ingredients.optional(),
  steps: contentFields.steps.optional(),
  ...optionalMacros,
  categoryId: contentFields.categoryId
    .optional()
    .describe(
      "omitted: the default category of the type (recipe, video; every other type knowledge), none if it was deleted; null: uncategorized",
    ),
  tagIds: contentFields.tagIds.optional().describe("tags of the studio; duplicates removed"),
  ...defaultedFields,
});
export type ContentCreateInput = z.infer<typeof ContentCreateInput>;

/**
 * `PATCH /v1/web/content/:id`: every create field optional, except that the four defaulted
 * fields still parse to true, false, false and 0 when omitted (document 2's quirk).
 */
export const ContentPatchInput = z.object({
  id: boundedId(),
  type: contentFields.type.optional(),
  title: contentFields.title.optional(),
  description: contentFields.description.optional(),
  otherLabel: contentFields.otherLabel.optional(),
  mediaUrl: contentFields.mediaUrl.optional(),
  mediaType: contentFields.mediaType.optional(),
  posterUrl: contentFields.posterUrl.optional(),
  ingredients: contentFields.ingredients.optional(),
  steps: contentFields.steps.optional(),
  ...optionalMacros,
  categoryId: contentFields.categoryId.optional().describe("omitted: kept; null: uncategorized"),
  tagIds: contentFields.tagIds.optional().describe("sent: replaces the item's tags; omitted: kept"),
  ...defaultedFields,
});
export type ContentPatchInput = z.infer<typeof ContentPatchInput>;

/** `GET /v1/web/content` and `GET /v1/trainee/content`. */
export const ContentListQuery = z.object({
  type: ContentTypeSchema.optional(),
  search: boundedName(INPUT_LIMITS.name, 0).optional().describe("case-insensitive contains on title"),
  ...pagingQuery(CONTENT_PAGE_SIZE_DEFAULT),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

// ---- taxonomy ----

export const ContentCategorySchema = z
  .object({
    id: z.string(),
    studioId: z.string(),
    name: z.string(),
    systemKey: z.string().nullable().describe("recipe, video or knowledge for the default categories"),
    sortOrder: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ContentCategory" });
export type ContentCategory = z.infer<typeof ContentCategorySchema>;

export const ContentTagSchema = z
  .object({
    id: z.string(),
    studioId: z.string(),
    name: z.string(),
    sortOrder: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ContentTag" });
export type ContentTag = z.infer<typeof ContentTagSchema>;

export const ContentTaxonomySchema = z
  .object({
    categories: z.array(ContentCategorySchema).describe("sortOrder then createdAt ascending; empty ones too"),
    tags: z.array(ContentTagSchema).describe("sortOrder then createdAt ascending"),
  })
  .meta({ id: "ContentTaxonomy" });
export type ContentTaxonomy = z.infer<typeof ContentTaxonomySchema>;

const taxonomyName = boundedName(CONTENT_TAXONOMY_NAME_MAX);
export const ContentTaxonomyNameInput = z.object({ name: taxonomyName });
export type ContentTaxonomyNameInput = z.infer<typeof ContentTaxonomyNameInput>;
export const ContentTaxonomyRenameInput = z.object({ id: boundedId(), name: taxonomyName });
export type ContentTaxonomyRenameInput = z.infer<typeof ContentTaxonomyRenameInput>;

// ---- items ----

const contentItemFields = {
  id: z.string(),
  type: ContentTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  otherLabel: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  mediaType: ContentMediaTypeSchema,
  posterUrl: z.string().nullable(),
  ingredients: z.string().nullable(),
  steps: z.array(ContentStepSchema),
  totalKcal: z.number().nullable(),
  totalProtein: z.number().nullable(),
  totalCarbs: z.number().nullable(),
  totalFat: z.number().nullable(),
  servingGrams: z.number().nullable(),
  servingKcal: z.number().nullable(),
  servingProtein: z.number().nullable(),
  servingCarbs: z.number().nullable(),
  servingFat: z.number().nullable(),
  categoryId: z.string().nullable(),
  tagIds: z.array(z.string()).describe("ordered by tag name"),
  isPublished: z.boolean(),
  isFeatured: z.boolean(),
  isRestricted: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  category: ContentCategorySchema.nullable(),
  tags: z.array(ContentTagSchema).describe("ordered by name"),
};

/** A coach's view of an item: the content fields, the resolved category and tags, the unlock count. */
export const ContentItemSchema = z
  .object({
    ...contentItemFields,
    unlockCount: z.number().int().describe("unlock rows of any source"),
  })
  .meta({ id: "ContentItem" });
export type ContentItem = z.infer<typeof ContentItemSchema>;
export const ContentListSchema = paged(ContentItemSchema);
export type ContentList = z.infer<typeof ContentListSchema>;

/** A trainee's view: the content fields, category and tags, and unlockedAt (restricted items only). */
export const TraineeContentItemSchema = z
  .object({
    ...contentItemFields,
    unlockedAt: z
      .string()
      .nullable()
      .describe("when this trainee's unlock row was created; set only for restricted items"),
  })
  .meta({ id: "TraineeContentItem" });
export type TraineeContentItem = z.infer<typeof TraineeContentItemSchema>;
export const TraineeContentListSchema = paged(TraineeContentItemSchema);
export type TraineeContentList = z.infer<typeof TraineeContentListSchema>;

// ---- unlocks ----

export const ContentUnlockSchema = z
  .object({
    contentId: z.string(),
    clientId: z.string(),
    source: ContentUnlockSourceSchema,
    createdAt: z.string(),
  })
  .meta({ id: "ContentUnlock" });
export type ContentUnlock = z.infer<typeof ContentUnlockSchema>;

export const ContentUnlockListSchema = z
  .object({ items: z.array(ContentUnlockSchema).describe("manual and automation rows, newest first") })
  .meta({ id: "ContentUnlockList" });
export type ContentUnlockList = z.infer<typeof ContentUnlockListSchema>;

/** `PUT /v1/web/content/:id/unlocks`: the manual unlock set (automation rows are kept). */
export const ContentUnlocksPutInput = z.object({
  id: boundedId(),
  clientIds: z
    .array(boundedId())
    .max(CONTENT_UNLOCK_MAX, `must have at most ${CONTENT_UNLOCK_MAX} entries`)
    .describe("trainee ids of the studio; duplicates removed; empty removes every manual unlock"),
});
export type ContentUnlocksPutInput = z.infer<typeof ContentUnlocksPutInput>;

/** The internal write operation (automation flows, imports): one automation unlock. */
export const ContentUnlockGrantInput = z.object({ contentId: boundedId(), clientId: boundedId() });
export type ContentUnlockGrantInput = z.infer<typeof ContentUnlockGrantInput>;

/** The internal write operation's answer: a unique collision is success with already true. */
export const ContentUnlockGrantSchema = z
  .object({ unlocked: z.boolean(), already: z.boolean() })
  .meta({ id: "ContentUnlockGrant" });
export type ContentUnlockGrant = z.infer<typeof ContentUnlockGrantSchema>;

// ---- home banner ----

/** `PUT /v1/web/studio/home-banner` (decisions.md "Supporting web routes"). */
export const HomeBannerInput = z.object({
  contentId: boundedId().nullable().describe("an item of the studio, or null for none"),
  isLive: z.boolean(),
});
export type HomeBannerInput = z.infer<typeof HomeBannerInput>;

export const HomeBannerSchema = z
  .object({
    contentId: z.string().nullable().describe("null once the item is deleted"),
    isLive: z.boolean(),
    updatedAt: z.string().nullable().describe("null while the studio never set one"),
  })
  .meta({ id: "HomeBanner" });
export type HomeBanner = z.infer<typeof HomeBannerSchema>;
