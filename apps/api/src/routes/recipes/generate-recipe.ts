import { RecipeDraftSchema, RecipeGenerateInput } from "@studio/contracts";
import { generateRecipe } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const generateRecipeRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/content/generate-recipe",
      tags: ["content"],
      summary: "Draft a recipe with the language model (saves nothing)",
      description:
        "text and/or link (https:// added when the link has no scheme; only http and https). The page is read " +
        "through the outbound target checks, then through the second reader when the site blocks that; when " +
        "neither works the text alone is used. The answer is a Hebrew draft shaped as the content create body. " +
        "A link that cannot be read with no text answers BAD_REQUEST (could not fetch recipe link, recipe link " +
        "had no readable text). Without a language model, or when it fails: SERVICE_UNAVAILABLE.",
    },
    successStatus: 200,
  })
  .input(RecipeGenerateInput)
  .output(RecipeDraftSchema)
  .mutation(({ ctx, input }) => generateRecipe(ctx.db, ctx.scope, input));
