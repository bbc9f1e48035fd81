import { ClientListQuery, ClientListSchema } from "@studio/contracts";
import { listClients } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listClientsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients",
      tags: ["clients"],
      summary: "List trainees the caller reaches, newest first",
    },
  })
  .input(ClientListQuery)
  .output(ClientListSchema)
  .query(({ ctx, input }) => listClients(ctx.db, ctx.scope, input));
