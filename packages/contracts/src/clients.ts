import { z } from "zod";
import { pagingQuery, paged } from "./paging";
import {
  boundedDate,
  boundedEmail,
  boundedId,
  boundedInt,
  boundedName,
  boundedString,
  INPUT_LIMITS,
} from "./bounded";

/** Trainee status values (document 3 "Trainee object"). */
export const ClientStatusSchema = z.enum(["ACTIVE", "PAUSED", "CHURN_RISK", "CHURNED", "ARCHIVED"]);
export type ClientStatus = z.infer<typeof ClientStatusSchema>;
export const GenderSchema = z.enum(["MALE", "FEMALE", "OTHER"]);
export const UpdateCadenceSchema = z.enum(["WEEKLY", "BIWEEKLY", "MONTHLY"]);

/** Document 3 "Limits": at most 50 tags and 20 coach ids on create. */
export const CLIENT_MAX_TAGS = 50;
export const CLIENT_MAX_COACHES = 20;

/** Valid IANA zone names only (Intl throws a RangeError for unknown ones). */
export const IanaTimeZone = boundedName(64).refine((zone) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "not a valid IANA time zone");

const tag = boundedName(64);
const coachIdList = z.array(boundedId()).max(CLIENT_MAX_COACHES);

/** Profile fields shared by create and update; nullable ones are cleared with null on update. */
const profileFields = {
  email: boundedEmail().nullable(),
  birthDate: boundedDate().nullable().describe("YYYY-MM-DD"),
  gender: GenderSchema.nullable(),
  heightCm: z.number().positive().max(300).nullable(),
  weightKg: z.number().positive().max(500).nullable(),
  goal: boundedString(INPUT_LIMITS.text, { trim: true }).nullable().describe("free text goal"),
  goals: z.array(boundedName(200)).max(20),
  goalWeightKg: z.number().positive().max(500).nullable(),
  stepsGoal: boundedInt(0, 100_000).nullable(),
  waterGoalMl: boundedInt(0, 20_000).nullable(),
  tags: z.array(tag).max(CLIENT_MAX_TAGS),
  status: ClientStatusSchema,
  timezone: IanaTimeZone.nullable(),
  updateFormId: boundedId().nullable().describe("recurring check-in form"),
  updateCadence: UpdateCadenceSchema.nullable(),
  checkInStartDate: boundedDate()
    .nullable()
    .describe(
      "first check-in form day (trainee's local date); later ones follow updateCadence. Default when a check-in form is set: one cadence after today",
    ),
  allowAppWhileFrozen: z
    .boolean()
    .nullable()
    .describe("per-trainee override of the studio setting; null follows the studio"),
};

/**
 * `POST /v1/web/clients` and the shared trainee-creation operation (CRM convert, automation,
 * imports). No defaults here, so the inferred type is what callers may pass; the operation
 * applies them (lastName "", status ACTIVE, no coaches, sendInvite false).
 */
export const ClientCreateInput = z.object({
  firstName: boundedName(100),
  lastName: boundedName(100, 0).optional(),
  phone: boundedName(40).describe("any common format; stored as E.164, Israel as the default region"),
  email: profileFields.email.optional(),
  coachIds: coachIdList.optional().describe("assigned coaches, in order; at most 20"),
  primaryCoachId: boundedId()
    .nullable()
    .optional()
    .describe("defaults to the first coach; added to coachIds when missing"),
  tags: profileFields.tags.optional(),
  goals: profileFields.goals.optional(),
  goal: profileFields.goal.optional(),
  status: profileFields.status.optional(),
  timezone: profileFields.timezone.optional(),
  goalWeightKg: profileFields.goalWeightKg.optional(),
  birthDate: profileFields.birthDate.optional(),
  gender: profileFields.gender.optional(),
  heightCm: profileFields.heightCm.optional(),
  weightKg: profileFields.weightKg.optional(),
  stepsGoal: profileFields.stepsGoal.optional(),
  waterGoalMl: profileFields.waterGoalMl.optional(),
  updateFormId: profileFields.updateFormId.optional(),
  updateCadence: profileFields.updateCadence.optional(),
  checkInStartDate: profileFields.checkInStartDate.optional(),
  allowAppWhileFrozen: profileFields.allowAppWhileFrozen.optional(),
  sendInvite: z.boolean().optional().describe("send the app invite over the chat channel (fire and forget)"),
});
export type CreateTraineeInput = z.infer<typeof ClientCreateInput>;

/** `PATCH /v1/web/clients/:id`: every field optional; tags and coachIds replace the stored lists. */
export const ClientUpdateInput = z
  .object({
    id: boundedId(),
    firstName: boundedName(100).optional(),
    lastName: boundedName(100, 0).optional(),
    phone: boundedName(40).optional(),
    coachIds: coachIdList.optional(),
    primaryCoachId: boundedId().nullable().optional(),
  })
  .extend(z.object(profileFields).partial().shape);
export type ClientUpdate = z.infer<typeof ClientUpdateInput>;

export const ClientSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().describe("E.164"),
    email: z.string().nullable(),
    birthDate: z.string().nullable(),
    gender: GenderSchema.nullable(),
    heightCm: z.number().nullable(),
    weightKg: z.number().nullable(),
    goal: z.string().nullable(),
    goals: z.array(z.string()),
    goalWeightKg: z.number().nullable(),
    stepsGoal: z.number().int().nullable(),
    waterGoalMl: z.number().int().nullable(),
    tags: z.array(z.string()),
    coachIds: z.array(z.string()).describe("assigned coaches, in order"),
    primaryCoachId: z.string().nullable(),
    status: ClientStatusSchema,
    timezone: z.string().nullable(),
    updateFormId: z.string().nullable(),
    updateCadence: UpdateCadenceSchema.nullable(),
    checkInStartDate: z.string().nullable().describe("first check-in form day (YYYY-MM-DD)"),
    allowAppWhileFrozen: z.boolean().nullable(),
    externalId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Client" });
export type ClientRecord = z.infer<typeof ClientSchema>;

/** `GET /v1/web/clients`: newest first; search matches name, email or phone digits. */
export const ClientListQuery = z.object({
  search: boundedName(200, 0).optional(),
  status: ClientStatusSchema.optional(),
  coachId: boundedId().optional(),
  tag: boundedName(64).optional().describe("exact tag"),
  ...pagingQuery(),
});
export type ClientListFilters = z.infer<typeof ClientListQuery>;
export const ClientListSchema = paged(ClientSchema);

export const ClientDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** `POST /v1/web/clients/:id/preview-token` (decisions.md "Trainee token"). */
export const PreviewTokenSchema = z
  .object({ token: z.string(), expiresAt: z.string().describe("15 minutes ahead") })
  .meta({ id: "PreviewToken" });
