import { PlanCreateInput, PlanSchema } from "@studio/contracts";
import { createPlan } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createPlanRoute = webProcedure
  .meta({
    openapi: { method: "POST", path: "/v1/web/plans", tags: ["plans"], summary: "Create a plan (product)" },
    successStatus: 201,
  })
  .input(PlanCreateInput)
  .output(PlanSchema)
  .mutation(({ ctx, input }) => createPlan(ctx.db, ctx.scope, input));
