// A studio's WhatsApp Cloud API webhook (document 1 "Webhook lane"): inbound messages recorded
// once per provider id and linked to the studio's trainee or lead by phone.
export { matchSenders, type SenderMatch } from "./match-sender";
export { receiveWhatsappNotification } from "./receive-whatsapp-notification";
