import {
  ONBOARDING_CODE_LIMITS,
  SEND_ONBOARDING_EMAIL_CODE_JOB,
  SEND_ONBOARDING_PHONE_CODE_JOB,
  type OnboardingCodeRequestResult,
  type SendOnboardingCodePayload,
} from "@studio/contracts";
import type { Db } from "@studio/db";
import { normalizePhoneOrThrow } from "../clients/phone";
import { AppError } from "../errors";
import type { OneTimeCodeStore } from "../one-time-codes";
import { onboardingEmailCodes, onboardingPhoneCodes } from "./onboarding-codes";
import type { OnboardingCodeScope, OnboardingCodeSettings } from "./onboarding-scope";
import { signOnboardingToken, type OnboardingTokenPurpose } from "./onboarding-token";

/** One way a signup code travels: phone over the chat channel, or e-mail. */
export interface OnboardingChannel {
  store: OneTimeCodeStore;
  job: string;
  tokenPurpose: OnboardingTokenPurpose;
  /** The subject as stored and signed: E.164 phone, or the trimmed lower-case address. */
  normalize(raw: string): string;
  configured(settings: OnboardingCodeSettings): boolean;
  /** Why the code cannot be sent (SERVICE_UNAVAILABLE). */
  unavailable: string;
}

export const PHONE_CHANNEL: OnboardingChannel = {
  store: onboardingPhoneCodes,
  job: SEND_ONBOARDING_PHONE_CODE_JOB,
  tokenPurpose: "onboarding-phone",
  normalize: (raw) => normalizePhoneOrThrow(raw),
  configured: (settings) => settings.chatConfigured,
  unavailable: "verification codes cannot be sent: no chat provider is configured",
};

export const EMAIL_CHANNEL: OnboardingChannel = {
  store: onboardingEmailCodes,
  job: SEND_ONBOARDING_EMAIL_CODE_JOB,
  tokenPurpose: "onboarding-email",
  normalize: (raw) => raw.trim().toLowerCase(),
  configured: (settings) => settings.mailConfigured,
  unavailable: "verification codes cannot be sent: no mail provider is configured",
};

/**
 * Issues a code for the subject and queues its message. The answer is the same for every valid
 * subject, known or not (no enumeration): every request sends. Without dev mode and without the
 * channel's provider: SERVICE_UNAVAILABLE, before anything is counted. Throttles: 30 sends per
 * address and 3 per subject per 600 s (RATE_LIMITED). OTP_DEV_MODE=1 sends nothing and answers
 * devCode. The message is a job enqueued in its own transaction; the worker sends it (a provider
 * refusal is retried there, never seen by this request).
 */
export async function requestOnboardingCode(
  db: Db,
  scope: OnboardingCodeScope,
  channel: OnboardingChannel,
  raw: string,
): Promise<OnboardingCodeRequestResult> {
  const subject = channel.normalize(raw);
  const settings = scope.onboarding;
  if (!settings.devMode && !channel.configured(settings))
    throw new AppError("SERVICE_UNAVAILABLE", channel.unavailable);
  await channel.store.throttleSend(settings, subject, scope.actor.ip);
  const code = await channel.store.issue(settings, subject, scope.now);
  const answer: OnboardingCodeRequestResult = {
    sent: true,
    expiresInSeconds: ONBOARDING_CODE_LIMITS.ttlSeconds,
  };
  if (settings.devMode) return { ...answer, devCode: code };
  const payload: SendOnboardingCodePayload = {
    sealed: channel.store.seal(JSON.stringify({ to: subject, code }), settings.secret),
    expiresAt: scope.now.getTime() + ONBOARDING_CODE_LIMITS.ttlSeconds * 1000,
    requestId: scope.requestId,
  };
  await db.transaction((tx) => scope.jobs.enqueue(channel.job, payload, { tx }));
  return answer;
}

/**
 * Checks the code (constant time; the fifth wrong try burns it: RATE_LIMITED), uses it up (one
 * of several concurrent verifies wins, the others answer invalid or expired code) and signs the
 * subject into a token of the channel's purpose, valid 15 minutes.
 */
export async function verifyOnboardingCode(
  scope: OnboardingCodeScope,
  channel: OnboardingChannel,
  raw: string,
  code: string,
): Promise<{ token: string; expiresAt: string }> {
  const subject = channel.normalize(raw);
  const settings = scope.onboarding;
  const matched = await channel.store.check(settings, subject, code, scope.now);
  await channel.store.consume(settings, subject, matched);
  const { token, expiresAt } = signOnboardingToken(channel.tokenPurpose, subject, settings.secret, scope.now);
  return { token, expiresAt: expiresAt.toISOString() };
}
