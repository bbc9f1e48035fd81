import { ClientSchema, IdParam } from "@studio/contracts";
import { getClient } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const getClientRoute = traineeScopedProcedure
  .meta({
    openapi: { method: "GET", path: "/v1/web/clients/{id}", tags: ["clients"], summary: "One trainee" },
  })
  .input(IdParam)
  .output(ClientSchema)
  .query(({ ctx, input }) => getClient(ctx.deps.database.db, ctx.actor, input.id));
