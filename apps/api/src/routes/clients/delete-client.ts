import { ClientDeletedSchema, IdParam } from "@studio/contracts";
import { softDeleteClient } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const deleteClientRoute = traineeScopedProcedure
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
  .mutation(({ ctx, input }) =>
    softDeleteClient(ctx.deps.database.db, ctx.actor, { id: input.id, now: ctx.deps.now() }),
  );
