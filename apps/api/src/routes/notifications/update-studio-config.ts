import { NotificationConfigPatchInput, StudioNotificationConfigSchema } from "@studio/contracts";
import { updateStudioConfig } from "@studio/domain";
import { requireRole } from "../../trpc";

export const updateStudioConfigRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/notification-configs/{type}",
      tags: ["notifications"],
      summary: "Override a notification type for the studio (only fields sent change)",
    },
  })
  .input(NotificationConfigPatchInput)
  .output(StudioNotificationConfigSchema)
  .mutation(({ ctx, input }) => updateStudioConfig(ctx.db, ctx.scope, input));
