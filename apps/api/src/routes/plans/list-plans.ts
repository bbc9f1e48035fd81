import { PlanListQuery, PlanListSchema } from "@studio/contracts";
import { listPlans } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listPlansRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/plans",
      tags: ["plans"],
      summary: "List the studio's plans by name",
    },
  })
  .input(PlanListQuery)
  .output(PlanListSchema)
  .query(({ ctx, input }) => listPlans(ctx.db, ctx.scope, input));
