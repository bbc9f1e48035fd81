import { describe, expect, it } from "vitest";
import {
  recipeDraftFrom,
  recipePrompt,
  RecipeModelAnswer,
  RECIPE_PAGE_TEXT_MAX_CHARS,
} from "./generate-recipe";

describe("recipe draft from the model's answer", () => {
  it("keeps every field inside the content create body's limits", () => {
    const draft = recipeDraftFrom({
      title: `${"א".repeat(250)}\n\nסוף`,
      description: "x".repeat(12_000),
      ingredients: Array.from({ length: 3_000 }, (_, i) => `ingredient ${i}`),
      steps: Array.from({ length: 250 }, (_, i) => ({
        type: "step" as const,
        text: `step ${i} ${"y".repeat(2_100)}`,
      })),
    });
    expect(draft.title).toHaveLength(200);
    expect(draft.description).toHaveLength(10_000);
    expect(draft.ingredients!.length).toBeLessThanOrEqual(10_000);
    expect(draft.steps).toHaveLength(200);
    expect(draft.steps.every((s) => s.text.length <= 2_000)).toBe(true);
  });

  it("drops NUL characters, joins a multi-line title into one line, and never splits a surrogate pair", () => {
    const draft = recipeDraftFrom({
      title: "עוגה\u0000\nשוקולד",
      description: "\u0000",
      ingredients: ["\u0000", "קמח"],
      steps: [{ type: "tip", text: `${"z".repeat(1_999)}😀` }],
    });
    expect(draft.title).toBe("עוגה שוקולד");
    expect(draft.description).toBeNull();
    expect(draft.ingredients).toBe("קמח");
    expect(draft.steps[0]!.text).toBe("z".repeat(1_999));
  });

  it("empty description and ingredients are null (as create stores them)", () => {
    expect(recipeDraftFrom({ title: "x", description: " \n ", ingredients: ["", " "], steps: [] })).toEqual({
      type: "recipe",
      title: "x",
      description: null,
      ingredients: null,
      steps: [],
    });
  });

  it("the model's answer needs a title that is not blank", () => {
    expect(
      RecipeModelAnswer.safeParse({ title: " \n", description: "", ingredients: [], steps: [] }).success,
    ).toBe(false);
  });

  it("caps the page text in the prompt", () => {
    const prompt = recipePrompt({ link: "https://a.example/", pageText: "p".repeat(50_000), text: null });
    expect(prompt.length).toBeLessThan(RECIPE_PAGE_TEXT_MAX_CHARS + 200);
  });
});
