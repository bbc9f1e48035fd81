import { z } from "zod";
import {
  automationBoolean,
  automationInt,
  automationPaged,
  automationPagingQuery,
  blankable,
  blankableQuery,
} from "./automation";
import {
  boundedDate,
  boundedDateOrDateTime,
  boundedEmail,
  boundedId,
  boundedName,
  boundedString,
  INPUT_LIMITS,
  INT4_MAX,
} from "./bounded";
import {
  CLIENT_MAX_COACHES,
  CLIENT_MAX_TAGS,
  ClientStatusSchema,
  GenderSchema,
  UpdateCadenceSchema,
} from "./clients";
import { DurationUnitSchema, SubscriptionSchema } from "./subscriptions";

// ---- trainees (document 3 "Trainee object (automation lane)", "POST /v1/automation/trainees",
// "GET /v1/automation/trainees/search", "by-phone", "GET, PATCH, DELETE /v1/automation/trainees/:id";
// decisions.md "Field names": automation trainee create and search) ----

/** The trainee as the automation lane sees it; externalId is the caller's own value (never the stored prefix). */
export const AutomationTraineeSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().describe("E.164"),
    email: z.string().nullable(),
    birthDate: z.string().nullable().describe("YYYY-MM-DD"),
    gender: GenderSchema.nullable(),
    heightCm: z.number().nullable(),
    weightKg: z.number().nullable(),
    goal: z.string().nullable(),
    goalWeightKg: z.number().nullable(),
    stepsGoal: z.number().int().nullable(),
    waterGoalMl: z.number().int().nullable(),
    tags: z.array(z.string()),
    coachIds: z.array(z.string()).describe("assigned coaches, in order"),
    updateFormId: z.string().nullable(),
    updateCadence: UpdateCadenceSchema.nullable(),
    status: ClientStatusSchema,
    externalId: z.string().nullable().describe("the id supplied at creation, or null"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AutomationTrainee" });
export type AutomationTrainee = z.infer<typeof AutomationTraineeSchema>;

/** A positive decimal sent as a number or a numeric string ("175", "72.5"), at most `max`. */
function automationPositiveNumber(max: number) {
  const value = z.number().positive("must be greater than 0").max(max, `must be at most ${max}`);
  return z.union([
    value,
    z
      .string()
      .max(32)
      .regex(/^\s*\+?\d+(\.\d+)?\s*$/, "must be a number")
      .transform((text) => Number(text.trim()))
      .pipe(value),
  ]);
}

/**
 * A list sent as an array or as one comma-separated string ("vip, morning"): members trimmed,
 * blank members dropped, at most `maxItems` of at most `maxLength` characters each.
 */
function automationList(maxItems: number, maxLength: number, what: string) {
  const member = boundedString(maxLength, { trim: true });
  const tooMany = `at most ${maxItems} ${what}`;
  return z
    .union([
      z.array(member).max(maxItems, tooMany),
      boundedString(maxItems * (maxLength + 2))
        .describe(`comma separated ${what}`)
        .transform((text) => text.split(","))
        .pipe(z.array(member)),
    ])
    .transform((list) => list.filter((item) => item.length > 0))
    .pipe(z.array(z.string()).max(maxItems, tooMany));
}

const tagList = () =>
  automationList(CLIENT_MAX_TAGS, 64, "tags").describe("array or comma separated string, at most 50");
const coachIdList = () =>
  automationList(CLIENT_MAX_COACHES, INPUT_LIMITS.id, "coach ids").describe(
    "active coaches of the studio (rpc/coaches), at most 20; array or comma separated string",
  );

/** Profile fields of create and PATCH (blank is omitted everywhere). */
const profileFields = {
  email: blankable(boundedEmail()),
  birthDate: blankable(boundedDate()).describe("YYYY-MM-DD"),
  gender: blankable(GenderSchema),
  heightCm: blankable(automationPositiveNumber(300)).describe("positive, at most 300"),
  weightKg: blankable(automationPositiveNumber(500)).describe("positive, at most 500"),
  goal: blankable(boundedString(INPUT_LIMITS.text, { trim: true })).describe("free text"),
  stepsGoal: blankable(automationInt(0, 100_000)).describe("non-negative integer"),
  waterGoalMl: blankable(automationInt(0, 20_000)).describe("non-negative integer"),
  tags: blankable(tagList()),
  coachIds: blankable(coachIdList()),
  updateFormId: blankable(boundedId()).describe("recurring check-in form"),
  updateCadence: blankable(UpdateCadenceSchema),
};

export const DUPLICATE_PHONE_MODES = ["error", "return_existing", "update"] as const;

/** `POST /v1/automation/trainees` (decisions.md "Field names": automation trainee create). */
export const AutomationTraineeCreateInput = z.object({
  firstName: boundedName(100),
  lastName: boundedName(100),
  phone: boundedName(40).describe("any common format; must normalize to at least 9 characters"),
  externalId: blankable(boundedName(200)).describe(
    "idempotency key: a trainee created with it is returned (created false) and nothing is updated",
  ),
  ...profileFields,
  goalWeightKg: blankable(automationPositiveNumber(500)).describe("positive, at most 500"),
  planId: blankable(boundedId()).describe("also creates the subscription"),
  startDate: blankable(boundedDate()).describe("subscription start"),
  priceOverrideAgorot: blankable(automationInt(0, INT4_MAX)).describe("non-negative integer, agorot"),
  durationValue: blankable(automationInt(1, INT4_MAX)).describe(
    "positive integer; required when the plan fixes no duration",
  ),
  durationUnit: blankable(DurationUnitSchema),
  onboardingFormId: blankable(boundedId()).describe(
    "intake form sent after creation (a document to sign is refused)",
  ),
  sendWhatsappInvite: blankable(automationBoolean()).describe("default false; sends the app invite"),
  onDuplicatePhone: blankable(z.enum(DUPLICATE_PHONE_MODES)).describe(
    "error (default), return_existing, update",
  ),
});
export type AutomationTraineeCreate = z.infer<typeof AutomationTraineeCreateInput>;
export const AutomationTraineeCreateResultSchema = z.object({
  trainee: AutomationTraineeSchema,
  created: z.boolean(),
  subscription: SubscriptionSchema.nullable().describe("the subscription created with the trainee, or null"),
});

/** A plain date (midnight UTC) or a date-time with offset. */
const fromDate = () => blankableQuery(boundedDateOrDateTime());

/** `GET /v1/automation/trainees/search` (decisions.md "Field names": automation trainee search). */
export const AutomationTraineeSearchQuery = z.object({
  search: blankableQuery(boundedName(200)).describe(
    "only digits, spaces, +, - and brackets: the phone (any format); otherwise the name, case-insensitive",
  ),
  status: blankableQuery(ClientStatusSchema),
  coachId: blankableQuery(boundedId()),
  tag: blankableQuery(boundedName(64)).describe("exact tag"),
  createdFrom: fromDate().describe("created at or after (a date is midnight UTC)"),
  updatedFrom: fromDate().describe("updated at or after (a date is midnight UTC)"),
  ...automationPagingQuery(),
});
export type AutomationTraineeSearch = z.infer<typeof AutomationTraineeSearchQuery>;
export const AutomationTraineeSearchSchema = automationPaged(AutomationTraineeSchema);

/** `GET /v1/automation/trainees/by-phone/{phone}`. */
export const AutomationTraineePhonePath = z.object({
  phone: boundedString(64, { trim: true, min: 3 }).describe(
    "any format, at least 3 characters; must normalize to at least 6",
  ),
});
export const AutomationTraineeByPhoneSchema = z.object({
  found: z.boolean(),
  trainee: AutomationTraineeSchema.nullable(),
});

/** `GET /v1/automation/trainees/{id}`: the trainee and its live subscriptions. */
export const AutomationTraineeDetailSchema = z.object({
  trainee: AutomationTraineeSchema,
  subscriptions: z.array(SubscriptionSchema),
});

/** `PATCH /v1/automation/trainees/{id}`: blank fields are ignored; tags and coachIds replace the lists. */
export const AutomationTraineeUpdateInput = z.object({
  id: boundedId().describe("trainee id"),
  firstName: blankable(boundedName(100)),
  lastName: blankable(boundedName(100)),
  phone: blankable(boundedName(40)).describe("any common format"),
  ...profileFields,
});
export type AutomationTraineeUpdate = z.infer<typeof AutomationTraineeUpdateInput>;
export const AutomationTraineeResultSchema = z.object({ trainee: AutomationTraineeSchema });

/**
 * `DELETE /v1/automation/trainees/{id}` JSON body: nothing is deleted unless confirm is true. The
 * transform (blank is false) also keeps the OpenAPI generator, which reads DELETE inputs as
 * parameters, from refusing a field of several kinds; the wire format is a JSON body.
 */
export const AutomationTraineeDeleteInput = z.object({
  id: boundedId().describe("trainee id"),
  confirm: blankable(automationBoolean())
    .transform((value) => value === true)
    .describe("must be true to delete the trainee and its history (default false)"),
});
export const AutomationTraineeDeletedSchema = z.object({ id: z.string(), deleted: z.boolean() });
