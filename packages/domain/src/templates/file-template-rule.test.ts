import { describe, expect, it } from "vitest";
import { isFileTemplateContentAllowed } from "./is-file-template-content-allowed";
import { templateContentToStore } from "./template-content-to-store";

describe("file template rule (document 2: when pdfUrl is set the content must be an empty object or an object whose only content is meta.workoutsPerWeek (a number))", () => {
  it("an empty object", () => {
    expect(isFileTemplateContentAllowed({})).toBe(true);
  });

  it("an object whose only content is meta.workoutsPerWeek (a number)", () => {
    expect(isFileTemplateContentAllowed({ meta: { workoutsPerWeek: 3 } })).toBe(true);
    expect(isFileTemplateContentAllowed({ meta: { workoutsPerWeek: 2.5 } })).toBe(true);
    // meta without anything carries no content either
    expect(isFileTemplateContentAllowed({ meta: {} })).toBe(true);
  });

  it("anything beyond is refused", () => {
    for (const content of [
      { meta: { workoutsPerWeek: "3" } },
      { meta: { workoutsPerWeek: null } },
      { meta: { workoutsPerWeek: 3, imported: true } },
      { meta: { requirement: {} } },
      { meta: { workoutsPerWeek: 3 }, days: [] },
      { days: [] },
      { schemaVersion: 2 },
      { meta: null },
      { meta: [] },
      null,
      [],
      "x",
      3,
      undefined,
    ])
      expect(isFileTemplateContentAllowed(content), JSON.stringify(content)).toBe(false);
  });
});

describe("what a template save stores (document 2 'POST/PATCH /v1/web/program-templates' storage)", () => {
  it("file template: content as sent when allowed (normalizers are skipped), refused otherwise", () => {
    expect(
      templateContentToStore({
        type: "TRAINING",
        pdfUrl: "https://x/p.pdf",
        content: { meta: { workoutsPerWeek: 3 } },
      }),
    ).toEqual({
      ok: true,
      content: { meta: { workoutsPerWeek: 3 } },
    });
    expect(
      templateContentToStore({ type: "NUTRITION", pdfUrl: "https://x/p.pdf", content: { days: [] } }),
    ).toEqual({
      ok: false,
      reason: "FILE_PLAN_CONTENT",
      message: "a file plan carries no content beyond meta.workoutsPerWeek",
    });
  });

  it("TRAINING normalized; NUTRITION normalized; COMBINED stored as sent", () => {
    const training = templateContentToStore({ type: "TRAINING", pdfUrl: null, content: { extra: 1 } });
    expect(training).toMatchObject({ ok: true, content: { schemaVersion: 2 } });
    const nutrition = templateContentToStore({ type: "NUTRITION", pdfUrl: undefined, content: {} });
    expect(nutrition).toMatchObject({ ok: true, content: { schemaVersion: 1 } });
    const combined = { anything: [1, 2], goes: true };
    expect(templateContentToStore({ type: "COMBINED", pdfUrl: null, content: combined })).toEqual({
      ok: true,
      content: combined,
    });
  });

  it("normalized for the existing type with stored import keys restored", () => {
    const stored = { meta: { imported: true, source: "x" }, days: [] };
    const result = templateContentToStore({
      type: "NUTRITION",
      pdfUrl: null,
      content: { days: [{}] },
      stored,
    });
    expect(result).toMatchObject({ ok: true, content: { meta: { imported: true, source: "x" } } });
  });
});
