import { ClientSchema, ClientUpdateInput } from "@studio/contracts";
import { updateClient } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateClientRoute = webProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/clients/{id}",
      tags: ["clients"],
      summary: "Edit a trainee; tags and coachIds replace the stored lists",
    },
  })
  .input(ClientUpdateInput)
  .output(ClientSchema)
  .mutation(({ ctx, input }) => updateClient(ctx.db, ctx.scope, input));
