import { z } from "zod";

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
