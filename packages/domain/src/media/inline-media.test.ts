import { describe, expect, it } from "vitest";
import { decodedLength, inlineBase64, isBase64 } from "./inline-media";
import { acceptedContentType, assertScopeAccepts, MEDIA_EXTENSIONS } from "./media-types";

describe("inline media payload", () => {
  it("takes raw base64 or a base64 data URL (its type is not read), white space removed", () => {
    expect(inlineBase64("aGVsbG8=")).toBe("aGVsbG8=");
    expect(inlineBase64("data:image/png;base64,aGVs\nbG8=")).toBe("aGVsbG8=");
    expect(inlineBase64("DATA:application/pdf;BASE64,aGVsbG8=")).toBe("aGVsbG8=");
    expect(inlineBase64("data:image/png;base64,")).toBe("");
  });

  it("refuses a data URL that is not base64", () => {
    expect(() => inlineBase64("data:text/plain,hello")).toThrow(/media must be base64/);
    expect(() => inlineBase64("data:image/png;base64")).toThrow(/media must be base64/);
  });

  it("recognises base64 (standard or URL alphabet, padding optional) and nothing else", () => {
    for (const ok of ["aGVsbG8=", "aGVsbG8", "aGk=", "-_-_", "AAAA"]) expect(isBase64(ok), ok).toBe(true);
    for (const bad of ["a", "aGVsbG8===", "a=b=", "hé==", "ab+-", "ab cd"])
      expect(isBase64(bad), bad).toBe(false);
  });

  it("computes the decoded size from the length, as Buffer decodes it", () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 97, 1000]) {
      const buffer = Buffer.alloc(bytes, 7);
      const padded = buffer.toString("base64");
      expect(decodedLength(padded), `padded ${bytes}`).toBe(bytes);
      expect(decodedLength(padded.replace(/=+$/, "")), `unpadded ${bytes}`).toBe(bytes);
      expect(Buffer.from(padded, "base64").length).toBe(bytes);
    }
    // 99,000,000 bytes is 132,000,000 base64 characters; one more byte is over.
    expect(decodedLength("A".repeat(132_000_000))).toBe(99_000_000);
    expect(decodedLength(`${"A".repeat(132_000_002)}==`)).toBe(99_000_001);
  });
});

describe("content types", () => {
  it("accepts the eight types of document 2, each with its extension; anything else is unsupported type", () => {
    expect(Object.keys(MEDIA_EXTENSIONS)).toEqual([
      "image/png",
      "image/jpeg",
      "image/webp",
      "image/gif",
      "application/pdf",
      "video/mp4",
      "video/quicktime",
      "video/webm",
    ]);
    for (const type of Object.keys(MEDIA_EXTENSIONS)) expect(acceptedContentType(type)).toBe(type);
    for (const type of ["image/svg+xml", "text/html", "IMAGE/PNG", "image/png; charset=x", ""])
      expect(() => acceptedContentType(type), type).toThrow("unsupported type");
  });

  it("the plans scope accepts application/pdf only", () => {
    expect(() => assertScopeAccepts("plans", "application/pdf")).not.toThrow();
    expect(() => assertScopeAccepts("plans", "image/png")).toThrow(
      "the plans scope accepts application/pdf only",
    );
    for (const scope of ["content", "exercises", "forms"])
      expect(() => assertScopeAccepts(scope, "image/png")).not.toThrow();
  });
});
