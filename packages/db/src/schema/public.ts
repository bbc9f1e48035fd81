import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id } from "./columns";
import { leads } from "./crm";
import { studioIdColumn } from "./studio";

/**
 * A marketing waitlist sign-up (document 3 "POST /v1/public/waitlist-leads"). Not a tenant row:
 * visitors join the platform's waitlist, not a studio's. forwardedAt marks the best-effort forward.
 */
export const waitlistLeads = pgTable(
  "waitlist_leads",
  {
    id: id(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    businessName: text("business_name"),
    source: text("source").notNull().default("landing"),
    createdAt: createdAt(),
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
  },
  (t) => [index("waitlist_leads_created_idx").on(t.createdAt)],
);

/**
 * The platform agent's conversations over the chat channel (document 3 "POST /v1/agent/webhook"):
 * one row per message, IN from the sender, OUT the agent's replies. Not a tenant row (the agent
 * speaks for the platform); phone is normalized.
 */
export const agentMessages = pgTable(
  "agent_messages",
  {
    id: id(),
    conversationId: text("conversation_id").notNull(),
    phone: text("phone").notNull(),
    contactName: text("contact_name"),
    /** IN | OUT */
    direction: text("direction").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("agent_messages_conversation_idx").on(t.conversationId, t.createdAt)],
);

/**
 * A message a studio's WhatsApp number received (POST /v1/whatsapp/webhook/:studioId), matched to
 * a trainee or lead of that studio by phone when one exists. providerMessageId makes redeliveries
 * of the same provider event idempotent.
 */
export const whatsappInboundMessages = pgTable(
  "whatsapp_inbound_messages",
  {
    id: id(),
    studioId: studioIdColumn(),
    providerMessageId: text("provider_message_id").notNull(),
    fromPhone: text("from_phone").notNull(),
    contactName: text("contact_name"),
    clientId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    leadId: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** The provider's message type (text, image, ...); body holds the text when there is one. */
    kind: text("kind").notNull(),
    body: text("body"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("whatsapp_inbound_provider_key").on(t.studioId, t.providerMessageId),
    index("whatsapp_inbound_client_idx").on(t.clientId),
  ],
);
