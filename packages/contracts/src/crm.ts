import { z } from "zod";
import { undocumentedInput } from "./openapi-meta";
import { ClientSchema } from "./clients";
import {
  boundedDateOrDateTime,
  boundedId,
  boundedInt,
  boundedName,
  boundedString,
  INT4_MAX,
} from "./bounded";

/** Document 1 "Lead": where a lead came from. */
export const LEAD_SOURCES = ["SITE", "INSTAGRAM", "FACEBOOK", "GOOGLE", "REFERRAL", "WHATSAPP"] as const;
export const LeadSourceSchema = z.enum(LEAD_SOURCES).meta({ id: "LeadSource" });
export type LeadSource = z.infer<typeof LeadSourceSchema>;

/** Keys of the six built-in statuses, in their board order (decisions.md "CRM"). */
export const BUILT_IN_LEAD_STATUS_KEYS = [
  "NEW",
  "CONTACTED",
  "QUALIFIED",
  "PROPOSAL",
  "WON",
  "LOST",
] as const;
export type BuiltInLeadStatusKey = (typeof BUILT_IN_LEAD_STATUS_KEYS)[number];

export const LEAD_NOTE_MAX = 4000;
export const LEAD_STATUS_LABEL_MAX = 60;
/** The lead value column is a PostgreSQL integer: larger values answer VALIDATION, not a database error. */
export const LEAD_VALUE_AGOROT_MAX = INT4_MAX;

const leadValueAgorot = boundedInt(0, LEAD_VALUE_AGOROT_MAX);

/** A trimmed optional text field of a lead: at most 200 characters, empty becomes null. */
const leadText = (max: number) =>
  boundedName(max, 0)
    .transform((v) => (v === "" ? null : v))
    .nullable();

/** A calendar date (YYYY-MM-DD, read in server local time) or an ISO date-time with offset. */
export const DateOrDateTime = boundedDateOrDateTime();

const hexColor = boundedString(7, { trim: true }).regex(/^#[0-9a-fA-F]{6}$/, "color must be #rrggbb");
const statusLabel = boundedName(LEAD_STATUS_LABEL_MAX);

export const LeadStatusSchema = z
  .object({
    id: z.string(),
    studioId: z.string(),
    key: z
      .string()
      .nullable()
      .describe("NEW, CONTACTED, QUALIFIED, PROPOSAL, WON or LOST for built-ins; null for custom statuses"),
    label: z.string(),
    color: z.string().describe("#rrggbb"),
    locked: z.boolean(),
    order: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "LeadStatus" });
export type LeadStatus = z.infer<typeof LeadStatusSchema>;

export const LeadSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    business: z.string().nullable(),
    city: z.string().nullable(),
    source: LeadSourceSchema.nullable(),
    ownerCoachId: z.string().nullable(),
    valueAgorot: z.number().int().nullable(),
    statusId: z.string(),
    lostReason: z.string().nullable(),
    remindAt: z.string().nullable(),
    clientId: z.string().nullable(),
    deletedAt: z.string().nullable().describe("always null on reads: deleted leads vanish"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Lead" });
export type Lead = z.infer<typeof LeadSchema>;

export const LeadNoteSchema = z
  .object({
    id: z.string(),
    leadId: z.string(),
    text: z.string(),
    coachId: z.string().nullable(),
    coachName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "LeadNote" });
export type LeadNote = z.infer<typeof LeadNoteSchema>;

/** What a lead activity records (document 1 "LeadActivity"). */
export const LEAD_ACTIVITY_TYPES = [
  "created",
  "status_changed",
  "reminder_set",
  "reminder_cleared",
  "note_added",
  "converted",
  "duplicated",
] as const;
export const LeadActivityTypeSchema = z.enum(LEAD_ACTIVITY_TYPES);
export type LeadActivityType = z.infer<typeof LeadActivityTypeSchema>;

export const LeadActivitySchema = z
  .object({
    id: z.string(),
    leadId: z.string(),
    type: LeadActivityTypeSchema,
    coachId: z.string().nullable(),
    coachName: z.string().nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "LeadActivity" });
export type LeadActivity = z.infer<typeof LeadActivitySchema>;

export const LeadDetailSchema = LeadSchema.extend({
  notes: z.array(LeadNoteSchema).describe("newest first, all of them"),
  activities: z.array(LeadActivitySchema).describe("newest first, at most 100"),
}).meta({ id: "LeadDetail" });
export type LeadDetail = z.infer<typeof LeadDetailSchema>;

// ---- board ----

export const CrmBoardQuery = z.object({
  search: boundedName(200, 0)
    .optional()
    .describe("case-insensitive on name, email, city; plain substring on phone"),
  statusId: boundedId().optional(),
  source: LeadSourceSchema.optional(),
  ownerCoachId: boundedId().optional(),
  from: DateOrDateTime.optional().describe(
    "created at or after (a date means its first moment, server local time)",
  ),
  to: DateOrDateTime.optional().describe(
    "created at or before (a date includes that whole day, server local time)",
  ),
});
export type CrmBoardQuery = z.infer<typeof CrmBoardQuery>;

export const CrmKpisSchema = z
  .object({
    active: z.number().int().describe("non-deleted leads minus WON minus LOST"),
    newThisMonth: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
    remindersToday: z.number().int().describe("remindAt before the end of today, overdue included"),
  })
  .meta({ id: "CrmKpis" });

export const CrmBoardSchema = z
  .object({
    statuses: z.array(LeadStatusSchema),
    leads: z.array(LeadSchema).describe("filtered, newest first, no paging"),
    kpis: CrmKpisSchema,
    countsByStatus: z
      .record(z.string(), z.number().int())
      .describe("statusId -> live leads; only statuses holding a lead"),
  })
  .meta({ id: "CrmBoard" });
export type CrmBoard = z.infer<typeof CrmBoardSchema>;

// ---- leads ----

export const LeadCreateInput = z.object({
  name: boundedName(200),
  phone: boundedName(40, 3),
  email: leadText(200).optional(),
  business: leadText(200).optional(),
  city: leadText(200).optional(),
  source: LeadSourceSchema.nullable().optional(),
  ownerCoachId: boundedId().nullable().optional().describe("a Coach id (not checked against the studio)"),
  valueAgorot: leadValueAgorot.nullable().optional(),
  statusId: boundedId().optional().describe("default: the status with key NEW"),
});
export type LeadCreateInput = z.infer<typeof LeadCreateInput>;

/** PATCH answers VALIDATION when one of these is sent: each has its own endpoint. */
const notAcceptedByPatch = (field: string, use: string) =>
  undocumentedInput(
    z
      .unknown()
      .refine((v) => v === undefined, { message: `${field} is not accepted here; use ${use}` })
      .optional()
      .describe(`not accepted (VALIDATION); use ${use}`),
  );

export const LeadPatchInput = z.object({
  id: boundedId(),
  name: boundedName(200).optional(),
  phone: boundedName(40, 3).optional(),
  email: leadText(200).optional(),
  business: leadText(200).optional(),
  city: leadText(200).optional(),
  source: LeadSourceSchema.nullable().optional(),
  ownerCoachId: boundedId().nullable().optional(),
  valueAgorot: leadValueAgorot.nullable().optional(),
  statusId: notAcceptedByPatch("statusId", "PUT /v1/web/crm/leads/:id/status"),
  lostReason: notAcceptedByPatch("lostReason", "PUT /v1/web/crm/leads/:id/status"),
  remindAt: notAcceptedByPatch("remindAt", "PUT /v1/web/crm/leads/:id/reminder"),
});
export type LeadPatchInput = z.infer<typeof LeadPatchInput>;

export const LeadStatusChangeInput = z.object({
  id: boundedId(),
  statusId: boundedId(),
  lostReason: leadText(200).optional().describe("kept only when the target key is LOST"),
});
export type LeadStatusChangeInput = z.infer<typeof LeadStatusChangeInput>;

export const LeadReminderInput = z.object({
  id: boundedId(),
  remindAt: DateOrDateTime.nullable().describe(
    "null clears; a date means its first moment in server local time",
  ),
});
export type LeadReminderInput = z.infer<typeof LeadReminderInput>;

export const LeadNoteCreateInput = z.object({
  id: boundedId(),
  text: boundedName(LEAD_NOTE_MAX),
});
export type LeadNoteCreateInput = z.infer<typeof LeadNoteCreateInput>;

export const LeadConvertInput = z.object({
  id: boundedId(),
  sendInvite: z
    .boolean()
    .default(false)
    .describe("passed to the clients service: send the trainee a chat invite"),
});
export type LeadConvertInput = z.infer<typeof LeadConvertInput>;

/** Convert answer: the trainee and whether this call created it (false: the lead was converted before). */
export const LeadConversionSchema = z
  .object({ client: ClientSchema, created: z.boolean() })
  .meta({ id: "LeadConversion" });
export type LeadConversion = z.infer<typeof LeadConversionSchema>;

export const LeadDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

// ---- statuses ----

export const LeadStatusCreateInput = z.object({ label: statusLabel, color: hexColor });
export type LeadStatusCreateInput = z.infer<typeof LeadStatusCreateInput>;

export const LeadStatusPatchInput = z.object({
  id: boundedId(),
  label: statusLabel.optional(),
  color: hexColor.optional(),
});
export type LeadStatusPatchInput = z.infer<typeof LeadStatusPatchInput>;

export const LeadStatusDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
