// The chat channel's provider client, speaking the WhatsApp Cloud API: POST
// {apiUrl}/{phoneNumberId}/messages with a bearer access token and a JSON message; 2xx answers
// {messages: [{id}]}, errors {error: {message, code}}. Global fetch under withDeadline; no SDK. It
// implements domain's ChatMessenger port; only job handlers call it (trainee invites, sign-in codes).
import type { WhatsAppCloudConfig } from "@studio/config";
import type { ChatMessage, ChatMessenger } from "@studio/domain";
import { isRetryableStatus, ProviderError, unreachableReason, withDeadline } from "../provider-error";

/** The chat provider refused or could not be reached (see ProviderError). */
export class ChatProviderError extends ProviderError {
  override name = "ChatProviderError";
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
      await withDeadline(timeoutMs, async (signal) => {
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
            signal,
            redirect: "error",
          });
        } catch (error) {
          throw new ChatProviderError(`chat provider ${unreachableReason(error, timeoutMs)}`, true);
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
            isRetryableStatus(response.status),
            response.status,
          );
        }
        if (typeof payload?.messages?.[0]?.id !== "string")
          throw new ChatProviderError("chat provider answered an unexpected body", true, response.status);
      });
    },
  };
}
