import { ClientSchema, IdParam } from "@studio/contracts";
import { getClient } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getClientRoute = webProcedure
  .meta({
    openapi: { method: "GET", path: "/v1/web/clients/{id}", tags: ["clients"], summary: "One trainee" },
  })
  .input(IdParam)
  .output(ClientSchema)
  .query(({ ctx, input }) => getClient(ctx.db, ctx.scope, input));
