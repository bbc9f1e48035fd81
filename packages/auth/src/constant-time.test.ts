import { describe, it, expect } from "vitest";
import { constantTimeEqual, macEqual } from "./constant-time";

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

describe("macEqual (a MAC of public length)", () => {
  const mac = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

  it("equal MACs are equal; one changed character anywhere is not", () => {
    expect(macEqual(mac, mac)).toBe(true);
    for (const at of [0, 31, 63]) {
      const changed = mac.slice(0, at) + (mac[at] === "0" ? "1" : "0") + mac.slice(at + 1);
      expect(macEqual(mac, changed)).toBe(false);
    }
  });

  it("a shorter, longer or empty MAC is refused without throwing", () => {
    expect(macEqual(mac, mac.slice(0, 63))).toBe(false);
    expect(macEqual(mac, `${mac}0`)).toBe(false);
    expect(macEqual(mac, "")).toBe(false);
  });

  it("a non-ASCII character of the same string length is refused (its bytes are longer), never thrown", () => {
    const accented = `${mac.slice(0, 63)}é`;
    expect(accented.length).toBe(mac.length);
    expect(() => macEqual(mac, accented)).not.toThrow();
    expect(macEqual(mac, accented)).toBe(false);
    // A character above 0xFF whose low byte matches ours is still refused (no latin1 truncation).
    expect(macEqual(mac, `${mac.slice(0, 63)}${String.fromCharCode(0x100 + mac.charCodeAt(63))}`)).toBe(
      false,
    );
  });
});
