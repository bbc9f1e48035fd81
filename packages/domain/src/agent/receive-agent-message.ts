import {
  AGENT_REPLY_JOB,
  AgentWebhookInput,
  type AgentReplyPayload,
  type AgentWebhookResult,
} from "@studio/contracts";
import { agentMessages, type Db } from "@studio/db";
import { sql } from "drizzle-orm";
import { validation } from "../errors";
import type { WebhookScope } from "./agent-scope";
import { normalizeSenderPhone } from "./agent-phone";
import { lockConversation } from "./agent-conversation";

/**
 * `POST /v1/agent/webhook` (document 3): hands one inbound message to the platform agent.
 * - The sender's phone must be a valid number (VALIDATION otherwise).
 * - Off (no model key or no chat provider), a sender outside AGENT_PILOT_PHONES, or a blank message:
 *   accepted, nothing recorded, nothing queued (no message text is kept without a purpose).
 * - Else the message is recorded (direction IN, normalized phone) and, in the same transaction, one
 *   agent-reply job per conversation is scheduled debounceSeconds ahead (singletonKey: a burst
 *   schedules one job; the job waits again while the conversation is still busy and answers every
 *   message that arrived since its last reply). The insert holds the conversation's lock and stamps
 *   the row with the clock after it, so a reply never skips a message that committed during its read.
 */
export async function receiveAgentMessage(
  db: Db,
  scope: WebhookScope,
  input: AgentWebhookInput,
): Promise<AgentWebhookResult> {
  const body = AgentWebhookInput.parse(input);
  const phone = normalizeSenderPhone(body.phone);
  if (!phone) {
    throw validation("phone: not a valid phone number", {
      issues: [{ path: "phone", message: "not a valid phone number", code: "invalid_phone" }],
    });
  }
  const settings = scope.agent;
  const skip = (reason: string): AgentWebhookResult => {
    scope.logger.info("agent message not queued", { reason });
    return { accepted: true, queued: false };
  };
  if (!settings.enabled) return skip("agent off");
  if (settings.pilotPhones.length > 0) {
    const pilots = new Set(settings.pilotPhones.map(normalizeSenderPhone).filter(Boolean));
    if (!pilots.has(phone)) return skip("not a pilot phone");
  }
  if (body.message.trim() === "") return skip("blank message");

  await db.transaction(async (tx) => {
    await lockConversation(tx, body.conversationId);
    await tx.insert(agentMessages).values({
      conversationId: body.conversationId,
      phone,
      contactName: body.contactName || null,
      direction: "IN",
      body: body.message,
      createdAt: sql`clock_timestamp()`,
    });
    const payload: AgentReplyPayload = {
      conversationId: body.conversationId,
      debounceSeconds: settings.debounceSeconds,
      requestId: scope.requestId,
    };
    await scope.jobs.enqueue(AGENT_REPLY_JOB, payload, {
      tx,
      startAfter: settings.debounceSeconds,
      singletonKey: agentReplyKey(body.conversationId),
    });
  });
  return { accepted: true, queued: true };
}

/** One queued reply job per conversation. */
export const agentReplyKey = (conversationId: string) => `agent:${conversationId}`;
