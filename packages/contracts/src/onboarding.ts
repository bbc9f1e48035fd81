import { z } from "zod";
import { boundedEmail, boundedName, boundedString, INPUT_LIMITS } from "./bounded";
import { StudioSchema } from "./studio";

// Public signup verification (document 3 "Public lane" -> "Signup verification", "Limits") and
// the web onboarding bootstrap (decisions.md "Web onboarding"). A body failing these schemas
// answers 400 VALIDATION on /v1/public/onboarding/* (document 1 error table).

export const ONBOARDING_CODE_LIMITS = {
  digits: 6,
  ttlSeconds: 300,
  wrongTries: 5,
  /** Failure counter and send throttles window (seconds). */
  windowSeconds: 600,
  /** Sends per phone (request-otp) or per e-mail address (request-email-otp). */
  sendsPerSubject: 3,
  sendsPerIp: 30,
  /** Lifetime of a phone or e-mail token (document 3 "Limits": phone token 15 minutes). */
  tokenTtlSeconds: 15 * 60,
} as const;

const phone = boundedString(30, { trim: true, min: 7 }).describe(
  "any common format (Israel is the default region); 7 to 30 characters after trimming",
);

const email = boundedString(INPUT_LIMITS.email, { trim: true, min: 1 })
  .pipe(boundedEmail())
  .meta({ format: "email", description: "an e-mail address, at most 254 characters after trimming" });

const code = z
  .string()
  .max(8, "must be 4 to 8 digits")
  .regex(/^\d{4,8}$/, "must be 4 to 8 digits")
  .describe("the code that was sent (6 digits)");

/** `POST /v1/public/onboarding/request-otp`. */
export const OnboardingPhoneCodeRequestInput = z.object({ phone });
export type OnboardingPhoneCodeRequestInput = z.infer<typeof OnboardingPhoneCodeRequestInput>;

/** `POST /v1/public/onboarding/request-email-otp`. */
export const OnboardingEmailCodeRequestInput = z.object({ email });
export type OnboardingEmailCodeRequestInput = z.infer<typeof OnboardingEmailCodeRequestInput>;

export const OnboardingCodeRequestResultSchema = z
  .object({
    sent: z.literal(true).describe("always true: the answer never says whether a number or address is known"),
    expiresInSeconds: z.number().int().describe("how long the code is valid (300)"),
    devCode: z
      .string()
      .optional()
      .describe("the code itself, only when OTP_DEV_MODE=1 (nothing is sent then)"),
  })
  .meta({ id: "OnboardingCodeRequestResult" });
export type OnboardingCodeRequestResult = z.infer<typeof OnboardingCodeRequestResultSchema>;

/** `POST /v1/public/onboarding/verify-otp`. */
export const OnboardingPhoneCodeVerifyInput = z.object({ phone, code });
export type OnboardingPhoneCodeVerifyInput = z.infer<typeof OnboardingPhoneCodeVerifyInput>;

/** `POST /v1/public/onboarding/verify-email-otp`. */
export const OnboardingEmailCodeVerifyInput = z.object({ email, code });
export type OnboardingEmailCodeVerifyInput = z.infer<typeof OnboardingEmailCodeVerifyInput>;

export const OnboardingPhoneTokenSchema = z
  .object({
    phoneToken: z.string().describe("hand it to POST /v1/web/onboarding/bootstrap as phoneToken"),
    expiresAt: z.string().describe("ISO time the token stops being accepted (15 minutes)"),
  })
  .meta({ id: "OnboardingPhoneToken" });
export type OnboardingPhoneToken = z.infer<typeof OnboardingPhoneTokenSchema>;

export const OnboardingEmailTokenSchema = z
  .object({
    emailToken: z.string().describe("hand it to POST /v1/web/onboarding/bootstrap as emailToken"),
    expiresAt: z.string().describe("ISO time the token stops being accepted (15 minutes)"),
  })
  .meta({ id: "OnboardingEmailToken" });
export type OnboardingEmailToken = z.infer<typeof OnboardingEmailTokenSchema>;

const token = boundedString(1000, { min: 1 });

/** `POST /v1/web/onboarding/bootstrap`. */
export const OnboardingBootstrapInput = z.object({
  phoneToken: token.describe("from POST /v1/public/onboarding/verify-otp"),
  emailToken: token.describe("from POST /v1/public/onboarding/verify-email-otp"),
  studioName: boundedName(120),
  slug: z
    .string()
    .min(3, "must be at least 3 characters")
    .max(60, "must be at most 60 characters")
    .regex(/^[a-z0-9-]+$/, "lower-case letters a-z, digits and hyphens only")
    .describe("lower-case a-z, 0-9 and hyphens; 3 to 60 characters; unique across studios"),
});
export type OnboardingBootstrapInput = z.infer<typeof OnboardingBootstrapInput>;

export const OnboardingBootstrapResultSchema = z
  .object({
    studio: StudioSchema,
    ownerPhone: z.string().describe("the verified phone, E.164"),
    ownerEmail: z.string().describe("the verified e-mail address, lower case"),
    onboardedAt: z.string().describe("ISO time of the first completed bootstrap"),
  })
  .meta({ id: "OnboardingBootstrapResult" });
export type OnboardingBootstrapResult = z.infer<typeof OnboardingBootstrapResultSchema>;
