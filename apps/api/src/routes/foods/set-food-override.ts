import { FoodOverrideInput, FoodSchema } from "@studio/contracts";
import { setFoodOverride } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const setFoodOverrideRoute = webProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/v1/web/foods/{id}/override",
      tags: ["foods"],
      summary: "Set the studio's override of a system food (null clears a field back to the base value)",
    },
  })
  .input(FoodOverrideInput)
  .output(FoodSchema)
  .mutation(({ ctx, input }) => setFoodOverride(ctx.db, ctx.scope, input));
