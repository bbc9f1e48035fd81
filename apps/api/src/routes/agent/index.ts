import { router } from "../../trpc";
import { receiveAgentMessageRoute } from "./receive-agent-message";

/** /v1/agent/webhook */
export const agentWebhookRoutes = router({
  receive: receiveAgentMessageRoute,
});
