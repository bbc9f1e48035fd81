import { createHash } from "node:crypto";
import { describe, it, expect } from "vitest";
import {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PREFIX,
  extractApiKey,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "./api-key";

const KEY = `sk_live_${"0123456789abcdef0123".repeat(2)}`;

function headers(values: Record<string, string>): (name: string) => string | undefined {
  return (name) => values[name];
}

describe("generateApiKey", () => {
  it("'key = prefix + 40 lower-case hex chars'", () => {
    const { key } = generateApiKey();
    expect(API_KEY_PREFIX).toBe("sk_live_");
    expect(key.startsWith("sk_live_")).toBe(true);
    expect(key).toHaveLength(8 + 40);
    expect(key.slice(8)).toMatch(/^[0-9a-f]{40}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("'Display prefix = first 15 characters'", () => {
    const { key, prefix } = generateApiKey();
    expect(API_KEY_DISPLAY_PREFIX_LENGTH).toBe(15);
    expect(prefix).toHaveLength(15);
    expect(prefix).toBe(key.slice(0, 15));
  });

  it("'hash = lower-case hex SHA-256 of the whole key'", () => {
    const { key, hash } = generateApiKey();
    expect(hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("generates a different key every time", () => {
    const keys = new Set(Array.from({ length: 50 }, () => generateApiKey().key));
    expect(keys.size).toBe(50);
  });
});

describe("hashApiKey", () => {
  it("'hash = lower-case hex SHA-256 of the whole key'", () => {
    expect(hashApiKey(KEY)).toBe(createHash("sha256").update(KEY).digest("hex"));
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("isWellFormedApiKey", () => {
  it("'^sk_live_[0-9a-f]{40}$' accepts a well-formed key", () => {
    expect(isWellFormedApiKey(KEY)).toBe(true);
  });

  const bad: Record<string, string> = {
    "upper-case hex": KEY.toUpperCase().replace("SK_LIVE_", "sk_live_"),
    "39 hex chars": KEY.slice(0, -1),
    "41 hex chars": `${KEY}0`,
    "a test prefix": KEY.replace("sk_live_", "sk_test_"),
    "no prefix": KEY.slice(8),
    "surrounding whitespace": ` ${KEY} `,
    "a trailing newline": `${KEY}\n`,
    "non-hex chars": KEY.replace("a", "g"),
    "an empty string": "",
  };
  for (const [name, key] of Object.entries(bad)) {
    it(`'^sk_live_[0-9a-f]{40}$' rejects ${name}`, () => {
      expect(isWellFormedApiKey(key)).toBe(false);
    });
  }
});

describe("extractApiKey", () => {
  it("'reads x-api-key'", () => {
    expect(extractApiKey(headers({ "x-api-key": KEY }))).toBe(KEY);
  });

  it("'else Authorization: Bearer <key>'", () => {
    expect(extractApiKey(headers({ authorization: `Bearer ${KEY}` }))).toBe(KEY);
  });

  it("prefers x-api-key over Authorization", () => {
    expect(extractApiKey(headers({ "x-api-key": KEY, authorization: "Bearer other" }))).toBe(KEY);
  });

  it("'scheme case-insensitive'", () => {
    expect(extractApiKey(headers({ authorization: `bearer ${KEY}` }))).toBe(KEY);
    expect(extractApiKey(headers({ authorization: `BEARER ${KEY}` }))).toBe(KEY);
  });

  it("'trims'", () => {
    expect(extractApiKey(headers({ "x-api-key": `  ${KEY}\t` }))).toBe(KEY);
    expect(extractApiKey(headers({ authorization: `  Bearer   ${KEY}  ` }))).toBe(KEY);
  });

  it("'empty → undefined'", () => {
    expect(extractApiKey(headers({}))).toBeUndefined();
    expect(extractApiKey(headers({ "x-api-key": "" }))).toBeUndefined();
    expect(extractApiKey(headers({ "x-api-key": "   " }))).toBeUndefined();
    expect(extractApiKey(headers({ authorization: "Bearer" }))).toBeUndefined();
    expect(extractApiKey(headers({ authorization: "Bearer    " }))).toBeUndefined();
  });

  it("falls back to Authorization when x-api-key is blank", () => {
    expect(extractApiKey(headers({ "x-api-key": " ", authorization: `Bearer ${KEY}` }))).toBe(KEY);
  });

  it("ignores other Authorization schemes", () => {
    expect(extractApiKey(headers({ authorization: `Basic ${KEY}` }))).toBeUndefined();
    expect(extractApiKey(headers({ authorization: `Bearer${KEY}` }))).toBeUndefined();
    expect(extractApiKey(headers({ authorization: KEY }))).toBeUndefined();
  });
});
