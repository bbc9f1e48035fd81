import { ClientListQuery, ClientListSchema } from "@studio/contracts";
import { listClients } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const listClientsRoute = traineeScopedProcedure
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
  .query(({ ctx, input }) => listClients(ctx.deps.database.db, ctx.actor, input));
