import { AppError } from "../errors";
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

/**
 * The changes a plan PATCH (a template's or a program's) writes: each of `fields` that is sent is
 * copied (null clears); when content or pdfUrl is sent, the content the plan will hold (the one
 * sent, else the stored one, under the pdfUrl it will have) passes templateContentToStore for the
 * plan's type, and what that stores is the new content; a refused one throws BAD_REQUEST.
 */
export function planPatchChanges<
  TInput extends { pdfUrl?: string | null; content?: unknown },
  TField extends keyof TInput,
>(
  current: { type: string; pdfUrl: string | null; content: unknown },
  input: TInput,
  fields: readonly TField[],
): { [K in TField]?: Exclude<TInput[K], undefined> } & { content?: unknown } {
  const changes: Partial<Record<TField | "content", unknown>> = {};
  for (const field of fields) if (input[field] !== undefined) changes[field] = input[field];
  if (input.content !== undefined || input.pdfUrl !== undefined) {
    const decision = templateContentToStore({
      type: current.type as PlanContentType,
      pdfUrl: input.pdfUrl !== undefined ? input.pdfUrl : current.pdfUrl,
      content: input.content !== undefined ? input.content : current.content,
      stored: current.content,
    });
    if (!decision.ok) throw new AppError("BAD_REQUEST", decision.message);
    changes.content = decision.content;
  }
  return changes as { [K in TField]?: Exclude<TInput[K], undefined> } & { content?: unknown };
}
