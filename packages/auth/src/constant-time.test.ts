import { describe, it, expect } from "vitest";
import { constantTimeEqual } from "./constant-time";

describe("constantTimeEqual", () => {
  it("'compares in constant time': equal strings are equal", () => {
    expect(constantTimeEqual("secret-value", "secret-value")).toBe(true);
    expect(constantTimeEqual("", "")).toBe(true);
  });

  it("'compares in constant time': different strings of the same length are not equal", () => {
    expect(constantTimeEqual("secret-value", "secret-valuf")).toBe(false);
  });

  it("'different lengths don't leak or throw'", () => {
    expect(() => constantTimeEqual("short", "a much longer string")).not.toThrow();
    expect(constantTimeEqual("short", "a much longer string")).toBe(false);
    expect(constantTimeEqual("abc", "")).toBe(false);
  });

  it("compares full unicode strings, not just a prefix", () => {
    expect(constantTimeEqual("café", "cafe")).toBe(false);
    expect(constantTimeEqual("café", "café")).toBe(true);
  });
});
