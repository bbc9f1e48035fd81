import { createHmac } from "node:crypto";
import { macEqual } from "./constant-time";

/**
 * Trainee lane token: `base64url(JSON payload) + "." + base64url(HMAC-SHA256(secret, payloadPart))`.
 * Deliberately not a JWT: one fixed algorithm, no header to negotiate.
 */
export type TraineeTokenPayload = {
  clientId: string;
  studioId: string;
  preview?: true;
  /** Epoch milliseconds. */
  exp?: number;
};

export const PREVIEW_TOKEN_TTL_MS = 15 * 60_000;

// Node's base64url decoder silently skips invalid characters, so validate first.
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+$/;

function signPart(payloadPart: string, secret: string): string {
  return createHmac("sha256", secret).update(payloadPart, "utf8").digest("base64url");
}

export function signTraineeToken(payload: TraineeTokenPayload, secret: string): string {
  // An empty HMAC key would let anyone mint tokens; refuse rather than sign.
  if (secret === "") throw new Error("trainee token secret must not be empty");
  const payloadPart = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${payloadPart}.${signPart(payloadPart, secret)}`;
}

/** Short-lived token a coach uses to see the app as a given trainee. */
export function createPreviewToken(
  subject: { clientId: string; studioId: string },
  secret: string,
  now: number,
): { token: string; expiresAt: Date } {
  const exp = now + PREVIEW_TOKEN_TTL_MS;
  const token = signTraineeToken(
    { clientId: subject.clientId, studioId: subject.studioId, preview: true, exp },
    secret,
  );
  return { token, expiresAt: new Date(exp) };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

/** Returns the payload of a valid, unexpired token, or null for anything else. */
export function verifyTraineeToken(token: string, secret: string, now: number): TraineeTokenPayload | null {
  if (secret === "") return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payloadPart, signaturePart] = parts;
  if (payloadPart === undefined || signaturePart === undefined) return null;
  if (!BASE64URL_PATTERN.test(payloadPart) || !BASE64URL_PATTERN.test(signaturePart)) return null;

  // Compare the encoded strings, so a re-encoded signature with different padding bits is rejected too.
  if (!macEqual(signPart(payloadPart, secret), signaturePart)) return null;

  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof decoded !== "object" || decoded === null || Array.isArray(decoded)) return null;
  const record = decoded as Record<string, unknown>;

  if (!isNonEmptyString(record.clientId) || !isNonEmptyString(record.studioId)) return null;
  if (record.preview !== undefined && record.preview !== true) return null;
  if (record.exp !== undefined && (typeof record.exp !== "number" || !Number.isFinite(record.exp)))
    return null;
  const exp = record.exp;
  const preview = record.preview === true;

  // A preview token must always expire; an unbounded preview would be a permanent impersonation.
  if (preview && exp === undefined) return null;
  if (exp !== undefined && exp <= now) return null;

  // Build a fresh object so unexpected fields in the payload never reach callers.
  const payload: TraineeTokenPayload = { clientId: record.clientId, studioId: record.studioId };
  if (preview) payload.preview = true;
  if (exp !== undefined) payload.exp = exp;
  return payload;
}
