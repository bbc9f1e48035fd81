import { z } from "zod";
import { TraineeHomeSchema } from "@studio/contracts";
import { getTraineeHome } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

/** Token plus the app lock (document 1: home is not among the guard-free routes); previews read. */
export const getTraineeHomeRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/home",
      tags: ["trainee"],
      summary:
        "What the app shows on open: the live home banner's item, today's plan days, pending forms, today's water and steps, the next meeting",
    },
  })
  .input(z.object({}))
  .output(TraineeHomeSchema)
  .query(({ ctx }) => getTraineeHome(ctx.db, ctx.scope));
