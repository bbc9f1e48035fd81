import { CardioListQuery, CardioListSchema } from "@studio/contracts";
import { listCardioSessions } from "@studio/domain";
import { traineeAppProcedure } from "../../procedures/trainee-app-access";

export const listCardioSessionsRoute = traineeAppProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/cardio",
      tags: ["tracking"],
      summary: "Cardio sessions of the last days",
    },
  })
  .input(CardioListQuery)
  .output(CardioListSchema)
  .query(({ ctx, input }) => listCardioSessions(ctx.db, ctx.scope, input));
