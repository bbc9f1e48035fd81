import { z } from "zod";
import { boundedId, boundedString } from "./bounded";

/**
 * POST /v1/whatsapp/webhook/:studioId: the WhatsApp Cloud API notification payload. Every array
 * and string is bounded; objects keep unknown fields (the provider adds fields over time).
 */
export const WHATSAPP_WEBHOOK_LIMITS = {
  entries: 50,
  changes: 50,
  /** Messages, contacts and statuses of one change. */
  items: 100,
  providerId: 256,
  phone: 32,
  kind: 40,
  text: 4096,
  name: 256,
  field: 64,
} as const;

const L = WHATSAPP_WEBHOOK_LIMITS;
const short = (max: number) => boundedString(max);

export const WhatsAppInboundMessage = z.looseObject({
  id: boundedString(L.providerId, { min: 1 }).describe("the provider's message id (wamid…)"),
  from: boundedString(L.phone, { min: 1 }).describe("the sender's number (digits, no +)"),
  timestamp: short(20).optional().describe("Unix seconds as a string"),
  type: boundedString(L.kind, { min: 1 }).describe("text, image, audio, …"),
  text: z.looseObject({ body: short(L.text) }).optional(),
});
export type WhatsAppInboundMessage = z.infer<typeof WhatsAppInboundMessage>;

export const WhatsAppContact = z.looseObject({
  wa_id: short(L.phone).optional(),
  profile: z.looseObject({ name: short(L.name).optional() }).optional(),
});

export const WhatsAppStatus = z.looseObject({
  id: short(L.providerId).optional(),
  status: short(L.kind).optional(),
  timestamp: short(20).optional(),
  recipient_id: short(L.phone).optional(),
});

export const WhatsAppChangeValue = z.looseObject({
  messaging_product: short(L.field).optional(),
  metadata: z
    .looseObject({
      display_phone_number: short(L.phone).optional(),
      phone_number_id: short(L.providerId).optional(),
    })
    .optional(),
  contacts: z.array(WhatsAppContact).max(L.items).optional(),
  messages: z.array(WhatsAppInboundMessage).max(L.items).optional(),
  statuses: z.array(WhatsAppStatus).max(L.items).optional(),
});

export const WhatsAppChange = z.looseObject({
  field: short(L.field),
  value: WhatsAppChangeValue.optional(),
});

export const WhatsAppEntry = z.looseObject({
  id: short(L.providerId).optional(),
  changes: z.array(WhatsAppChange).max(L.changes).default([]),
});

export const WhatsAppWebhookInput = z.looseObject({
  studioId: boundedId().describe("the studio's id (path)"),
  object: short(L.field).describe("whatsapp_business_account"),
  entry: z.array(WhatsAppEntry).max(L.entries).default([]),
});
export type WhatsAppWebhookInput = z.input<typeof WhatsAppWebhookInput>;

export const WhatsAppWebhookResultSchema = z.object({
  received: z
    .number()
    .int()
    .describe("messages recorded by this call (a redelivered message is not counted again)"),
});
export type WhatsAppWebhookResult = z.infer<typeof WhatsAppWebhookResultSchema>;
