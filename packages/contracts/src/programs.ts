import { z } from "zod";
import { boundedDate, boundedId } from "./bounded";
import { paged, pagingQuery } from "./paging";
import { PLAN_FIELD_INPUTS } from "./templates";

// Document 2 "Program template" (types), "States and transitions" (Program rows) and "Program
// templates" → assignments, assign, assign-bulk. Choices where it is silent: docs/decisions/templates-and-programs.md
// "Programs and assignment".

/** A program has its template's type. */
export const PROGRAM_TYPES = ["TRAINING", "NUTRITION", "COMBINED"] as const;
export const ProgramTypeSchema = z.enum(PROGRAM_TYPES).meta({ id: "ProgramType" });
export type ProgramType = z.infer<typeof ProgramTypeSchema>;

/** ACTIVE on assignment, PAUSED while held for an intake response; ENDED when finished. */
export const PROGRAM_STATUSES = ["ACTIVE", "PAUSED", "ENDED"] as const;
export const ProgramStatusSchema = z.enum(PROGRAM_STATUSES).meta({ id: "ProgramStatus" });
export type ProgramStatus = z.infer<typeof ProgramStatusSchema>;

/** Statuses in which a trainee "holds" a program (assignments list, assign-bulk). */
export const HELD_PROGRAM_STATUSES = ["ACTIVE", "PAUSED"] as const satisfies readonly ProgramStatus[];

/** Document 2 "Limits": bulk assign takes 1 to 500 trainees. */
export const BULK_ASSIGN_MAX = 500;

/** A trainee's program, copied from a template. */
export const ProgramSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    type: ProgramTypeSchema,
    name: z.string(),
    displayName: z.string().nullable(),
    content: z.record(z.string(), z.unknown()),
    pdfUrl: z.string().nullable(),
    sourceTemplateId: z
      .string()
      .nullable()
      .describe("the template it was copied from; a plain id, kept when the template is deleted"),
    status: ProgramStatusSchema,
    startDate: z.string().nullable().describe("YYYY-MM-DD"),
    releasePending: z.boolean().describe("true while held for an intake response"),
    releaseResponseId: z.string().nullable().describe("the intake response that releases the program"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Program" });
export type Program = z.infer<typeof ProgramSchema>;

/** One program of the template a trainee holds (ACTIVE or PAUSED). */
export const ProgramAssignmentSchema = z
  .object({
    programId: z.string(),
    clientId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: ProgramStatusSchema,
    startDate: z.string().nullable().describe("YYYY-MM-DD"),
    assignedAt: z.string().describe("the program's createdAt"),
  })
  .meta({ id: "ProgramAssignment" });
export type ProgramAssignment = z.infer<typeof ProgramAssignmentSchema>;

export const ProgramAssignmentListSchema = z
  .object({
    items: z
      .array(ProgramAssignmentSchema)
      .describe("oldest first; a trainee holding two programs of the template appears twice"),
  })
  .meta({ id: "ProgramAssignmentList" });
export type ProgramAssignmentList = z.infer<typeof ProgramAssignmentListSchema>;

const startDate = boundedDate().nullable().optional().describe("YYYY-MM-DD, stored on the program");

/** `POST /v1/web/program-templates/:id/assign`. */
export const TemplateAssignInput = z.object({
  id: boundedId(),
  clientId: boundedId().describe("a trainee of the studio"),
  startDate,
  holdForResponseId: boundedId()
    .nullable()
    .optional()
    .describe(
      "hold mode: an INTAKE form response of the same trainee; the program waits PAUSED until it is released",
    ),
});
export type TemplateAssignInput = z.infer<typeof TemplateAssignInput>;

/** `POST /v1/web/program-templates/:id/assign-bulk`. */
export const TemplateAssignBulkInput = z.object({
  id: boundedId(),
  clientIds: z
    .array(boundedId())
    .min(1, "must have at least 1 entry")
    .max(BULK_ASSIGN_MAX, `must have at most ${BULK_ASSIGN_MAX} entries`)
    .describe("trainee ids of the studio; duplicates removed"),
  startDate,
});
export type TemplateAssignBulkInput = z.infer<typeof TemplateAssignBulkInput>;

export const BulkAssignmentSchema = z
  .object({
    clientId: z.string(),
    programId: z.string(),
    status: ProgramStatusSchema,
    created: z.boolean().describe("true when this request created the program"),
  })
  .meta({ id: "BulkAssignment" });
export type BulkAssignment = z.infer<typeof BulkAssignmentSchema>;

export const BulkAssignmentResultSchema = z
  .object({
    items: z
      .array(BulkAssignmentSchema)
      .describe(
        "one entry per trainee now holding a program of the template (ACTIVE or PAUSED), its oldest such program; trainees not in the request included",
      ),
  })
  .meta({ id: "BulkAssignmentResult" });
export type BulkAssignmentResult = z.infer<typeof BulkAssignmentResultSchema>;

/** The release operation (the forms module calls it when an intake response is submitted). */
export const ProgramReleaseInput = z.object({ responseId: boundedId() });
export type ProgramReleaseInput = z.infer<typeof ProgramReleaseInput>;

export const ProgramReleaseResultSchema = z.object({ released: z.array(ProgramSchema) });
export type ProgramReleaseResult = z.infer<typeof ProgramReleaseResultSchema>;

/** `GET /v1/web/clients/:id/programs`: the trainee's programs, every status, newest first. */
export const ClientProgramsInput = z.object({ id: boundedId(), ...pagingQuery() });
export type ClientProgramsInput = z.infer<typeof ClientProgramsInput>;
export const ProgramPageSchema = paged(ProgramSchema).meta({ id: "ProgramPage" });
export type ProgramPage = z.infer<typeof ProgramPageSchema>;

/**
 * `PATCH /v1/web/programs/:id`: a coach changes a program a trainee holds. Only the fields sent
 * are written; the type cannot change (not an input). Content is read and normalized exactly like
 * a template's (docs/decisions/templates-and-programs.md "Changing a held program").
 */
export const ProgramPatchInput = z.object({
  id: boundedId(),
  name: PLAN_FIELD_INPUTS.name.optional(),
  displayName: PLAN_FIELD_INPUTS.displayName.optional().describe("null clears"),
  content: PLAN_FIELD_INPUTS.content.optional(),
  startDate: boundedDate().nullable().optional().describe("YYYY-MM-DD, the program's schedule; null clears"),
  pdfUrl: PLAN_FIELD_INPUTS.pdfUrl
    .optional()
    .describe("null removes the file; a file program's content must pass the file plan rule"),
});
export type ProgramPatchInput = z.infer<typeof ProgramPatchInput>;
