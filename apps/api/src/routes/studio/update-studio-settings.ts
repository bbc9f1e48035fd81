import { StudioSettingsUpdateInput, StudioWithLimitsSchema } from "@studio/contracts";
import { updateStudioSettings } from "@studio/domain";
import { requireRole } from "../../trpc";

export const updateStudioSettingsRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/studio/settings",
      tags: ["studio"],
      summary: "Studio name, zone, locale, branding, calendar switch and plan limits",
    },
  })
  .input(StudioSettingsUpdateInput)
  .output(StudioWithLimitsSchema)
  .mutation(({ ctx, input }) => updateStudioSettings(ctx.db, ctx.scope, input));
