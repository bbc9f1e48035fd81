import { and, eq } from "drizzle-orm";
import { TEMPLATE_NAME_MAX, type Template, type TemplateGenerateInput } from "@studio/contracts";
import { programTemplates, templateFolders, type Db } from "@studio/db";
import { AppError } from "../errors";
import type { ModelAnswer, ModelFailure } from "../ports";
import type { StudioScope } from "../scope";
import {
  cut,
  NUTRITION_PLAN_SYSTEM_PROMPT,
  NutritionPlanAnswer,
  nutritionContentFrom,
  oneLine,
  planPrompt,
  TRAINING_PLAN_SYSTEM_PROMPT,
  TrainingPlanAnswer,
  trainingContentFrom,
} from "./generated-plan-content";
import { toNewTemplate } from "./program-template-record";
import { templateContentToStore } from "./template-content-to-store";

/** Per model attempt (a whole plan is a long answer); one retry after an unavailable or unusable answer. */
export const PLAN_MODEL_TIMEOUT_MS = 60_000;
export const PLAN_MODEL_RETRIES = 1;

/** The recipe route's messages (docs/decisions/content.md "Recipe drafts"). */
const MODEL_FAILURE_MESSAGE: Record<ModelFailure, string> = {
  unavailable: "language model unavailable",
  timeout: "language model timed out",
  "invalid-output": "language model answer was not usable",
};

/** The message of the database's 23503 answer, so a folder checked early answers alike. */
const FOLDER_CONFLICT_MESSAGE = "related resource constraint failed";

/**
 * POST /v1/web/program-templates/generate-ai (201): the language model writes a plan from the
 * coach's prompt; it is mapped into builder content, normalized (TRAINING, NUTRITION) and saved
 * with the generated name and level. TRAINING takes the training branch; any other type the
 * nutrition branch, so COMBINED stores nutrition-shaped content unnormalized. Without a model,
 * or when it fails: SERVICE_UNAVAILABLE. A folder that is not the studio's answers CONFLICT
 * before the model is called (and the reference still holds at the insert).
 */
export async function generateProgramTemplate(
  db: Db,
  scope: StudioScope,
  input: TemplateGenerateInput,
): Promise<Template> {
  const model = scope.model;
  if (!model) throw new AppError("SERVICE_UNAVAILABLE", "language model is not configured");
  const folderId = input.folderId ?? null;
  if (folderId !== null) {
    const [folder] = await db
      .select({ id: templateFolders.id })
      .from(templateFolders)
      .where(and(eq(templateFolders.studioId, scope.studioId), eq(templateFolders.id, folderId)))
      .limit(1);
    if (!folder) throw new AppError("CONFLICT", FOLDER_CONFLICT_MESSAGE);
  }

  const request = {
    prompt: planPrompt(input.prompt),
    timeoutMs: PLAN_MODEL_TIMEOUT_MS,
    retries: PLAN_MODEL_RETRIES,
  };
  let plan: { name: string; level: string; content: Record<string, unknown> };
  if (input.type === "TRAINING") {
    const answer = await model.generate({
      schemaName: "training_plan",
      schema: TrainingPlanAnswer,
      system: TRAINING_PLAN_SYSTEM_PROMPT,
      ...request,
    });
    const value = answerOrThrow(scope, answer);
    plan = { name: value.name, level: value.level, content: trainingContentFrom(value) };
  } else {
    const answer = await model.generate({
      schemaName: "nutrition_plan",
      schema: NutritionPlanAnswer,
      system: NUTRITION_PLAN_SYSTEM_PROMPT,
      ...request,
    });
    const value = answerOrThrow(scope, answer);
    plan = { name: value.name, level: value.level, content: nutritionContentFrom(value) };
  }

  const decision = templateContentToStore({ type: input.type, pdfUrl: null, content: plan.content });
  // No pdfUrl: the file rule never applies, so the decision is always ok.
  if (!decision.ok) throw new AppError("BAD_REQUEST", decision.message);
  const level = cut(oneLine(plan.level), TEMPLATE_NAME_MAX).trim();
  const [row] = await db
    .insert(programTemplates)
    .values({
      studioId: scope.studioId,
      type: input.type,
      name: cut(oneLine(plan.name), TEMPLATE_NAME_MAX).trim(),
      level: level === "" ? null : level,
      folderId,
      pdfUrl: null,
      content: decision.content,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  return toNewTemplate(row!);
}

function answerOrThrow<T>(scope: StudioScope, answer: ModelAnswer<T>): T {
  if (answer.ok) return answer.value;
  scope.logger.warn("program template generation failed", {
    failure: answer.failure,
    reason: answer.message,
  });
  throw new AppError("SERVICE_UNAVAILABLE", MODEL_FAILURE_MESSAGE[answer.failure]);
}
