import { z } from "zod";
import { TraineeMeSchema } from "@studio/contracts";
import { getTraineeMe } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (no app-access guard), per document 1. */
export const getTraineeMeRoute = traineeProcedure
  .meta({
    openapi: { method: "GET", path: "/v1/trainee/me", tags: ["trainee"], summary: "The signed-in trainee" },
  })
  .input(z.object({}))
  .output(TraineeMeSchema)
  .query(({ ctx }) => getTraineeMe(ctx.db, ctx.scope));
