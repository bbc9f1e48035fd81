import { isFileTemplateContentAllowed } from "./is-file-template-content-allowed";
import { normalizeNutritionContent } from "./normalize-nutrition-content";
import { normalizeTrainingContent } from "./normalize-training-content";

export type PlanContentType = "TRAINING" | "NUTRITION" | "COMBINED";

export type TemplateContentDecision =
  { ok: true; content: unknown } | { ok: false; reason: "FILE_PLAN_CONTENT"; message: string };

/**
 * What a template (or program) save stores as content (document 2 "POST/PATCH
 * /v1/web/program-templates"): a file template (pdfUrl set) keeps its content as sent when it
 * passes the file template rule, and is refused otherwise (the route answers BAD_REQUEST);
 * TRAINING and NUTRITION content is normalized, with the stored import-stamped meta keys
 * restored when the save does not echo them; COMBINED content is stored as sent.
 */
export function templateContentToStore(input: {
  type: PlanContentType;
  pdfUrl: string | null | undefined;
  content: unknown;
  stored?: unknown;
}): TemplateContentDecision {
  if (typeof input.pdfUrl === "string" && input.pdfUrl !== "") {
    return isFileTemplateContentAllowed(input.content)
      ? { ok: true, content: input.content }
      : {
          ok: false,
          reason: "FILE_PLAN_CONTENT",
          message: "a file plan carries no content beyond meta.workoutsPerWeek",
        };
  }
  if (input.type === "TRAINING")
    return { ok: true, content: normalizeTrainingContent(input.content, { stored: input.stored }) };
  if (input.type === "NUTRITION")
    return { ok: true, content: normalizeNutritionContent(input.content, { stored: input.stored }) };
  return { ok: true, content: input.content };
}
