// A push-provider client speaking the Expo push API: POST a JSON array of messages, answer
// {data: [ticket per message]} in the same order. Global fetch under withDeadline; no SDK.
// It implements domain's PushClient port; only the deliver-push job calls it.
import { DEFAULT_PUSH_API_URL } from "@studio/config";
import type { PushClient, PushMessage, PushTicket } from "@studio/domain";
import { isRetryableStatus, ProviderError, unreachableReason, withDeadline } from "../provider-error";

/** Expo accepts at most 100 messages per request. */
const MAX_MESSAGES_PER_REQUEST = 100;

/** The push provider refused or could not be reached (see ProviderError). */
export class PushProviderError extends ProviderError {
  override name = "PushProviderError";
}

export interface ExpoPushClientOptions {
  url?: string;
  /** Expo access token (enhanced push security), sent as a bearer token when set. */
  accessToken?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

function parseTickets(payload: unknown, expected: number): PushTicket[] {
  const data = (payload as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== expected)
    throw new PushProviderError("push provider answered an unexpected body", true);
  return data.map((t: unknown) => {
    const ticket = (t ?? {}) as { status?: unknown; id?: unknown; message?: unknown; details?: unknown };
    if (ticket.status === "ok")
      return { status: "ok", ...(typeof ticket.id === "string" ? { id: ticket.id } : {}) };
    return {
      status: "error",
      message: typeof ticket.message === "string" ? ticket.message : "push provider refused the message",
      details: (ticket.details && typeof ticket.details === "object" ? ticket.details : {}) as Record<
        string,
        unknown
      >,
    };
  });
}

export function createExpoPushClient(options: ExpoPushClientOptions = {}): PushClient {
  const url = options.url || DEFAULT_PUSH_API_URL;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;

  const sendChunk = (messages: readonly PushMessage[]): Promise<PushTicket[]> =>
    withDeadline(timeoutMs, async (signal) => {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: {
            accept: "application/json",
            "content-type": "application/json",
            ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
          },
          body: JSON.stringify(messages),
          signal,
          redirect: "error",
        });
      } catch (error) {
        throw new PushProviderError(`push provider ${unreachableReason(error, timeoutMs)}`, true);
      }
      const text = await response.text().catch(() => "");
      if (!response.ok) {
        // 429 and 5xx may pass; any other refusal will not.
        throw new PushProviderError(
          `push provider answered HTTP ${response.status}`,
          isRetryableStatus(response.status),
          response.status,
        );
      }
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        throw new PushProviderError("push provider answered a non-JSON body", true, response.status);
      }
      return parseTickets(payload, messages.length);
    });

  return {
    async send(messages) {
      const tickets: PushTicket[] = [];
      for (let i = 0; i < messages.length; i += MAX_MESSAGES_PER_REQUEST) {
        tickets.push(...(await sendChunk(messages.slice(i, i + MAX_MESSAGES_PER_REQUEST))));
      }
      return tickets;
    },
  };
}
