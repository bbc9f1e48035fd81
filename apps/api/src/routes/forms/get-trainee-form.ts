import { TraineeFormDetailSchema, TraineeFormPath } from "@studio/contracts";
import { getTraineeForm } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** Trainee token only (the forms router has no app-access guard; see list-trainee-forms.ts). */
export const getTraineeFormRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/forms/{assignmentId}",
      tags: ["forms"],
      summary: "One sent form: the fields frozen at send time, the note and the coach's values",
    },
  })
  .input(TraineeFormPath)
  .output(TraineeFormDetailSchema)
  .query(({ ctx, input }) => getTraineeForm(ctx.db, ctx.scope, input));
