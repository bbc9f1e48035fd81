import { router } from "../trpc";
import { agentWebhookRoutes } from "../routes/agent";
import { whatsAppWebhookRoutes } from "../routes/whatsapp";

/** Webhook lane (token query parameter): the platform agent and the studios' WhatsApp numbers. */
export const webhookRouter = router({
  agent: agentWebhookRoutes,
  whatsapp: whatsAppWebhookRoutes,
});
