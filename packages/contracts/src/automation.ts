import { z } from "zod";
import {
  boundedDate,
  boundedId,
  boundedInt,
  boundedName,
  boundedString,
  INPUT_LIMITS,
  INT4_MAX,
  INT4_MIN,
} from "./bounded";
import { HOOK_EVENTS, HOOK_LIMITS } from "./hooks";
import { wholeNumberPattern } from "./numeric-pattern";
import { DurationUnitSchema, PlanSchema, SubscriptionSchema } from "./subscriptions";

/** `GET /v1/automation/validate`: connection test of an automation tool. */
export const AutomationValidateSchema = z.object({
  studioId: z.string(),
  studioName: z.string(),
  apiKeyId: z.string(),
});

// ---- string-tolerant inputs (document 3 "Response envelope": automation tools send
// everything as strings and empty strings for blank fields) ----
// Rules (docs/decisions/automation.md "Automation lane"): a blank value (empty or white space only) and
// null are the field left out, never a clear; numeric strings are numbers ("12000", " 7 ");
// boolean strings are "true"/"false"/"1"/"0" in any letter case. Every value still passes the
// bounded helpers (NUL refused, lengths, int4) after conversion.

/** A blank string (at most 10,000 characters of white space): the field left out. */
const blankString = () =>
  z.string().max(INPUT_LIMITS.longText).regex(/^\s*$/, "must be blank").describe("blank: treated as omitted");

/** A blank string or null: the field left out. */
const blankValue = z.union([blankString(), z.null()]).transform((): undefined => undefined);

/** An optional field of the automation lane: blank or null is omitted, anything else must pass `schema`. */
export function blankable<T extends z.ZodType>(schema: T) {
  return z.union([blankValue, schema]).optional();
}

/**
 * An optional query parameter of the automation lane: blank is omitted, anything else must pass
 * `schema`. A query string cannot carry null, so the document does not offer it (issue 26 item 11).
 */
export function blankableQuery<T extends z.ZodType>(schema: T) {
  return z.union([blankString().transform((): undefined => undefined), schema]).optional();
}

/**
 * An integer in `[min, max]` (clamped to int4) sent as a number or as a numeric string; the
 * string's pattern states the same range (issue 26 item 11).
 */
export function automationInt(min: number = INT4_MIN, max: number = INT4_MAX) {
  const low = Math.max(min, INT4_MIN);
  const high = Math.min(max, INT4_MAX);
  return z.union([
    boundedInt(min, max),
    z
      .string()
      .max(32)
      .regex(wholeNumberPattern(low, high), `must be a whole number from ${low} to ${high}`)
      .transform((value) => Number(value.trim()))
      .pipe(boundedInt(min, max)),
  ]);
}

/** A boolean sent as true/false or as "true"/"false"/"1"/"0" (any letter case, trimmed). */
export const automationBoolean = () =>
  z.union([
    z.boolean(),
    z
      .string()
      .max(8)
      .regex(/^\s*(true|false|1|0)\s*$/i, "must be true or false")
      .transform((value) => /^\s*(true|1)\s*$/i.test(value)),
  ]);

/** Offset pagination of the lane: limit 1 to 200 (default 50), offset at least 0 (default 0). */
export const automationPagingQuery = () => ({
  limit: blankableQuery(automationInt(1, 200))
    .transform((value) => value ?? 50)
    .describe("1 to 200, default 50"),
  offset: blankableQuery(automationInt(0, INT4_MAX))
    .transform((value) => value ?? 0)
    .describe("at least 0, default 0"),
});
export const AutomationPagingQuerySchema = z.object(automationPagingQuery());
export type AutomationPagingQuery = z.infer<typeof AutomationPagingQuerySchema>;

/** Paginated data of the lane: items, total (all matching rows), limit, offset, hasMore. */
export const automationPaged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    hasMore: z.boolean(),
  });

/** A path id of the lane (`/trainees/{id}/...`). */
const pathId = () => boundedId().describe("trainee id");

// ---- plans and subscriptions (document 3 "Plans and subscriptions") ----

/** `GET /v1/automation/products`: active plans, search on the name. */
export const AutomationProductsQuery = z.object({
  search: blankableQuery(boundedName(200)).describe("case-insensitive, on the name"),
  ...automationPagingQuery(),
});
export const AutomationProductsSchema = automationPaged(PlanSchema);

export const AutomationTraineePath = z.object({ id: pathId() });
export const AutomationSubscriptionsSchema = z.object({ items: z.array(SubscriptionSchema) });

/** `POST /v1/automation/trainees/{id}/subscription` (decisions.md field names). */
export const AutomationSubscriptionAssignInput = z.object({
  id: pathId(),
  planId: boundedId(),
  startDate: blankable(boundedDate()),
  priceOverrideAgorot: blankable(automationInt(0, INT4_MAX)).describe("non-negative integer, agorot"),
  durationValue: blankable(automationInt(1, INT4_MAX)).describe(
    "positive integer; required when the plan fixes no duration",
  ),
  durationUnit: blankable(DurationUnitSchema),
  notify: blankable(automationBoolean()).describe("default true; false suppresses the push"),
});
export type AutomationSubscriptionAssign = z.infer<typeof AutomationSubscriptionAssignInput>;
export const AutomationSubscriptionResultSchema = z.object({ subscription: SubscriptionSchema });
export const AutomationSubscriptionsResultSchema = z.object({ subscriptions: z.array(SubscriptionSchema) });

/** `POST /v1/automation/trainees/{id}/subscription/cancel`. */
export const AutomationSubscriptionCancelInput = z.object({ id: pathId(), subscriptionId: boundedId() });

// ---- webhooks (document 3 "Webhook registration") ----

/** A hook as answered (never the secret, except at registration). */
export const AutomationHookSchema = z.object({
  id: z.string(),
  targetUrl: z.string(),
  event: z.enum(HOOK_EVENTS),
  formId: z.string().nullable(),
  lastDeliveryAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  createdAt: z.string(),
});
/** `POST /v1/automation/hooks` answers the hook with its secret (48 hex characters), only here. */
export const AutomationRegisteredHookSchema = AutomationHookSchema.extend({ secret: z.string() });
export const AutomationHooksSchema = z.object({ hooks: z.array(AutomationHookSchema) });

/**
 * A hook event: FORM_FILLED, the only value (document 3), or blank (null too in a body): left
 * out. Anything else is 400 "event: unknown event" (one message for the whole union).
 */
const hookEvent = (inBody: boolean) =>
  z
    .union(
      [
        blankString().transform((): undefined => undefined),
        ...(inBody ? [z.null().transform((): undefined => undefined)] : []),
        z.enum(HOOK_EVENTS),
      ],
      { error: "unknown event" },
    )
    .optional();

/** `POST /v1/automation/hooks`: event blank means FORM_FILLED; formId blank means every form. */
export const AutomationHookRegisterInput = z.object({
  targetUrl: boundedString(HOOK_LIMITS.targetUrl, { trim: true }).describe(
    "https URL on a public host, at most 2048",
  ),
  event: hookEvent(true).describe("FORM_FILLED (default)"),
  formId: blankable(boundedString(INPUT_LIMITS.id, { trim: true })).describe("blank: every form"),
});
export type AutomationHookRegister = z.infer<typeof AutomationHookRegisterInput>;

/** `GET /v1/automation/hooks`: optional event filter (an unknown event is 400). */
export const AutomationHookListQuery = z.object({
  event: hookEvent(false),
});

/** `DELETE /v1/automation/hooks/{id}`. */
export const AutomationHookPath = z.object({ id: boundedId().describe("hook id") });
export const AutomationHookDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
