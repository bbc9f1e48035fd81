import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signTraineeToken, verifyTraineeToken } from "@studio/auth";
import { ONBOARDING_TOKEN_TTL_MS, signOnboardingToken, verifyOnboardingToken } from "./onboarding-token";

const secret = "test-session-secret";
const now = new Date("2026-01-01T10:00:00Z");

describe("onboarding tokens", () => {
  it("carry the subject for 15 minutes, for their own purpose only", () => {
    const { token, expiresAt } = signOnboardingToken("onboarding-phone", "+972521234567", secret, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(ONBOARDING_TOKEN_TTL_MS);
    expect(ONBOARDING_TOKEN_TTL_MS).toBe(15 * 60_000);
    expect(verifyOnboardingToken(token, "onboarding-phone", secret, now)).toBe("+972521234567");
    const justBefore = new Date(expiresAt.getTime() - 1);
    expect(verifyOnboardingToken(token, "onboarding-phone", secret, justBefore)).toBe("+972521234567");
    expect(verifyOnboardingToken(token, "onboarding-phone", secret, expiresAt)).toBeNull();
    expect(verifyOnboardingToken(token, "onboarding-email", secret, now)).toBeNull();
    expect(verifyOnboardingToken(token, "onboarding-phone", "another-secret", now)).toBeNull();
  });

  it("a MAC over the payload alone (the trainee token's construction) is refused: the MAC input carries its own prefix", () => {
    const payloadPart = Buffer.from(
      JSON.stringify({ purpose: "onboarding-phone", sub: "+972521234567", exp: now.getTime() + 60_000 }),
    ).toString("base64url");
    const traineeStyle = `${payloadPart}.${createHmac("sha256", secret).update(payloadPart).digest("base64url")}`;
    expect(verifyOnboardingToken(traineeStyle, "onboarding-phone", secret, now)).toBeNull();
  });

  it("is never a trainee token, and a trainee token is never one of these", () => {
    const { token } = signOnboardingToken("onboarding-phone", "+972521234567", secret, now);
    expect(verifyTraineeToken(token, secret, now.getTime())).toBeNull();
    const trainee = signTraineeToken({ clientId: "c1", studioId: "s1" }, secret);
    expect(verifyOnboardingToken(trainee, "onboarding-phone", secret, now)).toBeNull();
    expect(verifyOnboardingToken(trainee, "onboarding-email", secret, now)).toBeNull();
  });

  it("refuses garbage and an empty secret", () => {
    for (const bad of ["", "a", "a.b.c", "!!.??", "e30.e30"])
      expect(verifyOnboardingToken(bad, "onboarding-email", secret, now)).toBeNull();
    expect(() => signOnboardingToken("onboarding-email", "a@example.com", "", now)).toThrow();
  });
});
