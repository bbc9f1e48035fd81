import type { Context } from "hono";
import { STANDARD_WEBHOOK_HEADERS, verifyStandardWebhook } from "@studio/auth";
import type { AppEnv } from "../hono-env";
import { readRawBody } from "../http/raw-body";
import { laneError } from "../rest/lane-error";

/**
 * The payments provider's webhook (POST /api/webhooks/payments): the Standard Webhooks
 * signature over the exact body bytes with PAYMENTS_WEBHOOK_SECRET, its timestamp within 5
 * minutes either way. An unset secret, a missing or malformed header, a stale timestamp or a
 * signature that does not match all answer 401 with the same message; the reason is logged.
 */
export async function authenticatePaymentsWebhook(
  c: Context<AppEnv>,
  now: () => number,
): Promise<Response | undefined> {
  const deps = c.get("deps");
  const verdict = verifyStandardWebhook({
    secret: deps.config.paymentsWebhookSecret,
    headers: {
      id: c.req.header(STANDARD_WEBHOOK_HEADERS.id),
      timestamp: c.req.header(STANDARD_WEBHOOK_HEADERS.timestamp),
      signature: c.req.header(STANDARD_WEBHOOK_HEADERS.signature),
    },
    body: await readRawBody(c),
    nowMs: now(),
  });
  if (!verdict.ok) {
    deps.logger.warn("payments webhook refused", { requestId: c.get("requestId"), reason: verdict.reason });
    return laneError(c, "UNAUTHORIZED", "invalid webhook signature");
  }
  c.set("auth", { lane: "payments", webhookId: verdict.id });
  return undefined;
}
