import type { ScopeBase } from "../scope";
import type { OneTimeCodeSettings } from "../one-time-codes";
import type { VisitorActor } from "../trainee/sign-in-scope";

/** What signup verification needs besides the database: the code store and how codes leave. */
export interface OnboardingCodeSettings extends OneTimeCodeSettings {
  /** OTP_DEV_MODE=1: nothing is sent; the code comes back as devCode. */
  devMode: boolean;
  /** A chat provider is configured (WHATSAPP_*): phone codes can leave. */
  chatConfigured: boolean;
  /** A mail provider is configured (MAIL_*): e-mail codes can leave. */
  mailConfigured: boolean;
}

/** The scope of POST /v1/public/onboarding/*: an anonymous visitor known by its address. */
export interface OnboardingCodeScope extends ScopeBase {
  actor: VisitorActor;
  onboarding: OnboardingCodeSettings;
}
