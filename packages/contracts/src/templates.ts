import { z } from "zod";
import { undocumentedInput } from "./openapi-meta";
import { boundedId, boundedName, boundedString, boundedUrl, INPUT_LIMITS } from "./bounded";
import { paged, pagingQuery } from "./paging";

// Document 2 "Program template", "Program templates" (list, create, generate-ai, get, PATCH,
// DELETE, duplicate), "Limits" and "Versioning"; decisions.md "Model features without a model".
// Choices where the spec is silent: docs/decisions/templates-and-programs.md "Program templates".

export const TEMPLATE_TYPES = ["TRAINING", "NUTRITION", "COMBINED"] as const;
export const TemplateTypeSchema = z.enum(TEMPLATE_TYPES).meta({ id: "TemplateType" });
export type TemplateType = z.infer<typeof TemplateTypeSchema>;

/** Document 2 "Limits": AI template prompt 1 to 2000 characters. */
export const TEMPLATE_AI_PROMPT_MAX = 2000;
/** Where the spec is silent (docs/decisions/templates-and-programs.md "Program templates"). */
export const TEMPLATE_NAME_MAX = INPUT_LIMITS.name;
export const TEMPLATE_DESCRIPTION_MAX = INPUT_LIMITS.longText;

/** A trimmed optional one-line or free text: blank after trimming is stored as null. */
const optionalText = (max: number) =>
  boundedString(max, { trim: true })
    .transform((v) => (v === "" ? null : v))
    .nullable();

/** An http or https URL (the plan's PDF), at most 2048 characters. */
const pdfUrl = boundedUrl()
  .refine((v) => /^https?:\/\//i.test(v), "must be an http or https URL")
  .nullable();

/**
 * Plan content as sent: any JSON object (bounded by the body limit). TRAINING and NUTRITION
 * content is normalized on save (which bounds what is kept); COMBINED content is stored as sent;
 * a file template's content must pass the file plan rule.
 */
const templateContent = z
  .record(boundedString(INPUT_LIMITS.id), z.unknown())
  .describe(
    "TRAINING: schemaVersion 2 builder content, NUTRITION: schemaVersion 1, normalized on save; " +
      "COMBINED: stored as sent; with pdfUrl: {} or {meta: {workoutsPerWeek: <number>}} only",
  );

const folderId = boundedId().nullable();

/** `POST /v1/web/program-templates`. */
export const TemplateCreateInput = z.object({
  type: TemplateTypeSchema,
  name: boundedName(TEMPLATE_NAME_MAX),
  displayName: optionalText(TEMPLATE_NAME_MAX).optional(),
  description: optionalText(TEMPLATE_DESCRIPTION_MAX).optional(),
  level: optionalText(TEMPLATE_NAME_MAX).optional(),
  folderId: folderId
    .optional()
    .describe("not checked: an unknown folder (or another studio's) answers CONFLICT from the database"),
  content: templateContent,
  pdfUrl: pdfUrl.optional().describe("http or https URL of the plan's PDF: a file template"),
});
export type TemplateCreateInput = z.infer<typeof TemplateCreateInput>;

/** `PATCH /v1/web/program-templates/:id`: only the fields sent are written. */
export const TemplatePatchInput = z.object({
  id: boundedId(),
  // Not an input of document 2 ("type cannot change"): read only to refuse a change.
  type: undocumentedInput(
    TemplateTypeSchema.optional().describe(
      "cannot change: accepted when equal to the template's type, VALIDATION otherwise",
    ),
  ),
  name: boundedName(TEMPLATE_NAME_MAX).optional(),
  displayName: optionalText(TEMPLATE_NAME_MAX).optional().describe("null clears"),
  description: optionalText(TEMPLATE_DESCRIPTION_MAX).optional().describe("null clears"),
  level: optionalText(TEMPLATE_NAME_MAX).optional().describe("null clears"),
  folderId: folderId.optional().describe("null unfiles; not checked (CONFLICT from the database)"),
  content: templateContent.optional(),
  pdfUrl: pdfUrl
    .optional()
    .describe("null removes the file; a file template's content must pass the file plan rule"),
});
export type TemplatePatchInput = z.infer<typeof TemplatePatchInput>;

/** `GET /v1/web/program-templates`. */
export const TemplateListQuery = z.object({
  type: TemplateTypeSchema.optional(),
  folderId: boundedId().optional(),
  search: boundedName(INPUT_LIMITS.name, 0).optional().describe("case-insensitive contains on name"),
  ...pagingQuery(),
});
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

/** `POST /v1/web/program-templates/generate-ai`. */
export const TemplateGenerateInput = z.object({
  type: TemplateTypeSchema.describe(
    "TRAINING or NUTRITION should be sent; COMBINED takes the nutrition branch and stores its content unnormalized",
  ),
  prompt: boundedString(TEMPLATE_AI_PROMPT_MAX, { trim: true, min: 1 }).describe(
    "1 to 2000 characters; refused when blank after trimming",
  ),
  folderId: folderId.optional(),
});
export type TemplateGenerateInput = z.infer<typeof TemplateGenerateInput>;

export const TemplateSchema = z
  .object({
    id: z.string(),
    type: TemplateTypeSchema,
    name: z.string(),
    displayName: z.string().nullable(),
    description: z.string().nullable(),
    level: z.string().nullable(),
    folderId: z.string().nullable(),
    pdfUrl: z.string().nullable().describe("set: a file template"),
    content: z.record(z.string(), z.unknown()),
    assignedCount: z.number().int().describe("programs made from the template, in every status"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ProgramTemplate" });
export type Template = z.infer<typeof TemplateSchema>;
export const TemplateListSchema = paged(TemplateSchema);
export type TemplateList = z.infer<typeof TemplateListSchema>;

/** The plan fields a program shares with its template, read the same way (`PATCH /v1/web/programs/:id`). */
export const PLAN_FIELD_INPUTS = {
  name: boundedName(TEMPLATE_NAME_MAX),
  displayName: optionalText(TEMPLATE_NAME_MAX),
  content: templateContent,
  pdfUrl,
};
