import { z } from "zod";
import {
  automationBoolean,
  automationPaged,
  automationPagingQuery,
  blankable,
  blankableQuery,
} from "./automation";
import { boundedDate, boundedId, boundedName } from "./bounded";
import { ProgramSchema, ProgramStatusSchema, ProgramTypeSchema } from "./programs";
import { TemplateTypeSchema } from "./templates";

// ---- programs (document 3 "Program template reference and program", "Programs"; decisions.md
// "Field names": programs/assign templateId, startDate, notify, replaceExisting). Choices where
// the spec is silent: docs/decisions/automation.md "Automation lane: programs, weights, message, dropdowns". ----

/** `GET /v1/automation/program-templates`: search on the name, ordered by name. */
export const AutomationProgramTemplatesQuery = z.object({
  search: blankableQuery(boundedName(200)).describe("case-insensitive, on the name"),
  ...automationPagingQuery(),
});
export type AutomationProgramTemplatesQuery = z.infer<typeof AutomationProgramTemplatesQuery>;

/** A template list item of the lane: id, name, type. */
export const AutomationProgramTemplateItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: TemplateTypeSchema,
});
export type AutomationProgramTemplateItem = z.infer<typeof AutomationProgramTemplateItemSchema>;
export const AutomationProgramTemplatesSchema = automationPaged(AutomationProgramTemplateItemSchema);

/** A program entry of `GET /v1/automation/trainees/{id}/programs`: the program row without its content. */
export const AutomationProgramEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  type: ProgramTypeSchema,
  status: ProgramStatusSchema,
  startDate: z.string().nullable().describe("YYYY-MM-DD"),
  sourceTemplateId: z.string().nullable().describe("the template it was copied from"),
  pdfUrl: z.string().nullable(),
  releasePending: z.boolean().describe("true while held for an intake response"),
  createdAt: z.string().describe("when it was assigned"),
  updatedAt: z.string(),
});
export type AutomationProgramEntry = z.infer<typeof AutomationProgramEntrySchema>;
export const AutomationProgramsSchema = z.object({
  items: z.array(AutomationProgramEntrySchema).describe("newest first, at most 50"),
});

/** `POST /v1/automation/trainees/{id}/programs/assign`. */
export const AutomationProgramAssignInput = z.object({
  id: boundedId().describe("trainee id"),
  templateId: boundedId().describe("a program template of the studio"),
  startDate: blankable(boundedDate()).describe("YYYY-MM-DD, stored on the program"),
  notify: blankable(automationBoolean()).describe("default true; false sends no plan push"),
  replaceExisting: blankable(automationBoolean()).describe(
    "default false: refused when the trainee already has an ACTIVE program from the template; true ends those programs (ENDED) and assigns a new one",
  ),
});
export type AutomationProgramAssign = z.infer<typeof AutomationProgramAssignInput>;
export const AutomationProgramAssignResultSchema = z.object({
  program: ProgramSchema,
  replacedProgramIds: z
    .array(z.string())
    .describe("ACTIVE programs from the same template ended by replaceExisting (empty otherwise)"),
});
export type AutomationProgramAssignResult = z.infer<typeof AutomationProgramAssignResultSchema>;

// ---- dropdown sources (document 3 "Dropdown sources"): plain arrays, no pagination ----

/** One option of a dropdown source. */
export const AutomationOptionSchema = z.object({ id: z.string(), value: z.string() });
export type AutomationOption = z.infer<typeof AutomationOptionSchema>;
export const AutomationOptionsSchema = z.array(AutomationOptionSchema);
/** The dropdown sources take no parameters (form-fields aside). */
export const AutomationOptionsQuery = z.object({});

/** rpc/products: the value of a plan without a price (decided per trainee). */
export const PER_TRAINEE_PRICE_NOTE = "מחיר לפי מתאמן";
/** rpc/tags reads the tags of at most this many non-deleted trainees. */
export const AUTOMATION_TAG_TRAINEES_MAX = 5000;
