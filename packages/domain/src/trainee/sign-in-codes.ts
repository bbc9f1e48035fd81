import { SIGN_IN_CODE_LIMITS as LIMITS } from "@studio/contracts";
import { oneTimeCodeStore, type MatchedCode } from "../one-time-codes";
import type { SignInCodeSettings } from "./sign-in-scope";

// The one-time codes of trainee sign-in: the shared code store (one-time-codes/code-store.ts)
// under the "signin" namespace (document 3 "Limits": 6 digits, 300 s, 5 wrong tries, 3 sends per
// phone and 30 per IP per 600 s).

const signInCodes = oneTimeCodeStore({
  namespace: "signin",
  subjectLabel: "phone",
  hashPurpose: "trainee-sign-in",
  sealPurpose: "trainee-sign-in-code",
  limits: {
    ttlSeconds: LIMITS.ttlSeconds,
    wrongTries: LIMITS.wrongTries,
    windowSeconds: LIMITS.windowSeconds,
    sendsPerSubject: LIMITS.sendsPerPhone,
    sendsPerIp: LIMITS.sendsPerIp,
  },
});

export { invalidCode, type MatchedCode } from "../one-time-codes";

/** 30 sends per address and 3 per phone per 600 s (RATE_LIMITED). */
export const throttleCodeSend = (settings: SignInCodeSettings, phone: string, ip: string) =>
  signInCodes.throttleSend(settings, phone, ip);

export const issueCode = (settings: SignInCodeSettings, phone: string, now: Date) =>
  signInCodes.issue(settings, phone, now);

export const checkCode = (settings: SignInCodeSettings, phone: string, code: string, now: Date) =>
  signInCodes.check(settings, phone, code, now);

export const consumeCode = (settings: SignInCodeSettings, phone: string, matched: MatchedCode) =>
  signInCodes.consume(settings, phone, matched);

/** The code as the send job carries it (SendTraineeSignInCodePayload.sealedCode). */
export const sealSignInCode = (code: string, secret: string) => signInCodes.seal(code, secret);

/** The code of a send job's payload; null when it was not sealed with this secret. */
export const openSignInCode = (sealed: string, secret: string) => signInCodes.open(sealed, secret);
