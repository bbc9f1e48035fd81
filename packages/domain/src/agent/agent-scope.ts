import type { ScopeBase } from "../scope";

/** The webhook lane's caller (the messaging provider, proved by the token): no studio, no user. */
export interface WebhookActor {
  kind: "webhook";
}

/** How the platform agent is set up (LLM_*, WHATSAPP_*, AGENT_PILOT_PHONES, AGENT_DEBOUNCE_SECONDS). */
export interface AgentSettings {
  /**
   * A language model with a key (LLM_BASE_URL and LLM_API_KEY) and a chat provider (WHATSAPP_*)
   * are configured. Off: the webhook accepts, records nothing and queues nothing.
   */
  enabled: boolean;
  /** AGENT_PILOT_PHONES as written (normalized when compared); empty: every sender. */
  pilotPhones: readonly string[];
  /** AGENT_DEBOUNCE_SECONDS: quiet time of a conversation before it is answered. */
  debounceSeconds: number;
}

/** The scope of the webhook lane (POST /v1/agent/webhook, POST /v1/whatsapp/webhook/:studioId). */
export interface WebhookScope extends ScopeBase {
  actor: WebhookActor;
  agent: AgentSettings;
}
