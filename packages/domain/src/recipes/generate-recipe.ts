import { z } from "zod";
import {
  normalizeRecipeLink,
  RECIPE_DRAFT_LIMITS,
  type RecipeDraft,
  type RecipeGenerateInput,
} from "@studio/contracts";
import type { DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { ModelFailure, PageRead } from "../ports";
import type { CoachScope } from "../scope";

/** Page text sent to the model at most (the pasted text has its own input limit). */
export const RECIPE_PAGE_TEXT_MAX_CHARS = 30_000;
/** Per model attempt; one retry after an unavailable or unusable answer (not after a timeout). */
export const RECIPE_MODEL_TIMEOUT_MS = 30_000;
export const RECIPE_MODEL_RETRIES = 1;

export const RECIPE_LINK_UNREADABLE = "could not fetch recipe link";
export const RECIPE_LINK_NO_TEXT = "recipe link had no readable text";

const notBlank = (value: string) => value.replace(/\u0000/g, "").trim() !== "";

/**
 * What the model writes. Plain on purpose (it becomes a strict JSON schema); the draft is
 * cleaned from it. A blank title makes the answer unusable (the client retries once).
 */
export const RecipeModelAnswer = z.object({
  title: z.string().describe("the recipe's name, in Hebrew").refine(notBlank, "must not be blank"),
  description: z.string().describe("one or two sentences about the dish, in Hebrew; empty when unknown"),
  ingredients: z.array(z.string()).describe("one ingredient per entry with its quantity, in Hebrew"),
  steps: z
    .array(
      z.object({
        type: z.enum(["step", "tip"]).describe("step: an instruction; tip: advice or a variation"),
        text: z.string().describe("in Hebrew"),
      }),
    )
    .describe("the preparation steps in order, then tips"),
});
export type RecipeModelAnswer = z.infer<typeof RecipeModelAnswer>;

const SYSTEM_PROMPT = [
  "You turn a recipe into a draft for a fitness coach's content library.",
  "Write every field in Hebrew; translate when the source is in another language.",
  "Use only what the source says: do not invent ingredients, quantities or steps.",
  "title: the dish's name. description: one or two sentences about the dish (empty when the source gives nothing).",
  "ingredients: one ingredient per entry, with its quantity and unit as written.",
  "steps: the preparation in order, one action per step (type step); serving advice and variations as type tip.",
  "Ignore navigation, comments, advertisements and anything that is not the recipe.",
].join("\n");

/** Drops NUL, cuts at `max` UTF-16 units without splitting a surrogate pair. */
function cap(value: string, max: number): string {
  const clean = value.replace(/\u0000/g, "");
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The non-blank lines of a text, each trimmed. */
const lines = (value: string) =>
  value
    .replace(/\u0000/g, "")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** The model's answer as the content create body's recipe fields; blank lines and blank steps dropped. */
export function recipeDraftFrom(answer: RecipeModelAnswer): RecipeDraft {
  const description = lines(answer.description).join("\n");
  const ingredients = answer.ingredients.flatMap(lines).join("\n");
  const steps = answer.steps
    .map((step) => ({
      type: step.type,
      text: cap(lines(step.text).join("\n"), RECIPE_DRAFT_LIMITS.stepText),
    }))
    .filter((step) => step.text !== "")
    .slice(0, RECIPE_DRAFT_LIMITS.steps);
  return {
    type: "recipe",
    title: cap(lines(answer.title).join(" "), RECIPE_DRAFT_LIMITS.title).trim(),
    description: description ? cap(description, RECIPE_DRAFT_LIMITS.description) : null,
    ingredients: ingredients ? cap(ingredients, RECIPE_DRAFT_LIMITS.ingredients) : null,
    steps,
  };
}

/** The prompt: the link, the page's text when it was read, the pasted text when sent. */
export function recipePrompt(parts: {
  link: string | null;
  pageText: string | null;
  text: string | null;
}): string {
  const sections: string[] = [];
  if (parts.link) sections.push(`Recipe link: ${parts.link}`);
  if (parts.pageText)
    sections.push(`Text of the recipe page:\n"""\n${cap(parts.pageText, RECIPE_PAGE_TEXT_MAX_CHARS)}\n"""`);
  if (parts.text) sections.push(`Recipe text pasted by the coach:\n"""\n${parts.text}\n"""`);
  return sections.join("\n\n");
}

/**
 * The page's text: read directly under the outbound target checks; when the site blocks that
 * (any failure but a refused target), through the second reader.
 */
async function readRecipeLink(scope: CoachScope, link: string): Promise<PageRead> {
  const pages = scope.webPages;
  if (!pages) return { ok: false, failure: "unreachable", message: "no page reader" };
  const direct = await pages.read(link);
  if (direct.ok) return direct;
  scope.logger.info("recipe link not read directly", { failure: direct.failure, reason: direct.message });
  if (direct.failure === "refused") return direct;
  const second = await pages.readThroughReader(link);
  if (!second) return direct;
  if (second.ok) return second;
  scope.logger.info("recipe link not read by the second reader", {
    failure: second.failure,
    reason: second.message,
  });
  // "No readable text" when either reader got the page and found nothing to read.
  return second.failure === "no-text" || direct.failure !== "no-text" ? second : direct;
}

const MODEL_FAILURE_MESSAGE: Record<ModelFailure, string> = {
  unavailable: "language model unavailable",
  timeout: "language model timed out",
  "invalid-output": "language model answer was not usable",
};

/**
 * `POST /v1/web/content/generate-recipe` (document 2): a Hebrew recipe draft from pasted text
 * and/or a link, shaped as the content create body. Saves nothing. Without a model:
 * SERVICE_UNAVAILABLE. A link that cannot be read with no text: BAD_REQUEST with the spec's
 * messages; with text, the text alone is used.
 */
export async function generateRecipe(
  _db: DbOrTx,
  scope: CoachScope,
  input: RecipeGenerateInput,
): Promise<RecipeDraft> {
  const model = scope.model;
  if (!model) throw new AppError("SERVICE_UNAVAILABLE", "language model is not configured");
  const text = input.text?.trim() || null;
  const link = input.link?.trim() ? normalizeRecipeLink(input.link) : null;
  if (!text && !link) throw new AppError("VALIDATION", "text or link is required");

  let pageText: string | null = null;
  if (link) {
    const read = await readRecipeLink(scope, link);
    if (read.ok) pageText = read.text;
    else if (!text)
      throw new AppError(
        "BAD_REQUEST",
        read.failure === "no-text" ? RECIPE_LINK_NO_TEXT : RECIPE_LINK_UNREADABLE,
      );
  }

  const answer = await model.generate({
    schemaName: "recipe_draft",
    schema: RecipeModelAnswer,
    system: SYSTEM_PROMPT,
    prompt: recipePrompt({ link, pageText, text }),
    timeoutMs: RECIPE_MODEL_TIMEOUT_MS,
    retries: RECIPE_MODEL_RETRIES,
  });
  if (!answer.ok) {
    scope.logger.warn("recipe draft failed", { failure: answer.failure, reason: answer.message });
    throw new AppError("SERVICE_UNAVAILABLE", MODEL_FAILURE_MESSAGE[answer.failure]);
  }
  return recipeDraftFrom(answer.value);
}
