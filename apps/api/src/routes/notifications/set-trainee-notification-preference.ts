import { NotificationPreferenceListSchema, NotificationPreferencePatchInput } from "@studio/contracts";
import { setTraineeNotificationPreference } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Preview sessions never get here: the lane guard refuses their non-GET requests (PREVIEW_READ_ONLY). */
export const setTraineeNotificationPreferenceRoute = traineeProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/trainee/notification-preferences",
      tags: ["notifications"],
      summary: "Mute or unmute a preference group",
    },
  })
  .input(NotificationPreferencePatchInput)
  .output(NotificationPreferenceListSchema)
  .mutation(({ ctx, input }) => setTraineeNotificationPreference(ctx.db, ctx.scope, input));
