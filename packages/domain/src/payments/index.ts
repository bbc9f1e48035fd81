export { receivePaymentWebhook } from "./receive-payment-webhook";
export { processPaymentWebhook, type PaymentEventResult } from "./process-payment-webhook";
export { listClientPayments } from "./list-client-payments";
