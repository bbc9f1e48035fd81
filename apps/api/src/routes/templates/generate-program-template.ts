import { TemplateGenerateInput, TemplateSchema } from "@studio/contracts";
import { generateProgramTemplate } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const generateProgramTemplateRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/program-templates/generate-ai",
      tags: ["program-templates"],
      summary: "Generate a program template with the language model",
      description:
        "The model writes a plan from the prompt; it is mapped into builder content, normalized and saved with the " +
        "generated name and level. TRAINING: Hebrew day labels, strength rows with exerciseId null, aerobic minutes " +
        "as the cardio requirement. Any other type takes the nutrition branch (COMBINED stores it unnormalized): " +
        "one targets block on every day, meals of the six types, items with foodId null and the food's name in " +
        "the note. Without a language model, or when it fails: SERVICE_UNAVAILABLE.",
    },
    successStatus: 201,
  })
  .input(TemplateGenerateInput)
  .output(TemplateSchema)
  .mutation(({ ctx, input }) => generateProgramTemplate(ctx.db, ctx.scope, input));
