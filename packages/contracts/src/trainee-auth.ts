import { z } from "zod";
import { boundedId, boundedString } from "./bounded";
import { TraineeMeSchema } from "./trainee";

// Trainee sign-in (decisions.md "Trainee token"): a one-time code over the chat channel, then
// the trainee token. Limits of document 3 "Limits" (phone code: 6 digits, 300 s, 5 wrong tries,
// 3 sends per phone and 30 per IP per 600 s). Choices: docs/decisions/trainee-app.md "Trainee sign-in".

export const SIGN_IN_CODE_LIMITS = {
  digits: 6,
  ttlSeconds: 300,
  wrongTries: 5,
  /** Failure counter and send throttles window (seconds). */
  windowSeconds: 600,
  sendsPerPhone: 3,
  sendsPerIp: 30,
} as const;

const phone = boundedString(30, { trim: true, min: 7 })
  .refine((value) => value.replace(/\D/g, "").length >= 7, "must hold at least 7 digits")
  .describe("any common format (Israel is the default region); 7 to 30 characters");

/** `POST /v1/trainee/auth/request-code`. */
export const SignInCodeRequestInput = z.object({ phone });
export type SignInCodeRequestInput = z.infer<typeof SignInCodeRequestInput>;

export const SignInCodeRequestResultSchema = z
  .object({
    sent: z
      .literal(true)
      .describe("always true: the answer is the same whether or not the number belongs to a trainee"),
    expiresInSeconds: z.number().int().describe("how long the code is valid (300)"),
    devCode: z
      .string()
      .optional()
      .describe("the code itself, only when OTP_DEV_MODE=1 (nothing is sent then)"),
  })
  .meta({ id: "SignInCodeRequestResult" });
export type SignInCodeRequestResult = z.infer<typeof SignInCodeRequestResultSchema>;

/** `POST /v1/trainee/auth/verify-code`. */
export const SignInCodeVerifyInput = z.object({
  phone,
  code: z
    .string()
    .max(6, "must be 6 digits")
    .regex(/^\d{6}$/, "must be 6 digits")
    .describe("the 6-digit code"),
  studioId: boundedId()
    .optional()
    .describe("the studio to sign in to, when the phone belongs to trainees of several studios"),
});
export type SignInCodeVerifyInput = z.infer<typeof SignInCodeVerifyInput>;

export const SignInStudioSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: "SignInStudio" });

export const SignInCodeVerifyResultSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("SIGNED_IN"),
      token: z.string().describe("the trainee token: `Authorization: Bearer <token>` on /v1/trainee/*"),
      client: TraineeMeSchema,
    }),
    z.object({
      kind: z.literal("CHOOSE_STUDIO"),
      studios: z
        .array(SignInStudioSchema)
        .describe("the studios this phone belongs to; send the code again with studioId"),
    }),
  ])
  .meta({ id: "SignInCodeVerifyResult" });
export type SignInCodeVerifyResult = z.infer<typeof SignInCodeVerifyResultSchema>;
