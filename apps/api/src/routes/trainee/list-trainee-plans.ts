import { z } from "zod";
import { TraineePlanListSchema } from "@studio/contracts";
import { listTraineePlans } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

/** Behind the app lock; previews may read. */
export const listTraineePlansRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/plans",
      tags: ["plans"],
      summary: "The active plans with today's plan day",
    },
  })
  .input(z.object({}))
  .output(TraineePlanListSchema)
  .query(({ ctx }) => listTraineePlans(ctx.db, ctx.scope));
