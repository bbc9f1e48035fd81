import { NotificationConfigPatchInput, PlatformNotificationConfigSchema } from "@studio/contracts";
import { updatePlatformConfig } from "@studio/domain";
import { internalProcedure } from "../../trpc";

/** Admin lane (service signature only); any of the fifteen types. */
export const updatePlatformConfigRoute = internalProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/admin/notification-configs/{type}",
      tags: ["notifications"],
      summary: "Change a platform default notification row (only fields sent)",
    },
  })
  .input(NotificationConfigPatchInput)
  .output(PlatformNotificationConfigSchema)
  .mutation(({ ctx, input }) => updatePlatformConfig(ctx.db, ctx.scope, input));
