import { PlanSchema, PlanUpdateInput } from "@studio/contracts";
import { updatePlan } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updatePlanRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/plans/{id}",
      tags: ["plans"],
      summary: "Edit a plan; existing subscriptions keep their price and duration",
    },
  })
  .input(PlanUpdateInput)
  .output(PlanSchema)
  .mutation(({ ctx, input }) => updatePlan(ctx.db, ctx.scope, input));
