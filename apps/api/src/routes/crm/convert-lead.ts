import { LeadConversionSchema, LeadConvertInput } from "@studio/contracts";
import { convertLead } from "@studio/domain";
import { webProcedure } from "../../trpc";
import { crmCaller } from "./caller";

export const convertLeadRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/crm/leads/{id}/convert",
      tags: ["crm"],
      summary: "Convert a lead to a trainee (moves it to WON)",
    },
  })
  .input(LeadConvertInput)
  .output(LeadConversionSchema)
  .mutation(({ ctx, input }) =>
    convertLead(ctx.deps.database.db, crmCaller(ctx), input, {
      chat: ctx.deps.ports.chat,
      log: (message, fields) => ctx.deps.logger.warn(message, { ...fields, requestId: ctx.requestId }),
    }),
  );
