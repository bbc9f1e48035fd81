import { createHmac, randomInt } from "node:crypto";
import { constantTimeEqual } from "./constant-time";

/** Digits of a one-time code sent over the chat channel (document 3 "Limits": 6 digits). */
export const ONE_TIME_CODE_DIGITS = 6;

/** A uniformly random code of six digits, leading zeros kept ("004271"). */
export function generateOneTimeCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_DIGITS)).padStart(ONE_TIME_CODE_DIGITS, "0");
}

/**
 * What is stored instead of the code: hex HMAC-SHA256 keyed by the server secret over the
 * purpose, the subject (a phone number) and the code, so a read of the store reveals neither
 * the code nor a value that checks another subject's code.
 */
export function hashOneTimeCode(secret: string, purpose: string, subject: string, code: string): string {
  if (secret === "") throw new Error("one-time code secret must not be empty");
  return createHmac("sha256", secret).update(`${purpose}\n${subject}\n${code}`, "utf8").digest("hex");
}

/** Checks a presented code against the stored hash in constant time. */
export function oneTimeCodeMatches(
  secret: string,
  purpose: string,
  subject: string,
  code: string,
  storedHash: string,
): boolean {
  return constantTimeEqual(hashOneTimeCode(secret, purpose, subject, code), storedHash);
}
