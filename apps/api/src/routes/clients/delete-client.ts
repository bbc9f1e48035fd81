import { ClientDeletedSchema, IdParam } from "@studio/contracts";
import { deleteClient } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const deleteClientRoute = webProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/clients/{id}",
      tags: ["clients"],
      summary: "Soft-delete a trainee",
    },
  })
  .input(IdParam)
  .output(ClientDeletedSchema)
  .mutation(({ ctx, input }) => deleteClient(ctx.db, ctx.scope, input));
