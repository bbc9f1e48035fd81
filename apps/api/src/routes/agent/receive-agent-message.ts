import { AgentWebhookInput, AgentWebhookResultSchema } from "@studio/contracts";
import { receiveAgentMessage } from "@studio/domain";
import { webhookProcedure } from "../../trpc";

/** Document 3 "POST /v1/agent/webhook": the messaging provider hands a message to the platform agent. */
export const receiveAgentMessageRoute = webhookProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/agent/webhook",
      tags: ["agent"],
      summary: "Inbound message for the platform agent",
      description:
        "Records the message and schedules one reply per conversation once it has been quiet for AGENT_DEBOUNCE_SECONDS (default 8). With the agent off (no LLM_BASE_URL/LLM_API_KEY or no chat provider), a sender outside AGENT_PILOT_PHONES, or a blank message: accepted, nothing recorded, queued false.",
    },
  })
  .input(AgentWebhookInput)
  .output(AgentWebhookResultSchema)
  .mutation(({ ctx, input }) => receiveAgentMessage(ctx.db, ctx.scope, input));
