import { StudioSettingsUpdateInput, StudioWithLimitsSchema } from "@studio/contracts";
import { updateStudioSettings } from "@studio/domain";
import { activeHeadProcedure } from "../../guards/coach-access";

export const updateStudioSettingsRoute = activeHeadProcedure
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
  .mutation(({ ctx, input }) => updateStudioSettings(ctx.deps.database.db, ctx.auth.studioId, input));
