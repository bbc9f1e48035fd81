import { describe, expect, it } from "vitest";
import { normalizeRecipeLink, RecipeGenerateInput } from "./recipe-draft";

describe("recipe link normalization (https:// added when no scheme; only http and https)", () => {
  it.each([
    ["example.com/recipes/1", "https://example.com/recipes/1"],
    ["  www.example.com  ", "https://www.example.com/"],
    ["example.com:8080/x", "https://example.com:8080/x"],
    ["localhost:3000", "https://localhost:3000/"],
    ["//cdn.example.com/a", "https://cdn.example.com/a"],
    ["http://example.com/a?b=1#c", "http://example.com/a?b=1#c"],
    ["HTTPS://Example.COM/A", "https://example.com/A"],
    ["מתכונים.co.il/שקשוקה", "https://xn--9dbiekbo1e.co.il/%D7%A9%D7%A7%D7%A9%D7%95%D7%A7%D7%94"],
  ])("%s → %s", (link, expected) => {
    expect(normalizeRecipeLink(link)).toBe(expected);
  });

  it.each([
    "ftp://example.com/x",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "mailto:a@b.c",
    "data:text/plain,x",
    "http://",
    "https:// spaces in host/",
  ])("refuses %s", (link) => {
    expect(normalizeRecipeLink(link)).toBeNull();
  });

  it("the input needs text or link after trimming, and a usable link", () => {
    expect(RecipeGenerateInput.safeParse({ text: "  eggs  " }).data).toEqual({ text: "eggs" });
    expect(RecipeGenerateInput.safeParse({ link: "example.com" }).success).toBe(true);
    expect(RecipeGenerateInput.safeParse({ text: " ", link: "" }).error?.issues[0]?.message).toBe(
      "text or link is required",
    );
    expect(RecipeGenerateInput.safeParse({ link: "ftp://x.com" }).error?.issues).toMatchObject([
      { path: ["link"], message: "link must be an http or https URL" },
    ]);
    expect(RecipeGenerateInput.safeParse({ text: "a\u0000b" }).success).toBe(false);
    expect(RecipeGenerateInput.safeParse({ text: "x".repeat(10_001) }).success).toBe(false);
  });
});
