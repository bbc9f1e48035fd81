// Outbound webhooks (document 3 "Webhook registration", "Events" FORM_FILLED): registration by
// an API key, list, delete, the FORM_FILLED emission and what the delivery job reads and records.
export { HOOK_MESSAGES, toHook } from "./hook-record";
export { registerWebhook, type RegisterWebhookInput } from "./register-webhook";
export { listWebhooks } from "./list-webhooks";
export { deleteWebhook } from "./delete-webhook";
export { emitFormFilled } from "./emit-form-filled";
export {
  formFilledFields,
  prepareFormFilledDelivery,
  prepareFormFilledDeliveries,
  type FormFilledDelivery,
} from "./prepare-form-filled-delivery";
export { recordWebhookAttempt, recordWebhookAttempts } from "./record-webhook-attempt";
