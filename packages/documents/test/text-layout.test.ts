import { describe, expect, it } from "vitest";
import { cleanText, layoutText, type LayoutOptions } from "../src/text-layout";

/** Every code point is half the font size wide; marks take no room. */
const measure = (text: string, size: number) =>
  [...text].filter((c) => !/\p{M}/u.test(c)).length * size * 0.5;
const options = (boxWidth: number, boxHeight: number): LayoutOptions => ({
  measure,
  supported: (cp) => cp < 0x2000 || cp === 0x2026 || (cp >= 0x20aa && cp <= 0x20ac),
  boxWidth,
  boxHeight,
});

describe("layoutText", () => {
  it("orders a right-to-left line visually and marks it right-aligned", () => {
    const layout = layoutText("שלום עולם 123 ABC", options(500, 20));
    expect(layout.lines).toHaveLength(1);
    expect(layout.lines[0]).toMatchObject({ visual: "ABC 123 םלוע םולש", rtl: true });
  });

  it("keeps a left-to-right paragraph in order with embedded Hebrew reversed", () => {
    const layout = layoutText("Name: ישראל ישראלי (Tel Aviv)", options(500, 20));
    expect(layout.lines[0]).toMatchObject({ visual: "Name: ילארשי לארשי (Tel Aviv)", rtl: false });
    // A number right after Hebrew joins the right-to-left run (rules W7 and N1), as browsers show it.
    expect(layoutText("Name: ישראל, 42", options(500, 20)).lines[0]?.visual).toBe("Name: 42 ,לארשי");
  });

  it("keeps combining marks (niqqud) after their base letter and surrogate pairs whole", () => {
    const layout = layoutText("שָׁלוֹם", options(500, 20));
    // Clusters שָׁ ל וֹ ם, in reverse order, each with its marks after the letter.
    expect(layout.lines[0]?.visual).toBe("ם" + "וֹ" + "ל" + "שָׁ");
    const astral = layoutText("א 𝒜 ב", { ...options(500, 20), supported: () => true });
    expect(astral.lines[0]?.visual).toBe("ב 𝒜 א");
  });

  it("uses the largest size that fits, up to 14 pt, and shrinks longer text", () => {
    const short = layoutText("abc", options(200, 30));
    expect(short.size).toBe(14);
    const longer = layoutText("a".repeat(60), options(200, 14));
    // One line only fits (14 pt box): 60 glyphs at 0.5 em must fit in 200 pt.
    expect(longer.lines).toHaveLength(1);
    expect(longer.size).toBeLessThanOrEqual(200 / 30);
    expect(longer.size).toBeGreaterThan(200 / 30 - 0.25);
  });

  it("wraps on spaces, breaks over-long words, and keeps explicit line breaks", () => {
    const layout = layoutText("one two three\nfour", { ...options(30, 200), maxSize: 10 });
    expect(layout.size).toBe(10);
    expect(layout.lines.map((l) => l.visual)).toEqual(["one", "two", "three", "four"]);
    const broken = layoutText("abcdefghij", { ...options(20, 200), maxSize: 10, minSize: 10 });
    expect(broken.lines.map((l) => l.visual)).toEqual(["abcd", "efgh", "ij"]);
  });

  it("truncates with an ellipsis when even the smallest size does not fit", () => {
    const layout = layoutText("word ".repeat(400), options(60, 10));
    expect(layout.size).toBe(4);
    expect(layout.lines).toHaveLength(2);
    const last = layout.lines[1];
    expect(last?.visual.endsWith("\u2026")).toBe(true);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(60);
    // In a right-to-left paragraph the ellipsis ends the line on the left.
    const hebrew = layoutText("מילה ".repeat(400), options(60, 10));
    expect(hebrew.lines[1]?.visual.startsWith("\u2026")).toBe(true);
  });

  it("is bounded on 5000 characters in a tiny box", () => {
    const started = Date.now();
    const layout = layoutText("אבג 123 ".repeat(625), options(30, 6));
    expect(layout.lines.length).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("drops control characters, turns tabs into spaces and unknown glyphs into ?", () => {
    expect(cleanText("a\u0000b\tc\r\nd\u0007", () => true)).toBe("ab c\nd");
    expect(cleanText("hi 😀", (cp) => cp < 0x10000)).toBe("hi ?");
    // Bidi controls steer the algorithm but are not drawn.
    const layout = layoutText("\u202bABC\u202c", options(500, 20));
    expect(layout.lines[0]?.visual).toBe("ABC");
  });
});
