import { z } from "zod";
import { boundedString } from "./bounded";

/** Bounds of the agent webhook body (document 3 "POST /v1/agent/webhook"; decisions.md field names). */
export const AGENT_LIMITS = {
  phone: 32,
  conversationId: 200,
  /** The WhatsApp Cloud API's text limit. */
  message: 4096,
  contactName: 200,
  /** Messages of the conversation the reply job reads (newest first, then put in order). */
  historyMessages: 20,
  /** Characters of one reply kept (a longer model answer is cut). */
  reply: 1000,
} as const;

/** AGENT_DEBOUNCE_SECONDS: default and bounds. */
export const AGENT_DEBOUNCE = { defaultSeconds: 8, maxSeconds: 300 } as const;

export const AgentWebhookInput = z.object({
  phone: boundedString(AGENT_LIMITS.phone, { trim: true, min: 1 }).describe("the sender's phone"),
  conversationId: boundedString(AGENT_LIMITS.conversationId, { trim: true, min: 1 }),
  message: boundedString(AGENT_LIMITS.message).default("").describe("the message text (default empty)"),
  contactName: boundedString(AGENT_LIMITS.contactName, { trim: true }).optional(),
});
export type AgentWebhookInput = z.input<typeof AgentWebhookInput>;

export const AgentWebhookResultSchema = z.object({
  accepted: z.literal(true).describe("always true for a valid body"),
  queued: z
    .boolean()
    .describe(
      "true when the message was recorded and a reply is scheduled (debounced per conversation); false when the agent is off (no language model key or no chat provider), the sender is not a pilot phone, or the message is blank",
    ),
});
export type AgentWebhookResult = z.infer<typeof AgentWebhookResultSchema>;
