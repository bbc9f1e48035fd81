import { WhatsAppWebhookInput, WhatsAppWebhookResultSchema } from "@studio/contracts";
import { receiveWhatsappNotification } from "@studio/domain";
import { webhookProcedure } from "../../trpc";

/** Document 1 "Webhook lane": the studio's WhatsApp Cloud API webhook (notifications of its number). */
export const receiveWhatsappNotificationRoute = webhookProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/whatsapp/webhook/{studioId}",
      tags: ["whatsapp"],
      summary: "WhatsApp Cloud API notification of a studio's number",
      description:
        "Records each inbound message once per provider message id (a redelivery changes nothing), linked by phone to a trainee, else a lead, of this studio. Statuses are acknowledged and ignored; unknown fields are accepted. received counts the messages new to this call. An unknown, archived or malformed studio id answers 404 studio not found.",
      errorResponses: { 404: "studio not found" },
    },
  })
  .input(WhatsAppWebhookInput)
  .output(WhatsAppWebhookResultSchema)
  .mutation(({ ctx, input }) => receiveWhatsappNotification(ctx.db, ctx.scope, input));
