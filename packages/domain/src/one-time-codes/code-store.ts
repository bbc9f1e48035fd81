import { createHmac, randomUUID } from "node:crypto";
import {
  generateOneTimeCode,
  hashOneTimeCode,
  oneTimeCodeMatches,
  openSealedText,
  sealText,
} from "@studio/auth";
import type { KvStore } from "@studio/kv";
import { AppError } from "../errors";

// One-time codes in the key-value store, shared by every flow that proves a phone or an e-mail
// address with a code (trainee sign-in, public signup verification). Document 3 "Limits": 6
// digits, 300 s, 5 wrong tries, 3 sends per phone or e-mail and 30 per IP per 600 s. Keys never
// carry the subject (phone, e-mail) or the address in clear: they are named by an HMAC of it under
// the server secret. Each kind of code has its own key namespace, hash purpose and seal purpose,
// so a code (or a sealed code) of one flow is worth nothing in another.

/** The limits of one kind of code (document 3 "Limits"). */
export interface OneTimeCodeLimits {
  ttlSeconds: number;
  wrongTries: number;
  /** Failure counter and send throttles window (seconds). */
  windowSeconds: number;
  sendsPerSubject: number;
  sendsPerIp: number;
}

/** What a code store needs at run time. */
export interface OneTimeCodeSettings {
  /** Codes, their failure counters and the send throttles (Redis or in-process). */
  kv: KvStore;
  /** SESSION_SIGNING_SECRET: keys the key names and the code hashes, seals codes in jobs. */
  secret: string;
}

/** One kind of code: where it lives and what it is for. */
export interface OneTimeCodeKind {
  /** Key namespace in the store ("signin", "onboarding-phone", ...). */
  namespace: string;
  /** What the subject is, named in the send throttle's key ("phone", "email"). */
  subjectLabel: string;
  /** Purpose bound into the stored hash. */
  hashPurpose: string;
  /** Purpose of the key that seals the code in a send job's payload. */
  sealPurpose: string;
  limits: OneTimeCodeLimits;
}

interface StoredCode {
  /** Names this code's failure counter and its single-use claim. */
  id: string;
  hash: string;
  /** Epoch ms by the request clock (scope.now); the store's own ttl is the backstop. */
  expiresAt: number;
}

/** A code that matched: the caller decides whether to consume it (a studio choice keeps it). */
export interface MatchedCode {
  id: string;
}

export const invalidCode = () => new AppError("BAD_REQUEST", "invalid or expired code");

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

/** The code store of one kind of code. */
export interface OneTimeCodeStore {
  readonly kind: OneTimeCodeKind;
  /**
   * Counts one send against the caller's address and the subject, in that order; RATE_LIMITED
   * when either is over its budget (a refused address spends nothing of the subject's).
   */
  throttleSend(settings: OneTimeCodeSettings, subject: string, ip: string): Promise<void>;
  /**
   * A new code for the subject (`code` when given: one already sent), replacing any earlier one
   * (whose wrong tries die with it).
   */
  issue(settings: OneTimeCodeSettings, subject: string, now: Date, code?: string): Promise<string>;
  /**
   * Checks a presented code: BAD_REQUEST invalid or expired code when none is live or it does
   * not match; the last allowed wrong try deletes the code and answers RATE_LIMITED. Compared in
   * constant time.
   */
  check(settings: OneTimeCodeSettings, subject: string, code: string, now: Date): Promise<MatchedCode>;
  /** Uses the code up (and drops its failure counter): exactly one caller wins it, whatever runs concurrently. */
  consume(settings: OneTimeCodeSettings, subject: string, matched: MatchedCode): Promise<void>;
  /** The code as a send job carries it. */
  seal(text: string, secret: string): string;
  /** The text of a send job's payload; null when it was not sealed with this secret and purpose. */
  open(sealed: string, secret: string): string | null;
}

export function oneTimeCodeStore(kind: OneTimeCodeKind): OneTimeCodeStore {
  const { namespace, limits } = kind;
  const windowMs = limits.windowSeconds * 1000;
  const ttlMs = limits.ttlSeconds * 1000;
  const keyOf = (settings: OneTimeCodeSettings, label: string, value: string) =>
    `${namespace}:${label}:${createHmac("sha256", settings.secret).update(`${label}\n${value}`).digest("base64url")}`;
  const codeKey = (settings: OneTimeCodeSettings, subject: string) => keyOf(settings, "code", subject);
  const failuresKey = (codeId: string) => `${namespace}:failures:${codeId}`;
  const usedKey = (codeId: string) => `${namespace}:used:${codeId}`;
  const tooManySends = () => new AppError("RATE_LIMITED", "too many code requests; try again later");

  return {
    kind,
    async throttleSend(settings, subject, ip) {
      const byIp = await settings.kv.increment(keyOf(settings, "sends-ip", ip), windowMs);
      if (byIp > limits.sendsPerIp) throw tooManySends();
      const bySubject = await settings.kv.increment(
        keyOf(settings, `sends-${kind.subjectLabel}`, subject),
        windowMs,
      );
      if (bySubject > limits.sendsPerSubject) throw tooManySends();
    },

    async issue(settings, subject, now, code = generateOneTimeCode()) {
      const stored: StoredCode = {
        id: randomUUID(),
        hash: hashOneTimeCode(settings.secret, kind.hashPurpose, subject, code),
        expiresAt: now.getTime() + ttlMs,
      };
      await settings.kv.set(codeKey(settings, subject), JSON.stringify(stored), ttlMs);
      return code;
    },

    async check(settings, subject, code, now) {
      const key = codeKey(settings, subject);
      const stored = parseStored(await settings.kv.get(key));
      if (!stored || now.getTime() >= stored.expiresAt) throw invalidCode();
      if (oneTimeCodeMatches(settings.secret, kind.hashPurpose, subject, code, stored.hash))
        return { id: stored.id };
      const failures = await settings.kv.increment(failuresKey(stored.id), windowMs);
      if (failures >= limits.wrongTries) {
        // Burn this code only (a newer one may have replaced it meanwhile).
        if (parseStored(await settings.kv.get(key))?.id === stored.id) await settings.kv.delete(key);
        throw new AppError("RATE_LIMITED", "too many wrong codes; request a new code");
      }
      throw invalidCode();
    },

    async consume(settings, subject, matched) {
      const won = await settings.kv.setIfAbsent(usedKey(matched.id), "1", ttlMs);
      if (!won) throw invalidCode();
      const key = codeKey(settings, subject);
      if (parseStored(await settings.kv.get(key))?.id === matched.id) await settings.kv.delete(key);
      await settings.kv.delete(failuresKey(matched.id));
    },

    seal: (text, secret) => sealText(text, secret, kind.sealPurpose),
    open: (sealed, secret) => openSealedText(sealed, secret, kind.sealPurpose),
  };
}
