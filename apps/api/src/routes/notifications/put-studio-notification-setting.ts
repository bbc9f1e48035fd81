import { NotificationSettingPutInput, NotificationSettingSchema } from "@studio/contracts";
import { putStudioNotificationSetting } from "@studio/domain";
import { requireRole } from "../../trpc";

export const putStudioNotificationSettingRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "PUT",
      path: "/v1/web/studio/notification-settings/{type}",
      tags: ["notifications"],
      summary: "Replace one notification setting (messages normalized per kind)",
    },
  })
  .input(NotificationSettingPutInput)
  .output(NotificationSettingSchema)
  .mutation(({ ctx, input }) => putStudioNotificationSetting(ctx.db, ctx.scope, input));
