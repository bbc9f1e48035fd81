import { z } from "zod";
import { boundedDate, boundedId, boundedInt, boundedName, INT4_MAX, nonNegativeInt4 } from "./bounded";
import { paged, pagingQuery } from "./paging";

/** Plans (products) and subscriptions (decisions.md "Supporting web routes", "Subscriptions and forms"). */
export const DurationUnitSchema = z.enum(["DAYS", "MONTHS"]);
export type DurationUnit = z.infer<typeof DurationUnitSchema>;
export const PlanTriggerSchema = z.enum(["NONE", "FIRST_PLAN"]);
export type PlanTrigger = z.infer<typeof PlanTriggerSchema>;
export const SubscriptionStatusSchema = z.enum(["PENDING", "ACTIVE", "FROZEN", "CANCELED", "ENDED"]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;
/** Live subscriptions (decisions.md): the ones the app lock, freeze and renewals look at. */
export const LIVE_SUBSCRIPTION_STATUSES = [
  "PENDING",
  "ACTIVE",
  "FROZEN",
] as const satisfies readonly SubscriptionStatus[];

/** Agorot: a non-negative int4. */
export const priceAgorot = () => nonNegativeInt4();
/** A duration value: a positive int4. */
export const durationValue = () => boundedInt(1, INT4_MAX);

export const PlanSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    priceAgorot: z.number().int().nullable().describe("null: decided per trainee"),
    durationValue: z.number().int().nullable().describe("null: decided per trainee"),
    durationUnit: DurationUnitSchema.nullable(),
    isActive: z.boolean(),
    trigger: PlanTriggerSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Plan" });
export type Plan = z.infer<typeof PlanSchema>;

const planFields = {
  name: boundedName(200),
  priceAgorot: priceAgorot().nullable(),
  durationValue: durationValue().nullable(),
  durationUnit: DurationUnitSchema.nullable(),
  isActive: z.boolean(),
  trigger: PlanTriggerSchema,
};

/** `POST /v1/web/plans`: durationValue and durationUnit come together or not at all (checked by the operation). */
export const PlanCreateInput = z.object({
  name: planFields.name,
  priceAgorot: planFields.priceAgorot.optional(),
  durationValue: planFields.durationValue.optional(),
  durationUnit: planFields.durationUnit.optional(),
  isActive: planFields.isActive.optional().describe("default true"),
  trigger: planFields.trigger.optional().describe("default NONE"),
});
export type PlanCreate = z.infer<typeof PlanCreateInput>;

/** `PATCH /v1/web/plans/:id`: every field optional; null clears price or duration. */
export const PlanUpdateInput = z.object({ id: boundedId() }).extend(z.object(planFields).partial().shape);
export type PlanUpdate = z.infer<typeof PlanUpdateInput>;

/** `GET /v1/web/plans`: every plan of the studio (active or not, each with isActive), by name. */
export const PlanListQuery = z.object({
  search: boundedName(200).optional().describe("case-insensitive, on the name"),
  ...pagingQuery(),
});
export type PlanListFilters = z.infer<typeof PlanListQuery>;
export const PlanListSchema = paged(PlanSchema);

export const SubscriptionSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    planId: z.string(),
    status: SubscriptionStatusSchema,
    startDate: z.string().nullable().describe("null while waiting for the FIRST_PLAN trigger"),
    endDate: z.string().nullable(),
    priceAgorot: z.number().int().nullable(),
    durationValue: z.number().int(),
    durationUnit: DurationUnitSchema,
    frozenAt: z.string().nullable(),
    waitingForTrigger: PlanTriggerSchema,
  })
  .meta({ id: "Subscription" });
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** assign or renew (the automation lane's `POST .../subscription` and the coach app's operation). */
export const SubscriptionAssignInput = z.object({
  clientId: boundedId(),
  planId: boundedId(),
  startDate: boundedDate().optional(),
  priceOverrideAgorot: priceAgorot().optional(),
  durationValue: durationValue().optional(),
  durationUnit: DurationUnitSchema.optional(),
  notify: z.boolean().optional().describe("default true"),
});
export type SubscriptionAssign = z.infer<typeof SubscriptionAssignInput>;
