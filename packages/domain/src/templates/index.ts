// Program template content (document 2 "Plan content (normalized on save)"): pure functions,
// no database. Choices where the spec is silent: docs/decisions/templates-and-programs.md "Plan content normalizers".
export { normalizeTrainingContent, DEFAULT_SET_COUNT } from "./normalize-training-content";
export {
  normalizeNutritionContent,
  DEFAULT_NUTRITION_TARGETS,
  DEFAULT_MEAL_TIMES,
  DEFAULT_ITEM_QTY,
  DEFAULT_NUTRITION_DAY_LABEL,
} from "./normalize-nutrition-content";
export { readTrainingContent } from "./read-training-content";
export { isTrainingContentV1 } from "./is-training-content-v1";
export { upgradeTrainingContentV1 } from "./upgrade-training-content-v1";
export { trainingRequirementOf, type TrainingRequirementSummary } from "./training-requirement-of";
export { weeklyCardioMinutes } from "./weekly-cardio-minutes";
export { dayCardioMinutes } from "./day-cardio-minutes";
export { dayStepsGoal } from "./day-steps-goal";
export { isTechniqueVideoRequired } from "./is-technique-video-required";
export { planDayIndex } from "./plan-day-index";
export { nutritionDayAt } from "./nutrition-day-at";
export { trainingDayAt } from "./training-day-at";
export { waterTargetMl } from "./water-target-ml";
export { isFileTemplateContentAllowed } from "./is-file-template-content-allowed";
export {
  templateContentToStore,
  type PlanContentType,
  type TemplateContentDecision,
} from "./template-content-to-store";
export type { NormalizeContentOptions } from "./plan-values";
// Program template routes (document 2 "Program templates"): list, create, get, PATCH, delete,
// duplicate, generate-ai. Choices where the spec is silent: docs/decisions/templates-and-programs.md "Program templates".
export { listProgramTemplates } from "./list-program-templates";
export { createProgramTemplate } from "./create-program-template";
export { getProgramTemplate } from "./get-program-template";
export { updateProgramTemplate } from "./update-program-template";
export { deleteProgramTemplate } from "./delete-program-template";
export { duplicateProgramTemplate } from "./duplicate-program-template";
export { generateProgramTemplate } from "./generate-program-template";
