import { ClientNotificationsInput, NotificationRecordPageSchema } from "@studio/contracts";
import { listClientNotifications } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const listClientNotificationsRoute = traineeScopedProcedure
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
  .query(({ ctx, input }) => listClientNotifications(ctx.deps.database.db, ctx.actor, input));
