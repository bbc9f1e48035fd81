import { z } from "zod";
import { NotificationPreferenceListSchema } from "@studio/contracts";
import { getTraineeNotificationPreferences } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

export const getTraineeNotificationPreferencesRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/notification-preferences",
      tags: ["notifications"],
      summary: "Preference groups the trainee can control, in enum order",
    },
  })
  .input(z.object({}))
  .output(NotificationPreferenceListSchema)
  .query(({ ctx }) => getTraineeNotificationPreferences(ctx.db, ctx.scope));
