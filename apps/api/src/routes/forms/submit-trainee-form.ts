import { FormResponseSchema, TraineeFormSubmitInput } from "@studio/contracts";
import { submitTraineeForm } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Trainee token only (no app-access guard; preview tokens are refused by the lane guard: POST). */
export const submitTraineeFormRoute = traineeProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/trainee/forms/{assignmentId}/submit",
      tags: ["forms"],
      summary: "Submit the answers to a sent form",
    },
    successStatus: 201,
  })
  .input(TraineeFormSubmitInput)
  .output(FormResponseSchema)
  .mutation(({ ctx, input }) => submitTraineeForm(ctx.db, ctx.scope, input));
