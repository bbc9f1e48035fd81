import { ONBOARDING_CODE_LIMITS, type OnboardingCodeRequestResult } from "@studio/contracts";
import { generateOneTimeCode } from "@studio/auth";
import { normalizePhoneOrThrow } from "../clients/phone";
import { AppError } from "../errors";
import type { OneTimeCodeStore } from "../one-time-codes";
import { composeOnboardingEmailCode, composeOnboardingPhoneCode } from "./compose-onboarding-code";
import { onboardingEmailCodes, onboardingPhoneCodes } from "./onboarding-codes";
import type { OnboardingCodeScope, OnboardingCodeSettings } from "./onboarding-scope";
import { signOnboardingToken, type OnboardingTokenPurpose } from "./onboarding-token";

/** Sends one code to one subject; throws when the provider refuses or does not answer in time. */
type SendCode = (to: string, code: string) => Promise<void>;

/** One way a signup code travels: phone over the chat channel, or e-mail. */
export interface OnboardingChannel {
  store: OneTimeCodeStore;
  tokenPurpose: OnboardingTokenPurpose;
  /** The subject as stored and signed: E.164 phone, or the trimmed lower-case address. */
  normalize(raw: string): string;
  /** How a code leaves through the wired provider; undefined when none is wired. */
  sender(settings: OnboardingCodeSettings): SendCode | undefined;
  /** "chat" or "mail", for the log line of a refusal. */
  provider: string;
  /** Why the code cannot be sent (SERVICE_UNAVAILABLE). */
  unavailable: string;
  /** The provider refused or did not answer in time (SERVICE_UNAVAILABLE). */
  refused: string;
}

export const PHONE_CHANNEL: OnboardingChannel = {
  store: onboardingPhoneCodes,
  tokenPurpose: "onboarding-phone",
  normalize: (raw) => normalizePhoneOrThrow(raw),
  sender: ({ chat }) => chat && ((to, code) => chat.sendMessage(composeOnboardingPhoneCode({ to, code }))),
  provider: "chat",
  unavailable: "verification codes cannot be sent: no chat provider is configured",
  refused: "verification code not sent: the chat provider refused or did not answer; try again later",
};

export const EMAIL_CHANNEL: OnboardingChannel = {
  store: onboardingEmailCodes,
  tokenPurpose: "onboarding-email",
  normalize: (raw) => raw.trim().toLowerCase(),
  sender: ({ mailer }) => mailer && ((to, code) => mailer.send(composeOnboardingEmailCode({ to, code }))),
  provider: "mail",
  unavailable: "verification codes cannot be sent: no mail provider is configured",
  refused: "verification code not sent: the mail provider refused or did not answer; try again later",
};

/**
 * Issues a code for the subject and sends it. The answer is the same for every valid subject,
 * known or not (no enumeration): every request sends. Without dev mode and without the channel's
 * provider: SERVICE_UNAVAILABLE, before anything is counted. Throttles: 30 sends per address and 3
 * per subject per 600 s (RATE_LIMITED), counted before the send. OTP_DEV_MODE=1 sends nothing and
 * answers devCode.
 *
 * Document 3 answers SERVICE_UNAVAILABLE "when the sender refuses", so the send is made here, in
 * the request (the one side effect of the platform that does not go through the job queue; see
 * docs/decisions/public-and-signing.md): the provider client's deadline (ONBOARDING_SEND_TIMEOUT_MS)
 * bounds it, and the code is stored only once the provider accepted it. A refusal, an unreachable
 * provider or the deadline answers SERVICE_UNAVAILABLE; no code is stored (an earlier code of the
 * subject stays valid) and the send still counts against both budgets.
 */
export async function requestOnboardingCode(
  scope: OnboardingCodeScope,
  channel: OnboardingChannel,
  raw: string,
): Promise<OnboardingCodeRequestResult> {
  const subject = channel.normalize(raw);
  const settings = scope.onboarding;
  const send = channel.sender(settings);
  if (!settings.devMode && !send) throw new AppError("SERVICE_UNAVAILABLE", channel.unavailable);
  await channel.store.throttleSend(settings, subject, scope.actor.ip);
  const answer: OnboardingCodeRequestResult = {
    sent: true,
    expiresInSeconds: ONBOARDING_CODE_LIMITS.ttlSeconds,
  };
  if (settings.devMode || !send) {
    const devCode = await channel.store.issue(settings, subject, scope.now);
    return { ...answer, devCode };
  }
  const code = generateOneTimeCode();
  try {
    await send(subject, code);
  } catch (error) {
    // Never the recipient nor the code: the providers' refusals hold neither.
    scope.logger.warn(`signup code not sent: the ${channel.provider} provider refused`, {
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError("SERVICE_UNAVAILABLE", channel.refused);
  }
  await channel.store.issue(settings, subject, scope.now, code);
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
