import { z } from "zod";
import { TraineeAccountDeletionSchema } from "@studio/contracts";
import { deleteTraineeAccount } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (document 1); preview sessions are refused by the lane guard. */
export const deleteTraineeAccountRoute = traineeProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/trainee/me",
      tags: ["trainee"],
      summary: "Delete the trainee's account and personal data",
      description:
        "Deletes the trainee's own data (weigh-ins, measurements, photos, cardio, health samples, workout and meal logs, plan-day meals, custom meals, the shopping list, devices, push records) and strips the trainee row of every personal field; the token stops working.",
    },
  })
  .input(z.object({}))
  .output(TraineeAccountDeletionSchema)
  .mutation(({ ctx }) => deleteTraineeAccount(ctx.db, ctx.scope));
