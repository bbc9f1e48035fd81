import { describe, expect, it } from "vitest";
import { type AppError } from "../errors";
import { assertStudioMediaKey, isStudioMediaKey, mediaScopePrefix, newMediaKey } from "./media-keys";

const studio = "0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f";
const other = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

describe("media keys", () => {
  it("a new key lies under the studio's scope prefix, named <uuid>.<extension> of the content type", () => {
    const key = newMediaKey({ studioId: studio, scope: "exercises", contentType: "video/quicktime" });
    expect(key).toMatch(new RegExp(`^studios/${studio}/exercises/[0-9a-f-]{36}\\.mov$`));
    expect(newMediaKey({ studioId: studio, scope: "plans", contentType: "application/pdf", id: "x" })).toBe(
      `studios/${studio}/plans/x.pdf`,
    );
    expect(isStudioMediaKey(studio, key)).toBe(true);
  });

  it("variant auto-thumbnail prefixes the file name with auto-thumb-", () => {
    const key = newMediaKey({
      studioId: studio,
      scope: "content",
      contentType: "image/jpeg",
      variant: "auto-thumbnail",
      id: "abc",
    });
    expect(key).toBe(`studios/${studio}/content/auto-thumb-abc.jpg`);
  });

  it("every scope of the studio is accepted; another studio's, an unknown scope or a bare prefix is not", () => {
    for (const scope of ["content", "exercises", "forms", "plans"] as const)
      expect(isStudioMediaKey(studio, `${mediaScopePrefix(studio, scope)}a1.png`)).toBe(true);
    expect(isStudioMediaKey(studio, `studios/${other}/content/a1.png`)).toBe(false);
    expect(isStudioMediaKey(studio, `studios/${studio}/avatars/a1.png`)).toBe(false);
    expect(isStudioMediaKey(studio, `studios/${studio}/content/`)).toBe(false);
    expect(isStudioMediaKey(studio, `studios/${studio}content/a1.png`)).toBe(false);
    expect(isStudioMediaKey(studio, `a1.png`)).toBe(false);
    // the studio id as a prefix of a longer id is another studio
    expect(isStudioMediaKey(studio, `studios/${studio}0/content/a1.png`)).toBe(false);
  });

  it("the file name holds only letters, digits, dot, underscore and hyphen, and does not start with a dot", () => {
    const prefix = mediaScopePrefix(studio, "forms");
    for (const name of ["a.b_c-D9.pdf", "x", "auto-thumb-1.png", "a..b"])
      expect(isStudioMediaKey(studio, prefix + name), name).toBe(true);
    for (const name of [
      ".hidden",
      "..",
      "../x.png",
      "a/b.png",
      "a b.png",
      "a%2Fb",
      "é.png",
      "a\\b",
      "a?b",
      "a\u0000b",
    ])
      expect(isStudioMediaKey(studio, prefix + name), name).toBe(false);
  });

  it("assertStudioMediaKey answers FORBIDDEN media key does not belong to this studio", () => {
    expect(() => assertStudioMediaKey(studio, `studios/${other}/content/a.png`)).toThrow(
      expect.objectContaining({
        code: "FORBIDDEN",
        message: "media key does not belong to this studio",
      }) as AppError,
    );
    expect(() => assertStudioMediaKey(studio, `studios/${studio}/content/a.png`)).not.toThrow();
  });
});
