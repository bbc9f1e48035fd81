import { TraineeFormListSchema } from "@studio/contracts";
import { listTraineeForms } from "@studio/domain";
import { z } from "zod";
import { traineeProcedure } from "../../trpc";

/**
 * Trainee token only: document 1 lists the forms router among those without the app-access
 * guard ("the forms service applies its own frozen-plan rule": check-ins pause while frozen).
 */
export const listTraineeFormsRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/forms",
      tags: ["forms"],
      summary: "Pending forms the trainee can open now",
    },
  })
  .input(z.object({}))
  .output(TraineeFormListSchema)
  .query(({ ctx }) => listTraineeForms(ctx.db, ctx.scope));
