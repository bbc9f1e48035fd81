import type { ChatMessenger, Mailer } from "../ports";
import type { ScopeBase } from "../scope";
import type { OneTimeCodeSettings } from "../one-time-codes";
import type { VisitorActor } from "../trainee/sign-in-scope";

/** What signup verification needs besides the database: the code store and the senders codes leave through. */
export interface OnboardingCodeSettings extends OneTimeCodeSettings {
  /** OTP_DEV_MODE=1: nothing is sent; the code comes back as devCode. */
  devMode: boolean;
  /**
   * The chat provider (WHATSAPP_*) phone codes leave through, called in the request under its
   * deadline (its verdict is the answer); absent: phone codes answer SERVICE_UNAVAILABLE.
   */
  chat?: ChatMessenger;
  /** The mail provider (MAIL_*) e-mail codes leave through, likewise. */
  mailer?: Mailer;
}

/** The scope of POST /v1/public/onboarding/*: an anonymous visitor known by its address. */
export interface OnboardingCodeScope extends ScopeBase {
  actor: VisitorActor;
  onboarding: OnboardingCodeSettings;
}
