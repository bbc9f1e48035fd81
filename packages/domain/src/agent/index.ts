// The platform agent (document 3 "POST /v1/agent/webhook"): inbound messages over the webhook
// lane, debounced per conversation into one reply job (packages/jobs agent-reply), which drafts a
// short Hebrew reply with the language model and records it once the chat provider accepted it.
export type { AgentSettings, WebhookActor, WebhookScope } from "./agent-scope";
export { normalizeSenderPhone } from "./agent-phone";
export { agentReplyKey, receiveAgentMessage } from "./receive-agent-message";
export {
  lockConversation,
  prepareAgentReply,
  recordAgentReply,
  type AgentHistoryMessage,
  type AgentReplyStep,
} from "./agent-conversation";
export { AGENT_SYSTEM_PROMPT, agentPrompt, draftAgentReply } from "./draft-agent-reply";
