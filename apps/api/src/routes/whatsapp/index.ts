import { router } from "../../trpc";
import { receiveWhatsappNotificationRoute } from "./receive-whatsapp-notification";

/** /v1/whatsapp/webhook/:studioId */
export const whatsAppWebhookRoutes = router({
  receive: receiveWhatsappNotificationRoute,
});
