// The mail provider client, speaking Postmark's send-email API: POST {apiUrl}/email with the
// X-Postmark-Server-Token header and a JSON message {From, To, Subject, TextBody, MessageStream};
// 200 answers {To, SubmittedAt, MessageID, ErrorCode: 0, Message: "OK"}, refusals {ErrorCode,
// Message} with 401 (bad token), 422 (invalid request, inactive recipient...), 429 or 5xx.
// Global fetch under withDeadline; no SDK. It implements domain's Mailer port; only job handlers call
// it (signup codes, team invitations).
import type { PostmarkMailConfig } from "@studio/config";
import type { MailMessage, Mailer } from "@studio/domain";
import { isRetryableStatus, ProviderError, unreachableReason, withDeadline } from "../provider-error";

/** The mail provider refused or could not be reached (see ProviderError). */
export class MailProviderError extends ProviderError {
  override name = "MailProviderError";
}

export function createPostmarkMailer(
  config: PostmarkMailConfig,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Mailer {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const url = `${config.apiUrl}/email`;
  return {
    async send(message: MailMessage) {
      await withDeadline(timeoutMs, async (signal) => {
        let response: Response;
        try {
          response = await doFetch(url, {
            method: "POST",
            headers: {
              "x-postmark-server-token": config.serverToken,
              "content-type": "application/json",
              accept: "application/json",
            },
            body: JSON.stringify({
              From: config.from,
              To: message.to,
              Subject: message.subject,
              TextBody: message.text,
              MessageStream: config.messageStream,
            }),
            signal,
            redirect: "error",
          });
        } catch (error) {
          throw new MailProviderError(`mail provider ${unreachableReason(error, timeoutMs)}`, true);
        }
        const payload = (await response.json().catch(() => null)) as {
          ErrorCode?: unknown;
          MessageID?: unknown;
        } | null;
        if (!response.ok || payload?.ErrorCode !== 0) {
          // Only the status and Postmark's numeric error code: its Message may name the recipient.
          const code = typeof payload?.ErrorCode === "number" ? ` (ErrorCode ${payload.ErrorCode})` : "";
          throw new MailProviderError(
            `mail provider answered HTTP ${response.status}${code}`,
            isRetryableStatus(response.status),
            response.status,
          );
        }
        if (typeof payload.MessageID !== "string")
          throw new MailProviderError("mail provider answered an unexpected body", true, response.status);
      });
    },
  };
}
