import { ClientCreateInput, ClientSchema } from "@studio/contracts";
import { createTrainee } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createTraineeRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/clients",
      tags: ["clients"],
      summary: "Create a trainee (phone unique in the studio, plan client limit)",
    },
    successStatus: 201,
  })
  .input(ClientCreateInput)
  .output(ClientSchema)
  .mutation(({ ctx, input }) => createTrainee(ctx.db, ctx.scope, input));
