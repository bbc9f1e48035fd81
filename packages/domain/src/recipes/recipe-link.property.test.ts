import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeRecipeLink, RecipeGenerateInput } from "@studio/contracts";

// Property tests (fast-check) of the recipe link normalization the generate-recipe contract and
// its fetch use (issue 16): any string never throws; the answer is null or an absolute http(s)
// URL with a host, a fixed point; the contract refuses exactly the links it cannot normalize.
// FC_SEED replays a run.

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
console.warn(`recipe-link.property: seed ${SEED} (replay with FC_SEED=${SEED})`);
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

const linkLike = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.domain(),
  fc.domain().map((d) => `//${d}/r`),
  fc.domain().map((d) => `${d}:8080/x`),
  fc.constantFrom(
    "javascript:alert(1)",
    "ftp://example.com/a",
    "file:///etc/passwd",
    "data:text/html,x",
    "https://",
    "http://[::1]/",
    "http://[::1",
    "https://exa mple.com",
    "https://\u0000.com",
    "https://\uD800.com",
    "localhost",
    "mailto:a@b.c",
    "  HTTPS://Example.COM/a b  ",
    "",
    " ",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);

describe("recipe link normalization: properties", () => {
  it("never throws; null or an absolute http(s) URL with a host; a fixed point", () => {
    fc.assert(
      fc.property(linkLike, (raw) => {
        const link = normalizeRecipeLink(raw);
        if (link === null) return;
        const url = new URL(link);
        expect(["http:", "https:"]).toContain(url.protocol);
        expect(url.hostname.length).toBeGreaterThan(0);
        expect(normalizeRecipeLink(link)).toBe(link);
      }),
      runs(600),
    );
  });

  it("the generate-recipe contract never throws and refuses exactly the links that do not normalize", () => {
    fc.assert(
      fc.property(linkLike, (raw) => {
        const result = RecipeGenerateInput.safeParse({ link: raw });
        const trimmed = raw.trim();
        if (!trimmed || trimmed.length > 2048 || raw.includes("\u0000")) return;
        expect(result.success).toBe(normalizeRecipeLink(trimmed) !== null);
        if (!result.success)
          for (const issue of result.error.issues) expect(Array.isArray(issue.path)).toBe(true);
      }),
      runs(400),
    );
  });
});
