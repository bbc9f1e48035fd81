import { z } from "zod";
import { CoachRoleSchema } from "./common";
import { pagingQuery, paged } from "./paging";
import {
  boundedEmail,
  boundedId,
  boundedName,
  boundedString,
  INPUT_LIMITS,
  nonNegativeInt4,
} from "./bounded";

/** Permissions blob (decisions.md "Team"); missing members take their defaults. Only `trainees` is enforced. */
export const PermissionsSchema = z
  .object({
    trainees: z.enum(["all", "assigned"]).default("all"),
    leads: z.boolean().default(true),
    content: z.boolean().default(true),
    plans: z.boolean().default(true),
    billing: z.boolean().default(true),
    settings: z.boolean().default(true),
  })
  .meta({ id: "Permissions" });
export type Permissions = z.infer<typeof PermissionsSchema>;
export const FULL_PERMISSIONS: Permissions = PermissionsSchema.parse({});

/** The whole Coach row (document 1 "Coach (team member)"). */
export const CoachSchema = z
  .object({
    id: z.string(),
    name: z.string().describe("first and last name"),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: CoachRoleSchema,
    jobTitle: z.string().nullable(),
    permissionGroup: z.string().nullable(),
    permissions: PermissionsSchema,
    clientLimit: z.number().int().nullable().describe("the most trainees this coach takes"),
    externalUserId: z.string().nullable(),
    active: z.boolean().describe("false means dismissed; the row is kept"),
    lastActiveAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Coach" });
export type CoachRecord = z.infer<typeof CoachSchema>;

const coachFields = {
  firstName: boundedName(100),
  lastName: boundedName(100),
  email: boundedEmail(),
  phone: boundedName(40),
  jobTitle: boundedName(200).nullable(),
  permissionGroup: boundedName(100).nullable(),
  permissions: PermissionsSchema.describe(
    "missing members take their defaults; a submitted blob replaces the stored one",
  ),
  role: CoachRoleSchema,
  externalUserId: boundedName(200),
  clientLimit: nonNegativeInt4().nullable(),
};

/** `POST /v1/web/coaches` (decisions.md "Team": the fourth field is phone, the integer field clientLimit). */
export const CoachCreateInput = z.object({
  firstName: coachFields.firstName,
  lastName: coachFields.lastName,
  email: coachFields.email,
  phone: coachFields.phone,
  jobTitle: coachFields.jobTitle.optional(),
  permissionGroup: coachFields.permissionGroup.optional(),
  permissions: coachFields.permissions.optional(),
  role: coachFields.role.optional().describe("default SUB_COACH"),
  externalUserId: coachFields.externalUserId.optional(),
  clientLimit: coachFields.clientLimit.optional(),
});
export type CoachCreate = z.infer<typeof CoachCreateInput>;

/** `PATCH /v1/web/coaches/:id`: every create field optional, plus active (true reactivates). */
export const CoachUpdateInput = z
  .object({ id: boundedId() })
  .extend(z.object(coachFields).partial().shape)
  .extend({
    active: z
      .boolean()
      .optional()
      .describe("true on a dismissed member reactivates it (a seat must be free)"),
  });
export type CoachUpdate = z.infer<typeof CoachUpdateInput>;

/**
 * `GET /v1/web/coaches`. The documented coercion of active: absent lists active members;
 * any non-empty string (even "false") means true; only an empty value lists dismissed ones.
 */
export const CoachListQuery = z.object({
  role: CoachRoleSchema.optional(),
  active: z
    .union([z.boolean(), boundedString(INPUT_LIMITS.name)])
    .optional()
    .transform((value) => (value === undefined ? true : typeof value === "boolean" ? value : value !== ""))
    .describe(
      'absent: active members; any non-empty value (even "false"): active; empty (?active=): dismissed',
    ),
  search: boundedName(200, 0).optional().describe("case-insensitive match on name or email"),
  ...pagingQuery(),
});
export type CoachListFilters = z.infer<typeof CoachListQuery>;
export const CoachListSchema = paged(CoachSchema);

/** `GET /v1/web/coaches/:id/impact`. */
export const CoachImpactSchema = z
  .object({
    openTasks: z.number().int().describe("tasks with status OPEN or SNOOZED listing this coach"),
    clients: z.number().int().describe("non-deleted trainees assigned to this coach"),
  })
  .meta({ id: "CoachImpact" });

export const COACH_DISMISS_MAX_REPLACEMENTS = 50;
const replacementIds = z
  .array(boundedId())
  .min(1, "select at least one other team member")
  .max(COACH_DISMISS_MAX_REPLACEMENTS);
export const DismissTasksSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("reassign"), coachIds: replacementIds }),
  z.object({ mode: z.literal("discard") }),
]);
export const DismissClientsSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("reassign"), coachIds: replacementIds }),
  z.object({ mode: z.literal("unassign") }),
]);
export type DismissTasks = z.infer<typeof DismissTasksSchema>;
export type DismissClients = z.infer<typeof DismissClientsSchema>;

/**
 * `DELETE /v1/web/coaches/:id` JSON body (all optional): tasks default discard, clients
 * default unassign. The identity transforms only keep the OpenAPI generator (which reads
 * DELETE inputs as parameters) from refusing object fields; the wire format is a JSON body.
 */
export const CoachDismissInput = z.object({
  id: boundedId(),
  tasks: DismissTasksSchema.optional().transform((v): DismissTasks => v ?? { mode: "discard" }),
  clients: DismissClientsSchema.optional().transform((v): DismissClients => v ?? { mode: "unassign" }),
});
export type CoachDismiss = z.infer<typeof CoachDismissInput>;

/** Dismissal answer (decisions.md "Team": the four counters). */
export const CoachDismissResultSchema = z
  .object({
    coach: CoachSchema,
    tasksReassigned: z
      .number()
      .int()
      .describe("open tasks that still have an assignee, shared ones included"),
    tasksDiscarded: z.number().int().describe("open tasks left with no assignee: DISMISSED"),
    clientsReassigned: z.number().int().describe("trainees that still have a coach"),
    clientsUnassigned: z.number().int().describe("trainees left with no coach"),
  })
  .meta({ id: "CoachDismissResult" });
export type CoachDismissResult = z.infer<typeof CoachDismissResultSchema>;
