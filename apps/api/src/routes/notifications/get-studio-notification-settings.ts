import { z } from "zod";
import { NotificationSettingsSchema } from "@studio/contracts";
import { getStudioNotificationSettings } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getStudioNotificationSettingsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/studio/notification-settings",
      tags: ["notifications"],
      summary: "Notification settings (structured): every active type with catalogue metadata and defaults",
    },
  })
  .input(z.object({}))
  .output(NotificationSettingsSchema)
  .query(({ ctx }) => getStudioNotificationSettings(ctx.db, ctx.scope));
