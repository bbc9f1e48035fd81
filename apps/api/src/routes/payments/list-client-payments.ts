import { ClientPaymentsInput, PaymentPageSchema } from "@studio/contracts";
import { listClientPayments } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listClientPaymentsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/clients/{id}/payments",
      tags: ["payments"],
      summary: "A trainee's payments as the payments provider reported them (PAID or REFUNDED), newest first",
    },
  })
  .input(ClientPaymentsInput)
  .output(PaymentPageSchema)
  .query(({ ctx, input }) => listClientPayments(ctx.db, ctx.scope, input));
