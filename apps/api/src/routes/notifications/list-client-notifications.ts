import { ClientNotificationsInput, NotificationRecordPageSchema } from "@studio/contracts";
import { listClientNotifications } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listClientNotificationsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/notifications",
      tags: ["notifications"],
      summary: "Pushes recorded for a trainee (sent or skipped, with why), newest first",
    },
  })
  .input(ClientNotificationsInput)
  .output(NotificationRecordPageSchema)
  .query(({ ctx, input }) => listClientNotifications(ctx.db, ctx.scope, input));
