import { ContentListQuery, TraineeContentListSchema } from "@studio/contracts";
import { listTraineeContent } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (no app-access guard; preview sessions may read), per document 2. */
export const listTraineeContentRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/content",
      tags: ["content"],
      summary: "Library items the trainee may see",
    },
  })
  .input(ContentListQuery)
  .output(TraineeContentListSchema)
  .query(({ ctx, input }) => listTraineeContent(ctx.db, ctx.scope, input));
