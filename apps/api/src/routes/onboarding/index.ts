import { router } from "../../trpc";
import { bootstrapWebOnboardingRoute } from "./bootstrap-web-onboarding";
import { requestOnboardingEmailCodeRoute } from "./request-onboarding-email-code";
import { requestOnboardingPhoneCodeRoute } from "./request-onboarding-phone-code";
import { verifyOnboardingEmailCodeRoute } from "./verify-onboarding-email-code";
import { verifyOnboardingPhoneCodeRoute } from "./verify-onboarding-phone-code";

/** /v1/public/onboarding/* (public lane: no credential; throttled per subject and per address). */
export const onboardingPublicRoutes = router({
  requestOtp: requestOnboardingPhoneCodeRoute,
  verifyOtp: verifyOnboardingPhoneCodeRoute,
  requestEmailOtp: requestOnboardingEmailCodeRoute,
  verifyEmailOtp: verifyOnboardingEmailCodeRoute,
});

/** /v1/web/onboarding/* */
export const onboardingWebRoutes = router({
  bootstrap: bootstrapWebOnboardingRoute,
});
