import { createHmac } from "node:crypto";
import { constantTimeEqual } from "@studio/auth";
import { ONBOARDING_CODE_LIMITS } from "@studio/contracts";

/*
 * Phone and e-mail tokens of signup verification (decisions.md: SESSION_SIGNING_SECRET signs
 * them): `base64url(JSON {purpose, sub, exp}) + "." + base64url(HMAC-SHA256(secret,
 * "onboarding-token\n" + payloadPart))`. The MAC input carries a fixed domain prefix the trainee
 * token's does not, so neither kind ever verifies as the other even under the same secret; the
 * purpose field keeps a phone token from passing as an e-mail token. 15 minutes (document 3).
 */

export type OnboardingTokenPurpose = "onboarding-phone" | "onboarding-email";

const DOMAIN = "onboarding-token\n";
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ONBOARDING_TOKEN_TTL_MS = ONBOARDING_CODE_LIMITS.tokenTtlSeconds * 1000;

const mac = (payloadPart: string, secret: string) =>
  createHmac("sha256", secret)
    .update(DOMAIN + payloadPart, "utf8")
    .digest("base64url");

/** A token for the verified subject (E.164 phone or lower-case e-mail), valid 15 minutes from now. */
export function signOnboardingToken(
  purpose: OnboardingTokenPurpose,
  subject: string,
  secret: string,
  now: Date,
): { token: string; expiresAt: Date } {
  if (secret === "") throw new Error("onboarding token secret must not be empty");
  const exp = now.getTime() + ONBOARDING_TOKEN_TTL_MS;
  const payloadPart = Buffer.from(JSON.stringify({ purpose, sub: subject, exp }), "utf8").toString(
    "base64url",
  );
  return { token: `${payloadPart}.${mac(payloadPart, secret)}`, expiresAt: new Date(exp) };
}

/** The subject of a valid, unexpired token of this purpose; null for anything else. */
export function verifyOnboardingToken(
  token: string,
  purpose: OnboardingTokenPurpose,
  secret: string,
  now: Date,
): string | null {
  if (secret === "") return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payloadPart, signature] = parts as [string, string];
  if (!BASE64URL_PATTERN.test(payloadPart) || !BASE64URL_PATTERN.test(signature)) return null;
  if (!constantTimeEqual(mac(payloadPart, secret), signature)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof decoded !== "object" || decoded === null) return null;
  const record = decoded as Record<string, unknown>;
  if (record.purpose !== purpose) return null;
  if (typeof record.sub !== "string" || record.sub === "") return null;
  if (typeof record.exp !== "number" || !Number.isFinite(record.exp) || record.exp <= now.getTime())
    return null;
  return record.sub;
}
