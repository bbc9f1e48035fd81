import { createHmac, randomUUID } from "node:crypto";
import {
  generateOneTimeCode,
  hashOneTimeCode,
  oneTimeCodeMatches,
  openSealedText,
  sealText,
} from "@studio/auth";
import { SIGN_IN_CODE_LIMITS as LIMITS } from "@studio/contracts";
import { AppError } from "../errors";
import type { SignInCodeSettings } from "./sign-in-scope";

// The one-time codes of trainee sign-in, in the key-value store (document 3 "Limits": 6 digits,
// 300 s, 5 wrong tries, 3 sends per phone and 30 per IP per 600 s). Keys never carry the phone
// or the address in clear: they are named by an HMAC of it under the server secret.

const PURPOSE = "trainee-sign-in";
const WINDOW_MS = LIMITS.windowSeconds * 1000;
const CODE_TTL_MS = LIMITS.ttlSeconds * 1000;

interface StoredCode {
  /** Names this code's failure counter and its single-use claim. */
  id: string;
  hash: string;
  /** Epoch ms by the request clock (scope.now); the store's own ttl is the backstop. */
  expiresAt: number;
}

const keyOf = (settings: SignInCodeSettings, kind: string, value: string) =>
  `signin:${kind}:${createHmac("sha256", settings.secret).update(`${kind}\n${value}`).digest("base64url")}`;

const codeKey = (s: SignInCodeSettings, phone: string) => keyOf(s, "code", phone);
const failuresKey = (codeId: string) => `signin:failures:${codeId}`;
const usedKey = (codeId: string) => `signin:used:${codeId}`;

export const invalidCode = () => new AppError("BAD_REQUEST", "invalid or expired code");

/**
 * Counts one send against the caller's address and the phone, in that order; RATE_LIMITED when
 * either is over its budget (a refused address spends nothing of the phone's).
 */
export async function throttleCodeSend(settings: SignInCodeSettings, phone: string, ip: string) {
  const byIp = await settings.kv.increment(keyOf(settings, "sends-ip", ip), WINDOW_MS);
  if (byIp > LIMITS.sendsPerIp) throw new AppError("RATE_LIMITED", "too many code requests; try again later");
  const byPhone = await settings.kv.increment(keyOf(settings, "sends-phone", phone), WINDOW_MS);
  if (byPhone > LIMITS.sendsPerPhone)
    throw new AppError("RATE_LIMITED", "too many code requests; try again later");
}

/** A new code for the phone, replacing any earlier one (whose wrong tries die with it). */
export async function issueCode(settings: SignInCodeSettings, phone: string, now: Date): Promise<string> {
  const code = generateOneTimeCode();
  const stored: StoredCode = {
    id: randomUUID(),
    hash: hashOneTimeCode(settings.secret, PURPOSE, phone, code),
    expiresAt: now.getTime() + CODE_TTL_MS,
  };
  await settings.kv.set(codeKey(settings, phone), JSON.stringify(stored), CODE_TTL_MS);
  return code;
}

function parseStored(raw: string | null): StoredCode | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredCode>;
    return typeof value.id === "string" &&
      typeof value.hash === "string" &&
      typeof value.expiresAt === "number"
      ? (value as StoredCode)
      : null;
  } catch {
    return null;
  }
}

/** A code that matched: the caller decides whether to consume it (a studio choice keeps it). */
export interface MatchedCode {
  id: string;
}

/**
 * Checks a presented code: BAD_REQUEST invalid or expired code when none is live or it does not
 * match; the fifth wrong try deletes the code and answers RATE_LIMITED. Compared in constant time.
 */
export async function checkCode(
  settings: SignInCodeSettings,
  phone: string,
  code: string,
  now: Date,
): Promise<MatchedCode> {
  const key = codeKey(settings, phone);
  const stored = parseStored(await settings.kv.get(key));
  if (!stored || now.getTime() >= stored.expiresAt) throw invalidCode();
  if (oneTimeCodeMatches(settings.secret, PURPOSE, phone, code, stored.hash)) return { id: stored.id };
  const failures = await settings.kv.increment(failuresKey(stored.id), WINDOW_MS);
  if (failures >= LIMITS.wrongTries) {
    // Burn this code only (a newer one may have replaced it meanwhile).
    if (parseStored(await settings.kv.get(key))?.id === stored.id) await settings.kv.delete(key);
    throw new AppError("RATE_LIMITED", "too many wrong codes; request a new code");
  }
  throw invalidCode();
}

/** Uses the code up: exactly one caller wins it, whatever runs concurrently. */
export async function consumeCode(settings: SignInCodeSettings, phone: string, matched: MatchedCode) {
  const won = await settings.kv.setIfAbsent(usedKey(matched.id), "1", CODE_TTL_MS);
  if (!won) throw invalidCode();
  const key = codeKey(settings, phone);
  if (parseStored(await settings.kv.get(key))?.id === matched.id) await settings.kv.delete(key);
  await settings.kv.delete(failuresKey(matched.id));
}

const SEAL_PURPOSE = "trainee-sign-in-code";

/** The code as the send job carries it (SendTraineeSignInCodePayload.sealedCode). */
export const sealSignInCode = (code: string, secret: string) => sealText(code, secret, SEAL_PURPOSE);

/** The code of a send job's payload; null when it was not sealed with this secret. */
export const openSignInCode = (sealed: string, secret: string) =>
  openSealedText(sealed, secret, SEAL_PURPOSE);
