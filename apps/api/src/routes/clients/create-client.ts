import { ClientCreateInput, ClientSchema } from "@studio/contracts";
import { createTrainee } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const createClientRoute = traineeScopedProcedure
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
  .mutation(({ ctx, input }) =>
    createTrainee(ctx.deps.database.db, ctx.actor, input, {
      chat: ctx.deps.ports.chat,
      log: (message, fields) => ctx.deps.logger.warn(message, { ...fields, requestId: ctx.requestId }),
    }),
  );
