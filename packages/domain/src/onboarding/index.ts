export * from "./onboarding-scope";
export * from "./onboarding-token";
export * from "./request-onboarding-phone-code";
export * from "./verify-onboarding-phone-code";
export * from "./request-onboarding-email-code";
export * from "./verify-onboarding-email-code";
export * from "./compose-onboarding-code";
export * from "./bootstrap-web-onboarding";
