import { z } from "zod";
import { IanaTimeZone } from "./clients";
import { StudioSchema } from "./studio";
import { boundedName, boundedString, boundedUrl, nonNegativeInt4 } from "./bounded";

const hexColor = boundedString(7).regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "a #rgb or #rrggbb color");

/** Branding kept in studio settings; sent members replace stored ones, null clears one. */
export const StudioBrandingSchema = z
  .object({
    logoUrl: boundedUrl().nullable().optional(),
    coverImageUrl: boundedUrl().nullable().optional(),
    primaryColor: hexColor.nullable().optional(),
    secondaryColor: hexColor.nullable().optional(),
  })
  .strict()
  .meta({ id: "StudioBranding" });

const locale = boundedName(35, 2).refine((value) => {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}, "not a valid locale tag");

/** `PATCH /v1/web/studio/settings` (decisions.md "Team": seats and limits; OWNER or HEAD_COACH). */
export const StudioSettingsUpdateInput = z.object({
  name: boundedName(200).optional(),
  timezone: IanaTimeZone.optional(),
  locale: locale.optional(),
  seatLimit: nonNegativeInt4()
    .nullable()
    .optional()
    .describe("active coaches the plan allows; null = unlimited"),
  clientLimit: nonNegativeInt4()
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
