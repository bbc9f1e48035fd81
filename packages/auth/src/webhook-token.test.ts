import { describe, it, expect } from "vitest";
import { verifyWebhookToken } from "./webhook-token";

describe("verifyWebhookToken", () => {
  it("accepts the matching token", () => {
    expect(verifyWebhookToken("whk_abc123", "whk_abc123")).toBe(true);
  });

  it("rejects a different token, including one of another length", () => {
    expect(verifyWebhookToken("whk_abc124", "whk_abc123")).toBe(false);
    expect(verifyWebhookToken("whk_abc", "whk_abc123")).toBe(false);
  });

  it("'false when the secret is unset/empty'", () => {
    expect(verifyWebhookToken("anything", undefined)).toBe(false);
    expect(verifyWebhookToken("anything", "")).toBe(false);
    expect(verifyWebhookToken("", "")).toBe(false);
    expect(verifyWebhookToken(undefined, undefined)).toBe(false);
  });

  it("'false when ... the token missing'", () => {
    expect(verifyWebhookToken(undefined, "whk_abc123")).toBe(false);
    expect(verifyWebhookToken("", "whk_abc123")).toBe(false);
  });
});
