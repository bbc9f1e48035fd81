import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Inbound webhooks signed in the Standard Webhooks format (https://www.standardwebhooks.com):
 * headers `webhook-id`, `webhook-timestamp` (unix seconds) and `webhook-signature`, a
 * space-separated list of `v1,<base64 HMAC-SHA256(key, "${id}.${timestamp}.${rawBody}")>` (several
 * while a secret is rotated). The payments provider's webhook (POST /api/webhooks/payments) is
 * verified with it.
 */
export const STANDARD_WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/** How far the signed timestamp may be from the server clock, either way (the convention's 5 minutes). */
export const STANDARD_WEBHOOK_TOLERANCE_SEC = 5 * 60;

/** The longest webhook-id accepted (it is stored as the idempotency key). */
export const STANDARD_WEBHOOK_ID_MAX = 200;

const SECRET_PREFIX = "whsec_";

/**
 * The HMAC key of a secret setting: `whsec_` + base64 of the key bytes (the convention's form,
 * as providers show it), else the setting's own UTF-8 bytes (a plain shared secret). A `whsec_`
 * value that is not base64 is refused (null): a typo must not become a different key.
 */
export function standardWebhookKey(secret: string): Buffer | null {
  if (!secret.startsWith(SECRET_PREFIX)) return Buffer.from(secret, "utf8");
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (encoded.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 === 1)
    return null;
  const key = Buffer.from(encoded, "base64");
  return key.length > 0 ? key : null;
}

const signatureOf = (key: Buffer, id: string, timestamp: string, body: Uint8Array): Buffer =>
  createHmac("sha256", key).update(`${id}.${timestamp}.`, "utf8").update(body).digest();

/** The three headers of a delivery (for tests and for a sender). */
export function signStandardWebhook(input: {
  secret: string;
  id: string;
  timestampSec: number;
  body: Uint8Array | string;
}): Record<string, string> {
  const key = standardWebhookKey(input.secret);
  if (!key) throw new Error("not a valid webhook secret");
  const body = typeof input.body === "string" ? Buffer.from(input.body, "utf8") : input.body;
  const timestamp = String(input.timestampSec);
  return {
    [STANDARD_WEBHOOK_HEADERS.id]: input.id,
    [STANDARD_WEBHOOK_HEADERS.timestamp]: timestamp,
    [STANDARD_WEBHOOK_HEADERS.signature]: `v1,${signatureOf(key, input.id, timestamp, body).toString("base64")}`,
  };
}

export type StandardWebhookRefusal =
  | "no secret configured"
  | "missing webhook headers"
  | "malformed webhook headers"
  | "timestamp outside tolerance"
  | "no matching signature";

/**
 * Verifies a delivery: the secret is set and valid, the three headers are present and well
 * formed, the timestamp is within `toleranceSec` of `nowMs` either way, and one `v1` signature of
 * the list is the HMAC of the exact body bytes (compared with timingSafeEqual on equal-length
 * buffers). Returns the webhook id, or why it is refused.
 */
export function verifyStandardWebhook(input: {
  secret: string | undefined;
  headers: { id?: string | null; timestamp?: string | null; signature?: string | null };
  body: Uint8Array;
  nowMs: number;
  toleranceSec?: number;
}): { ok: true; id: string; timestampSec: number } | { ok: false; reason: StandardWebhookRefusal } {
  const key = input.secret ? standardWebhookKey(input.secret) : null;
  if (!key) return { ok: false, reason: "no secret configured" };
  const { id, timestamp, signature } = input.headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: "missing webhook headers" };
  if (id.length > STANDARD_WEBHOOK_ID_MAX || !/^[\x21-\x7e]+$/.test(id) || !/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: "malformed webhook headers" };
  const timestampSec = Number(timestamp);
  const tolerance = input.toleranceSec ?? STANDARD_WEBHOOK_TOLERANCE_SEC;
  if (Math.abs(input.nowMs / 1000 - timestampSec) > tolerance)
    return { ok: false, reason: "timestamp outside tolerance" };
  const expected = signatureOf(key, id, timestamp, input.body);
  for (const entry of signature.split(" ")) {
    const comma = entry.indexOf(",");
    if (comma === -1 || entry.slice(0, comma) !== "v1") continue;
    const presented = Buffer.from(entry.slice(comma + 1), "base64");
    if (presented.length === expected.length && timingSafeEqual(presented, expected))
      return { ok: true, id, timestampSec };
  }
  return { ok: false, reason: "no matching signature" };
}
