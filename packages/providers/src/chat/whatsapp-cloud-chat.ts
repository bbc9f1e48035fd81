// The chat channel's provider client, speaking the WhatsApp Cloud API: POST
// {apiUrl}/{phoneNumberId}/messages with a bearer access token and a JSON message; 2xx answers
// {messages: [{id}]}, errors {error: {message, code}}. Global fetch with a timeout; no SDK. It
// implements domain's ChatMessenger port; only job handlers call it (trainee invites, sign-in codes).
import type { ChatMessage, ChatMessenger } from "@studio/domain";

export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

export interface WhatsAppCloudConfig {
  /** WHATSAPP_API_URL: the Graph API base, version included. */
  apiUrl: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the sending business number's id. */
  phoneNumberId: string;
  /** WHATSAPP_ACCESS_TOKEN. */
  accessToken: string;
  /**
   * WHATSAPP_CODE_TEMPLATE: an approved authentication template for one-time codes (the Cloud
   * API only lets a business start a conversation with a template); unset: codes go as text.
   */
  codeTemplate?: string;
  /** WHATSAPP_TEMPLATE_LANGUAGE: the template's language code (default he). */
  templateLanguage: string;
}

/** The provider refused or could not be reached; `retryable` says whether a later attempt may succeed. */
export class ChatProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ChatProviderError";
  }
}

/**
 * The WHATSAPP_* variables: configured when both WHATSAPP_PHONE_NUMBER_ID and
 * WHATSAPP_ACCESS_TOKEN are set; one without the other, or a URL that is not http(s), throws.
 */
export function whatsAppConfigFromEnv(env: NodeJS.ProcessEnv): WhatsAppCloudConfig | undefined {
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  const accessToken = env.WHATSAPP_ACCESS_TOKEN?.trim();
  if (!phoneNumberId && !accessToken) return undefined;
  if (!phoneNumberId || !accessToken)
    throw new Error("WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN must be set together");
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(phoneNumberId))
    throw new Error("WHATSAPP_PHONE_NUMBER_ID must be the number's id (letters, digits, _ and -)");
  const apiUrl = (env.WHATSAPP_API_URL?.trim() || DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, "");
  let protocol = "";
  try {
    protocol = new URL(apiUrl).protocol;
  } catch {
    protocol = "";
  }
  if (protocol !== "https:" && protocol !== "http:")
    throw new Error("WHATSAPP_API_URL must be an http or https URL");
  return {
    apiUrl,
    phoneNumberId,
    accessToken,
    codeTemplate: env.WHATSAPP_CODE_TEMPLATE?.trim() || undefined,
    templateLanguage: env.WHATSAPP_TEMPLATE_LANGUAGE?.trim() || "he",
  };
}

/** The Cloud API's recipient: the E.164 number's digits. */
const recipientOf = (phone: string) => phone.replace(/\D/g, "");

function messageBody(config: WhatsAppCloudConfig, message: ChatMessage): Record<string, unknown> {
  const base = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: recipientOf(message.phone),
  };
  if (message.oneTimeCode && config.codeTemplate) {
    // Authentication templates: the code fills the body and the copy-code button.
    const code = [{ type: "text", text: message.oneTimeCode }];
    return {
      ...base,
      type: "template",
      template: {
        name: config.codeTemplate,
        language: { code: config.templateLanguage },
        components: [
          { type: "body", parameters: code },
          { type: "button", sub_type: "url", index: "0", parameters: code },
        ],
      },
    };
  }
  return { ...base, type: "text", text: { preview_url: false, body: message.text } };
}

export function createWhatsAppCloudChat(
  config: WhatsAppCloudConfig,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): ChatMessenger {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const url = `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    async sendMessage(message) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${config.accessToken}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify(messageBody(config, message)),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === "TimeoutError"
            ? `timed out after ${timeoutMs} ms`
            : "unreachable";
        throw new ChatProviderError(`chat provider ${reason}`, true);
      }
      const payload = (await response.json().catch(() => null)) as {
        messages?: { id?: unknown }[];
        error?: { message?: unknown; code?: unknown };
      } | null;
      if (!response.ok) {
        // The provider's own words (never the recipient: it is not in them), for the job log.
        const detail =
          typeof payload?.error?.message === "string" ? `: ${payload.error.message.slice(0, 200)}` : "";
        throw new ChatProviderError(
          `chat provider answered HTTP ${response.status}${detail}`,
          response.status === 429 || response.status >= 500,
          response.status,
        );
      }
      if (typeof payload?.messages?.[0]?.id !== "string")
        throw new ChatProviderError("chat provider answered an unexpected body", true, response.status);
    },
  };
}
