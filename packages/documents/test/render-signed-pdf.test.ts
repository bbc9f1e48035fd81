import {
  concatTransformationMatrix,
  degrees,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  rgb,
  StandardFonts,
} from "pdf-lib";
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { checkSignaturePng, readPdfPages, renderSignedPdf, type SignedPdfField } from "../src/index";
import { makePng } from "./fixtures";

// pdf.js (through unpdf) uses ArrayBuffer.prototype.transferToFixedLength (Node 21+) for images;
// on Node 20 give it the copying equivalent. Only the test's reader needs it.
const bufferProto = ArrayBuffer.prototype as ArrayBuffer & {
  transferToFixedLength?: (n?: number) => ArrayBuffer;
};
if (typeof bufferProto.transferToFixedLength !== "function") {
  Object.defineProperty(ArrayBuffer.prototype, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number) {
      const out = new ArrayBuffer(length ?? this.byteLength);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(this.byteLength, out.byteLength)));
      return out;
    },
  });
}

/** A four-page source: different sizes, rotations 0, 90, 180 and 270, one media box off the origin. */
async function sourcePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const a4 = doc.addPage([595, 842]);
  a4.drawText("Source page one", { x: 50, y: 800, size: 10, font: helvetica });
  // A transformation left in place at the end of the page's content (no q/Q around it).
  a4.pushOperators(concatTransformationMatrix(2, 0, 0, 2, 0, 0));

  const letter = doc.addPage([612, 792]);
  letter.setRotation(degrees(90));
  letter.drawText("Source page two", { x: 50, y: 50, size: 10, font: helvetica });

  const small = doc.addPage([300, 400]);
  small.setMediaBox(50, 60, 300, 400);
  small.setRotation(degrees(180));
  small.drawRectangle({ x: 60, y: 70, width: 20, height: 20, color: rgb(0.9, 0.9, 0.9) });

  const wide = doc.addPage([500, 350]);
  wide.setCropBox(10, 20, 480, 330);
  wide.setRotation(degrees(270));
  return doc.save({ useObjectStreams: false });
}

interface TextRun {
  str: string;
  /** Start and end of the baseline, as fractions of the displayed page from its top-left corner. */
  start: [number, number];
  end: [number, number];
  size: number;
}

interface PageDump {
  size: { width: number; height: number };
  runs: TextRun[];
  /** Every drawn glyph string in drawing (visual, left to right) order, one per text showing operator. */
  glyphRuns: string[];
  /** Displayed bounding boxes of painted images, as fractions of the page. */
  images: { x0: number; y0: number; x1: number; y1: number }[];
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** Reads a PDF back with pdf.js: text with displayed positions, glyph order, image placements. */
async function dump(bytes: Uint8Array): Promise<PageDump[]> {
  const pdfjs = await getResolvedPDFJS();
  const { OPS } = pdfjs;
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: PageDump[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    const toFraction = (x: number, y: number): [number, number] => {
      const [u, v] = viewport.convertToViewportPoint(x, y) as [number, number];
      return [u / viewport.width, v / viewport.height];
    };
    const content = await page.getTextContent();
    const runs: TextRun[] = [];
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [a, b, , , e, f] = item.transform as Matrix;
      const scale = Math.hypot(a, b);
      runs.push({
        str: item.str,
        start: toFraction(e, f),
        end: toFraction(e + (a / scale) * item.width, f + (b / scale) * item.width),
        size: scale,
      });
    }
    const ops = await page.getOperatorList();
    const glyphRuns: string[] = [];
    const images: PageDump["images"] = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i] as unknown[];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = multiply(args as Matrix, ctm);
      else if (fn === OPS.showText) {
        const glyphs = args[0] as ({ unicode: string } | number | null)[];
        glyphRuns.push(glyphs.map((g) => (g !== null && typeof g === "object" ? g.unicode : "")).join(""));
      } else if (fn === OPS.paintImageXObject) {
        const corners = [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ].map(([x = 0, y = 0]) =>
          toFraction(ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]),
        );
        images.push({
          x0: Math.min(...corners.map((c) => c[0])),
          y0: Math.min(...corners.map((c) => c[1])),
          x1: Math.max(...corners.map((c) => c[0])),
          y1: Math.max(...corners.map((c) => c[1])),
        });
      }
    });
    pages.push({ size: { width: viewport.width, height: viewport.height }, runs, glyphRuns, images });
  }
  await pdf.cleanup();
  return pages;
}

/** Image XObjects in each page's resources, with their pixel dimensions (pdf-lib, low level). */
async function imagesPerPage(bytes: Uint8Array): Promise<{ width: number; height: number }[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    if (xobjects === undefined) return [];
    return xobjects
      .keys()
      .map((key) => xobjects.lookup(key))
      .filter((o): o is PDFRawStream => o instanceof PDFRawStream)
      .filter((s) => s.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"))
      .map((s) => ({
        width: (s.dict.lookup(PDFName.of("Width"), PDFNumber) as PDFNumber).asNumber(),
        height: (s.dict.lookup(PDFName.of("Height"), PDFNumber) as PDFNumber).asNumber(),
      }));
  });
}

const inside = (p: [number, number], f: SignedPdfField, slack = 0.002) =>
  p[0] >= f.x - slack && p[0] <= f.x + f.w + slack && p[1] >= f.y - slack && p[1] <= f.y + f.h + slack;

function signature(width: number, height: number): Uint8Array {
  const result = checkSignaturePng("data:image/png;base64," + makePng(width, height).toString("base64"));
  if (!result.ok) throw new Error("fixture signature refused");
  return result.png;
}

const fields: SignedPdfField[] = [
  { key: "greeting", kind: "text", page: 0, x: 0.1, y: 0.1, w: 0.6, h: 0.05 },
  { key: "name", kind: "text", page: 1, x: 0.5, y: 0.2, w: 0.4, h: 0.1 },
  { key: "mixed", kind: "text", page: 2, x: 0.05, y: 0.3, w: 0.9, h: 0.05 },
  { key: "notes", kind: "text", page: 3, x: 0.05, y: 0.05, w: 0.5, h: 0.3 },
  { key: "sigA", kind: "signature", page: 0, x: 0.5, y: 0.8, w: 0.4, h: 0.1 },
  { key: "sigB", kind: "signature", page: 1, x: 0.1, y: 0.6, w: 0.3, h: 0.3 },
  { key: "empty", kind: "text", page: 0, x: 0.1, y: 0.5, w: 0.3, h: 0.05 },
  { key: "hebrewOnly", kind: "text", page: 1, x: 0.5, y: 0.4, w: 0.4, h: 0.06 },
  { key: "overflow", kind: "text", page: 0, x: 0.1, y: 0.6, w: 0.2, h: 0.02 },
  { key: "emoji", kind: "text", page: 2, x: 0.05, y: 0.6, w: 0.9, h: 0.05 },
];
const NOTES = "Long notes line that must wrap. ".repeat(6).trim();
const texts = {
  greeting: "שלום עולם 123 ABC",
  name: "Hello World",
  mixed: "חתימה: John Smith (2024) שם (פרטי)",
  notes: NOTES,
  empty: "   ",
  hebrewOnly: "חתימת המתאמן",
  overflow: "טקסט ארוך מאוד ".repeat(300),
  emoji: "OK 漢",
};

describe("renderSignedPdf and readPdfPages", () => {
  let source: Uint8Array;
  let rendered: Uint8Array;
  let pages: PageDump[];
  const sigA = signature(200, 80);
  const sigB = signature(50, 100);

  beforeAll(async () => {
    source = await sourcePdf();
    rendered = await renderSignedPdf({ source, fields, texts, signatures: { sigA, sigB } });
    pages = await dump(rendered);
  });

  it("readPdfPages gives the displayed sizes (90 and 270 swap width and height), also of the result", async () => {
    const expected = [
      { width: 595, height: 842 },
      { width: 792, height: 612 },
      { width: 300, height: 400 },
      { width: 330, height: 480 },
    ];
    expect(await readPdfPages(source)).toEqual(expected);
    expect(await readPdfPages(rendered)).toEqual(expected);
    // pdf.js, an independent reader, sees the same page sizes.
    expect(
      pages.map((p) => ({ width: Math.round(p.size.width), height: Math.round(p.size.height) })),
    ).toEqual(expected);
  });

  it("readPdfPages answers null for bytes that are not a readable PDF", async () => {
    expect(await readPdfPages(new TextEncoder().encode("hello, not a pdf"))).toBeNull();
    expect(await readPdfPages(new Uint8Array())).toBeNull();
    expect(await readPdfPages(new TextEncoder().encode("%PDF-1.7\nthis is not really a pdf"))).toBeNull();
    expect(await readPdfPages(source.slice(0, 200))).toBeNull();
    expect(await readPdfPages(makePng(3, 3))).toBeNull();
  });

  it("draws Hebrew with numbers and Latin in visual order, right-aligned, inside its box", () => {
    const page = pages[0];
    const field = fields[0];
    if (page === undefined || field === undefined) throw new Error("missing page");
    // Drawing order left to right: the Latin and the number keep their order, Hebrew words reversed.
    expect(page.glyphRuns).toContain("ABC 123 םלוע םולש");
    // pdf.js's text extraction (its own bidi pass over the drawn order) gives the Hebrew words back
    // in logical order; it keeps "ABC 123" as one left-to-right unit, so the whole string is not
    // compared there: the drawing order above is the exact check.
    const run = page.runs.find((r) => r.str.includes("שלום"));
    expect(run?.str).toContain("שלום עולם");
    expect(run?.str).toMatch(/123/);
    expect(run?.str).toMatch(/ABC/);
    if (run === undefined) return;
    expect(inside(run.start, field)).toBe(true);
    expect(inside(run.end, field)).toBe(true);
    // Right-aligned: the line ends at the right edge of the box (less a small padding).
    expect(Math.abs(run.end[0] - (field.x + field.w)) * page.size.width).toBeLessThan(3);
    expect(run.size).toBeLessThanOrEqual(field.h * page.size.height);
  });

  it("draws Latin text left-aligned inside its box on a page rotated 90 degrees", () => {
    const page = pages[1];
    const field = fields[1];
    if (page === undefined || field === undefined) throw new Error("missing page");
    const run = page.runs.find((r) => r.str === "Hello World");
    expect(run).toBeDefined();
    if (run === undefined) return;
    expect(inside(run.start, field)).toBe(true);
    expect(inside(run.end, field)).toBe(true);
    // Reads left to right as displayed: the baseline runs along the displayed x axis.
    expect(run.end[0]).toBeGreaterThan(run.start[0]);
    expect(Math.abs(run.end[1] - run.start[1])).toBeLessThan(0.001);
    expect(Math.abs(run.start[0] - field.x) * page.size.width).toBeLessThan(3);
  });

  it("mirrors brackets and keeps the Latin run in order in a right-to-left line (page rotated 180)", () => {
    const page = pages[2];
    const field = fields[2];
    if (page === undefined || field === undefined) throw new Error("missing page");
    // "John Smith (2024)" is one left-to-right unit (W7 and N0 of the bidi algorithm); the Hebrew
    // around it reads right to left, and the brackets of "(פרטי)" are mirrored.
    expect(page.glyphRuns).toContain("(יטרפ) םש John Smith (2024) :המיתח");
    const run = page.runs.find((r) => r.str.includes("John"));
    expect(run).toBeDefined();
    if (run === undefined) return;
    expect(inside(run.start, field)).toBe(true);
    expect(inside(run.end, field)).toBe(true);
    expect(run.end[0]).toBeGreaterThan(run.start[0]);
  });

  it("wraps long text into several lines inside its box (page rotated 270)", () => {
    const page = pages[3];
    const field = fields[3];
    if (page === undefined || field === undefined) throw new Error("missing page");
    const lines = page.runs.filter((r) => r.str.includes("Long") || r.str.includes("wrap"));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(inside(line.start, field)).toBe(true);
      expect(inside(line.end, field)).toBe(true);
    }
    // Every word is there, in order.
    const all = page.runs
      .map((r) => r.str.trim())
      .join(" ")
      .replace(/\s+/g, " ");
    expect(all).toBe(NOTES);
    // Lines go down the displayed page.
    const ys = lines.map((l) => l.start[1]);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });

  it("embeds each signature on its own page, with its pixel size, fitted into its box keeping the aspect ratio", async () => {
    const images = await imagesPerPage(rendered);
    expect(images).toEqual([[{ width: 200, height: 80 }], [{ width: 50, height: 100 }], [], []]);
    for (const [index, field, pixels] of [
      [0, fields[4], [200, 80]],
      [1, fields[5], [50, 100]],
    ] as const) {
      const page = pages[index];
      if (page === undefined || field === undefined) throw new Error("missing page");
      expect(page.images).toHaveLength(1);
      const box = page.images[0];
      if (box === undefined) return;
      expect(inside([box.x0, box.y0], field)).toBe(true);
      expect(inside([box.x1, box.y1], field)).toBe(true);
      const w = (box.x1 - box.x0) * page.size.width;
      const h = (box.y1 - box.y0) * page.size.height;
      expect(w / h).toBeCloseTo(pixels[0] / pixels[1], 2);
      // It fills the box in one direction.
      const fillsWidth = Math.abs(w - field.w * page.size.width) < 0.5;
      const fillsHeight = Math.abs(h - field.h * page.size.height) < 0.5;
      expect(fillsWidth || fillsHeight).toBe(true);
      // Centred.
      expect((box.x0 + box.x1) / 2).toBeCloseTo(field.x + field.w / 2, 3);
      expect((box.y0 + box.y1) / 2).toBeCloseTo(field.y + field.h / 2, 3);
    }
  });

  it("keeps the source content and draws nothing for an empty text", () => {
    expect(pages[0]?.runs.some((r) => r.str === "Source page one")).toBe(true);
    expect(pages[1]?.runs.some((r) => r.str === "Source page two")).toBe(true);
    const empty = fields.find((f) => f.key === "empty");
    if (empty === undefined) throw new Error("missing field");
    expect(pages[0]?.runs.filter((r) => inside(r.start, empty) || inside(r.end, empty))).toEqual([]);
  });

  it("draws a Hebrew-only line right to left, right-aligned, on a page rotated 90 degrees", () => {
    const page = pages[1];
    const field = fields.find((f) => f.key === "hebrewOnly");
    if (page === undefined || field === undefined) throw new Error("missing page");
    expect(page.glyphRuns).toContain("ןמאתמה תמיתח");
    const run = page.runs.find((r) => r.str.includes("חתימת"));
    expect(run?.str).toBe("חתימת המתאמן");
    if (run === undefined) return;
    expect(inside(run.start, field)).toBe(true);
    expect(inside(run.end, field)).toBe(true);
    expect(Math.abs(run.end[0] - (field.x + field.w)) * page.size.width).toBeLessThan(3);
  });

  it("shrinks text that does not fit to the smallest size and truncates it with an ellipsis, inside its box", () => {
    const page = pages[0];
    const field = fields.find((f) => f.key === "overflow");
    if (page === undefined || field === undefined) throw new Error("missing page");
    const runs = page.runs.filter((r) => r.str.includes("טקסט") || r.str.includes("\u2026"));
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(inside(run.start, field)).toBe(true);
      expect(inside(run.end, field)).toBe(true);
      expect(run.size).toBeCloseTo(4, 1);
    }
    expect(page.glyphRuns.some((g) => g.startsWith("\u2026"))).toBe(true);
  });

  it("draws a character the font lacks as ?", () => {
    expect(pages[2]?.glyphRuns).toContain("OK ?");
  });

  it("readPdfPages answers null for an encrypted PDF and one without pages; rendering refuses them", async () => {
    const text = Buffer.from(source).toString("latin1");
    expect(text.includes("trailer")).toBe(true);
    const encrypted = Buffer.from(
      text.replace(
        /trailer\s*<</,
        "trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>",
      ),
      "latin1",
    );
    expect(await readPdfPages(source)).not.toBeNull();
    expect(await readPdfPages(encrypted)).toBeNull();
    await expect(
      renderSignedPdf({ source: encrypted, fields: [], texts: {}, signatures: {} }),
    ).rejects.toThrow();
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false });
    expect(await readPdfPages(empty)).toBeNull();
  });

  it("answers null (not a hang) for a page tree that loops, and rendering throws", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const text = Buffer.from(await doc.save({ useObjectStreams: false })).toString("latin1");
    expect(text).toContain("/Kids [ 4 0 R ]");
    expect(text).toContain("/Parent 1 0 R");
    // Same lengths, so the cross-reference offsets stay right.
    const kidsLoop = Buffer.from(text.replace("/Kids [ 4 0 R ]", "/Kids [ 1 0 R ]"), "latin1");
    const parentLoop = Buffer.from(text.replace("/Parent 1 0 R", "/Parent 4 0 R"), "latin1");
    expect(await readPdfPages(kidsLoop)).toBeNull();
    expect(await readPdfPages(parentLoop)).toBeNull();
    await expect(
      renderSignedPdf({
        source: parentLoop,
        fields: [{ key: "a", kind: "text", page: 0, x: 0, y: 0, w: 0.5, h: 0.5 }],
        texts: { a: "x" },
        signatures: {},
      }),
    ).rejects.toThrow();
  });

  it("refuses a field with a box that is not a number", async () => {
    await expect(
      renderSignedPdf({
        source,
        fields: [{ key: "x", kind: "text", page: 0, x: Number.NaN, y: 0, w: 0.5, h: 0.5 }],
        texts: { x: "a" },
        signatures: {},
      }),
    ).rejects.toThrow(/not a number/);
  });

  it("refuses a field on a page that does not exist, and a source that is not a PDF", async () => {
    await expect(
      renderSignedPdf({
        source,
        fields: [{ key: "x", kind: "text", page: 4, x: 0, y: 0, w: 0.5, h: 0.5 }],
        texts: { x: "a" },
        signatures: {},
      }),
    ).rejects.toThrow(/page 4/);
    await expect(
      renderSignedPdf({ source: new TextEncoder().encode("nope"), fields: [], texts: {}, signatures: {} }),
    ).rejects.toThrow();
  });
});
