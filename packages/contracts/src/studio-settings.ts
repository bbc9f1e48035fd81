import { z } from "zod";
import { IanaTimeZone } from "./clients";
import { StudioSchema } from "./studio";

const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "a #rgb or #rrggbb color");

/** Branding kept in studio settings; sent members replace stored ones, null clears one. */
export const StudioBrandingSchema = z
  .object({
    logoUrl: z.url().max(2048).nullable().optional(),
    coverImageUrl: z.url().max(2048).nullable().optional(),
    primaryColor: hexColor.nullable().optional(),
    secondaryColor: hexColor.nullable().optional(),
  })
  .strict()
  .meta({ id: "StudioBranding" });

const locale = z
  .string()
  .trim()
  .min(2)
  .max(35)
  .refine((value) => {
    try {
      return Intl.getCanonicalLocales(value).length === 1;
    } catch {
      return false;
    }
  }, "not a valid locale tag");

/** `PATCH /v1/web/studio/settings` (decisions.md "Team": seats and limits; OWNER or HEAD_COACH). */
export const StudioSettingsUpdateInput = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  timezone: IanaTimeZone.optional(),
  locale: locale.optional(),
  seatLimit: z
    .number()
    .int()
    .min(0)
    .nullable()
    .optional()
    .describe("active coaches the plan allows; null = unlimited"),
  clientLimit: z
    .number()
    .int()
    .min(0)
    .nullable()
    .optional()
    .describe("non-deleted trainees the plan allows; null = unlimited"),
  calendarEnabled: z.boolean().optional(),
  allowAppWhileFrozen: z
    .boolean()
    .optional()
    .describe("trainees keep the app while their plan is frozen (a trainee may override)"),
  branding: StudioBrandingSchema.optional(),
});
export type StudioSettingsUpdate = z.infer<typeof StudioSettingsUpdateInput>;

/** The studio with its plan limits, as answered by the settings route. */
export const StudioWithLimitsSchema = StudioSchema.extend({
  planId: z.string().nullable(),
  seatLimit: z.number().int().nullable(),
  clientLimit: z.number().int().nullable(),
}).meta({ id: "StudioWithLimits" });
export type StudioWithLimits = z.infer<typeof StudioWithLimitsSchema>;
