// The mail provider client, speaking Postmark's send-email API: POST {apiUrl}/email with the
// X-Postmark-Server-Token header and a JSON message {From, To, Subject, TextBody, MessageStream};
// 200 answers {To, SubmittedAt, MessageID, ErrorCode: 0, Message: "OK"}, refusals {ErrorCode,
// Message} with 401 (bad token), 422 (invalid request, inactive recipient...), 429 or 5xx.
// Global fetch with a timeout; no SDK. It implements domain's Mailer port; only job handlers call
// it (signup codes, team invitations).
import type { MailMessage, Mailer } from "@studio/domain";

export const DEFAULT_MAIL_API_URL = "https://api.postmarkapp.com";

export interface PostmarkMailConfig {
  /** MAIL_API_URL: the API base (default Postmark's). */
  apiUrl: string;
  /** MAIL_SERVER_TOKEN: the Postmark server token. */
  serverToken: string;
  /** MAIL_FROM: the sender, a confirmed sender signature ("Studio <no-reply@example.com>"). */
  from: string;
  /** MAIL_MESSAGE_STREAM: the transactional stream (default outbound). */
  messageStream: string;
}

/** The provider refused or could not be reached; `retryable` says whether a later attempt may succeed. */
export class MailProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "MailProviderError";
  }
}

/**
 * The MAIL_* variables: configured when both MAIL_SERVER_TOKEN and MAIL_FROM are set; one
 * without the other, or a MAIL_API_URL that is not http(s), throws.
 */
export function mailConfigFromEnv(env: NodeJS.ProcessEnv): PostmarkMailConfig | undefined {
  const serverToken = env.MAIL_SERVER_TOKEN?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!serverToken && !from) return undefined;
  if (!serverToken || !from) throw new Error("MAIL_SERVER_TOKEN and MAIL_FROM must be set together");
  const apiUrl = (env.MAIL_API_URL?.trim() || DEFAULT_MAIL_API_URL).replace(/\/+$/, "");
  let protocol = "";
  try {
    protocol = new URL(apiUrl).protocol;
  } catch {
    protocol = "";
  }
  if (protocol !== "https:" && protocol !== "http:")
    throw new Error("MAIL_API_URL must be an http or https URL");
  return { apiUrl, serverToken, from, messageStream: env.MAIL_MESSAGE_STREAM?.trim() || "outbound" };
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
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === "TimeoutError"
            ? `timed out after ${timeoutMs} ms`
            : "unreachable";
        throw new MailProviderError(`mail provider ${reason}`, true);
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
          response.status === 429 || response.status >= 500,
          response.status,
        );
      }
      if (typeof payload.MessageID !== "string")
        throw new MailProviderError("mail provider answered an unexpected body", true, response.status);
    },
  };
}
