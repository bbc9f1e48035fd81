import { describe, expect, it } from "vitest";
import { generateOneTimeCode, hashOneTimeCode, oneTimeCodeMatches } from "./one-time-code";
import { openSealedText, sealText } from "./sealed-text";

describe("one-time codes", () => {
  it("are six digits, leading zeros kept, and vary", () => {
    const codes = Array.from({ length: 200 }, generateOneTimeCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it("are stored as a keyed hash bound to purpose and subject", () => {
    const hash = hashOneTimeCode("s", "trainee-sign-in", "+972521234567", "012345");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("012345");
    expect(oneTimeCodeMatches("s", "trainee-sign-in", "+972521234567", "012345", hash)).toBe(true);
    expect(oneTimeCodeMatches("s", "trainee-sign-in", "+972521234567", "012346", hash)).toBe(false);
    expect(oneTimeCodeMatches("s", "trainee-sign-in", "+972521234568", "012345", hash)).toBe(false);
    expect(oneTimeCodeMatches("s", "onboarding", "+972521234567", "012345", hash)).toBe(false);
    expect(oneTimeCodeMatches("t", "trainee-sign-in", "+972521234567", "012345", hash)).toBe(false);
    expect(() => hashOneTimeCode("", "p", "s", "1")).toThrow();
  });
});

describe("sealed text", () => {
  it("opens with the same secret and purpose only", () => {
    const sealed = sealText("123456", "secret", "code");
    expect(sealed).not.toContain("123456");
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openSealedText(sealed, "secret", "code")).toBe("123456");
    expect(openSealedText(sealed, "other", "code")).toBeNull();
    expect(openSealedText(sealed, "secret", "other")).toBeNull();
    expect(sealText("123456", "secret", "code")).not.toBe(sealed);
  });

  it("refuses altered, truncated or malformed input", () => {
    const sealed = sealText("123456", "secret", "code");
    const bytes = Buffer.from(sealed, "base64url");
    const last = bytes.length - 1;
    bytes[last] = (bytes[last] ?? 0) ^ 1;
    expect(openSealedText(bytes.toString("base64url"), "secret", "code")).toBeNull();
    expect(openSealedText(sealed.slice(0, 20), "secret", "code")).toBeNull();
    expect(openSealedText("not sealed!", "secret", "code")).toBeNull();
    expect(openSealedText(sealed, "", "code")).toBeNull();
  });
});
