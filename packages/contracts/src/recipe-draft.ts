import { z } from "zod";
import { boundedString, INPUT_LIMITS } from "./bounded";

// Document 2 "Content library (coach)" → POST /v1/web/content/generate-recipe.

/** Where document 2 is silent (docs/decisions/content.md "Recipe drafts"). */
export const RECIPE_DRAFT_LIMITS = {
  /** Pasted recipe text. */
  text: INPUT_LIMITS.longText,
  /** The draft's fields fit the content create body (title 200, description and ingredients 10,000, 200 steps of 2,000). */
  title: INPUT_LIMITS.name,
  description: INPUT_LIMITS.longText,
  ingredients: INPUT_LIMITS.longText,
  steps: 200,
  stepText: INPUT_LIMITS.text,
} as const;

/** A scheme written at the start of a link (`https:`, `ftp:`), unless it is a host and port (`example.com:8080`). */
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d+(?:[/?#]|$))/i;

/**
 * The link as fetched: trimmed, `https://` added when it has no scheme (`//host/path` gets
 * `https:`). Null when it is not an absolute http or https URL with a host.
 */
export function normalizeRecipeLink(link: string): string | null {
  const trimmed = link.trim();
  const withScheme = trimmed.startsWith("//")
    ? `https:${trimmed}`
    : SCHEME.test(trimmed)
      ? trimmed
      : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
  return url.href;
}

/**
 * `POST /v1/web/content/generate-recipe`: text and/or link; at least one is required after
 * trimming, and a link must normalize (`normalizeRecipeLink`) to an http or https URL.
 */
export const RecipeGenerateInput = z
  .object({
    text: boundedString(RECIPE_DRAFT_LIMITS.text, { trim: true })
      .nullable()
      .optional()
      .describe("pasted recipe text"),
    link: boundedString(INPUT_LIMITS.url, { trim: true })
      .nullable()
      .optional()
      .describe("recipe page; https:// is added when no scheme is given; only http and https"),
  })
  .superRefine((input, ctx) => {
    if (!input.text && !input.link)
      ctx.addIssue({ code: "custom", path: [], message: "text or link is required" });
    if (input.link && normalizeRecipeLink(input.link) === null)
      ctx.addIssue({ code: "custom", path: ["link"], message: "link must be an http or https URL" });
  });
export type RecipeGenerateInput = z.output<typeof RecipeGenerateInput>;

export const RecipeDraftStepSchema = z
  .object({ type: z.enum(["step", "tip"]), text: z.string() })
  .meta({ id: "RecipeDraftStep" });

/**
 * The draft: the content create body's recipe fields, ready to be sent to POST /v1/web/content
 * (type recipe, title, description, ingredients one per line, steps). Blank lines and blank
 * steps are dropped; description and ingredients are null when empty.
 */
export const RecipeDraftSchema = z
  .object({
    type: z.literal("recipe"),
    title: z.string(),
    description: z.string().nullable(),
    ingredients: z.string().nullable().describe("one ingredient per line"),
    steps: z.array(RecipeDraftStepSchema),
  })
  .meta({ id: "RecipeDraft" });
export type RecipeDraft = z.infer<typeof RecipeDraftSchema>;
