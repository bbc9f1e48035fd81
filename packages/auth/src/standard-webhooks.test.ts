import { describe, expect, it } from "vitest";
import { signStandardWebhook, standardWebhookKey, verifyStandardWebhook } from "./standard-webhooks";

// The Standard Webhooks specification's example (secret, id, timestamp, body and its signature).
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

const bytes = (s: string) => new TextEncoder().encode(s);
const verify = (
  headers: Record<string, string | undefined>,
  over: Partial<{ secret: string | undefined; body: string; nowSec: number }> = {},
) =>
  verifyStandardWebhook({
    secret: "secret" in over ? over.secret : SECRET,
    headers: {
      id: headers["webhook-id"],
      timestamp: headers["webhook-timestamp"],
      signature: headers["webhook-signature"],
    },
    body: bytes(over.body ?? BODY),
    nowMs: (over.nowSec ?? TIMESTAMP) * 1000,
  });
const specHeaders = {
  "webhook-id": ID,
  "webhook-timestamp": String(TIMESTAMP),
  "webhook-signature": SIGNATURE,
};

describe("Standard Webhooks signatures", () => {
  it("signs the specification's example with its published signature", () => {
    expect(
      signStandardWebhook({ secret: SECRET, id: ID, timestampSec: TIMESTAMP, body: BODY })[
        "webhook-signature"
      ],
    ).toBe(SIGNATURE);
  });

  it("accepts the example, also as one of several space-separated signatures", () => {
    expect(verify(specHeaders)).toEqual({ ok: true, id: ID, timestampSec: TIMESTAMP });
    expect(
      verify({ ...specHeaders, "webhook-signature": `v1,AAAA v2,${SIGNATURE.slice(3)} ${SIGNATURE}` }).ok,
    ).toBe(true);
  });

  it("the signature covers the exact body bytes, the id and the timestamp", () => {
    expect(verify(specHeaders, { body: '{"test":2432232314}' })).toEqual({
      ok: false,
      reason: "no matching signature",
    });
    expect(verify({ ...specHeaders, "webhook-id": "msg_other" })).toEqual({
      ok: false,
      reason: "no matching signature",
    });
    expect(
      verify({ ...specHeaders, "webhook-timestamp": String(TIMESTAMP + 1) }, { nowSec: TIMESTAMP }),
    ).toEqual({
      ok: false,
      reason: "no matching signature",
    });
  });

  it("a timestamp more than 5 minutes from the clock either way is refused; 5 minutes is accepted", () => {
    expect(verify(specHeaders, { nowSec: TIMESTAMP + 300 }).ok).toBe(true);
    expect(verify(specHeaders, { nowSec: TIMESTAMP - 300 }).ok).toBe(true);
    expect(verify(specHeaders, { nowSec: TIMESTAMP + 301 })).toEqual({
      ok: false,
      reason: "timestamp outside tolerance",
    });
    expect(verify(specHeaders, { nowSec: TIMESTAMP - 301 })).toEqual({
      ok: false,
      reason: "timestamp outside tolerance",
    });
  });

  it("missing or malformed headers, a signature of another version or length are refused", () => {
    expect(verify({ ...specHeaders, "webhook-id": undefined }).ok).toBe(false);
    expect(verify({ ...specHeaders, "webhook-signature": "" })).toEqual({
      ok: false,
      reason: "missing webhook headers",
    });
    expect(verify({ ...specHeaders, "webhook-timestamp": "16142653.30" })).toEqual({
      ok: false,
      reason: "malformed webhook headers",
    });
    expect(verify({ ...specHeaders, "webhook-signature": `v2,${SIGNATURE.slice(3)}` }).ok).toBe(false);
    expect(verify({ ...specHeaders, "webhook-signature": "v1,abc=" }).ok).toBe(false);
  });

  it("an unset or invalid secret refuses everything", () => {
    expect(verify(specHeaders, { secret: undefined })).toEqual({ ok: false, reason: "no secret configured" });
    expect(verify(specHeaders, { secret: "" })).toEqual({ ok: false, reason: "no secret configured" });
    expect(verify(specHeaders, { secret: "whsec_" })).toEqual({ ok: false, reason: "no secret configured" });
    expect(verify(specHeaders, { secret: "whsec_not base64!" })).toEqual({
      ok: false,
      reason: "no secret configured",
    });
  });

  it("a plain secret (no whsec_ prefix) is used as its UTF-8 bytes", () => {
    expect(standardWebhookKey("plain-secret")).toEqual(Buffer.from("plain-secret"));
    const headers = signStandardWebhook({
      secret: "plain-secret",
      id: ID,
      timestampSec: TIMESTAMP,
      body: BODY,
    });
    expect(verify(headers, { secret: "plain-secret" }).ok).toBe(true);
    expect(verify(headers).ok).toBe(false);
  });
});
