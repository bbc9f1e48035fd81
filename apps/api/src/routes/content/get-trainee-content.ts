import { IdParam, TraineeContentItemSchema } from "@studio/contracts";
import { getTraineeContent } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (no app-access guard; preview sessions may read), per document 2. */
export const getTraineeContentRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/content/{id}",
      tags: ["content"],
      summary: "One library item the trainee may see (the live home banner's item even unpublished)",
    },
  })
  .input(IdParam)
  .output(TraineeContentItemSchema)
  .query(({ ctx, input }) => getTraineeContent(ctx.db, ctx.scope, input));
