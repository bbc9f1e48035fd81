import { degrees, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { loadFontBytes, loadVisualOrderFontkit } from "./font";
import { loadPdf, type PageGeometry, pageGeometry, visualToUser } from "./pdf-pages";
import { layoutText } from "./text-layout";

/**
 * A field of a document to sign. page is zero-based; x, y, w, h are fractions of the page as the
 * visitor sees it (rotation applied), measured from its top-left corner.
 */
export interface SignedPdfField {
  key: string;
  kind: "text" | "signature";
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RenderSignedPdfInput {
  source: Uint8Array;
  fields: SignedPdfField[];
  /** Field key to text (coach-filled and trainee-filled text fields). */
  texts: Record<string, string>;
  /** Field key to PNG bytes from a successful checkSignaturePng. */
  signatures: Record<string, Uint8Array>;
}

/** At most this many characters of one field are laid out (the signing body caps values at 5000). */
const MAX_TEXT_CHARS = 5000;
const TEXT_COLOR = rgb(0, 0, 0);

interface Box {
  u: number;
  v: number;
  w: number;
  h: number;
}

/**
 * The source PDF with every text drawn inside its box (DejaVu Sans, bidi-ordered, shrunk to fit,
 * wrapped, truncated with an ellipsis when even the smallest size is too large) and every signature
 * drawn centred in its box keeping its aspect ratio. Throws on an unreadable source, a field on a
 * page that does not exist, or a field with a box that is not a finite fraction.
 */
export async function renderSignedPdf(input: RenderSignedPdfInput): Promise<Uint8Array> {
  const doc = await loadPdf(input.source);
  const pages = doc.getPages();

  const work = input.fields.map((field) => {
    if (!Number.isInteger(field.page) || field.page < 0 || field.page >= pages.length) {
      throw new Error(
        `field ${field.key} is on page ${field.page}, the document has ${pages.length} page(s)`,
      );
    }
    for (const n of [field.x, field.y, field.w, field.h]) {
      if (!Number.isFinite(n)) throw new Error(`field ${field.key} has a box that is not a number`);
    }
    return { field, page: pages[field.page] as PDFPage };
  });

  let font: PDFFont | null = null;
  let fontSet: Set<number> | null = null;
  const images = new Map<Uint8Array, PDFImage>();

  // pdf-lib wraps a page's existing content in q ... Q before the first drawing on it
  // (autoNormalizeCTM), so a graphics state the source leaves behind (a transformation, a clip,
  // a colour) cannot move or hide what is drawn; the tests check it with such a source.
  for (const { field, page } of work) {
    const g = pageGeometry(page);
    const box = clampBox(field, g);
    if (box === null) continue;

    if (field.kind === "text") {
      const raw = input.texts[field.key];
      if (typeof raw !== "string" || raw.trim() === "") continue;
      if (font === null) {
        doc.registerFontkit(await loadVisualOrderFontkit());
        font = await doc.embedFont(await loadFontBytes(), { subset: true });
        fontSet = new Set(font.getCharacterSet());
      }
      drawText(page, g, box, raw.slice(0, MAX_TEXT_CHARS), font, fontSet ?? new Set());
    } else if (field.kind === "signature") {
      const png = input.signatures[field.key];
      if (!(png instanceof Uint8Array) || png.byteLength === 0) continue;
      let image = images.get(png);
      if (image === undefined) {
        image = await doc.embedPng(png);
        images.set(png, image);
      }
      drawSignature(page, g, box, image);
    }
  }

  return doc.save({ useObjectStreams: true });
}

/** The field's box in displayed points, clipped to the page; null when nothing of it is left. */
function clampBox(field: SignedPdfField, g: PageGeometry): Box | null {
  const x0 = Math.min(Math.max(field.x, 0), 1);
  const y0 = Math.min(Math.max(field.y, 0), 1);
  const x1 = Math.min(Math.max(field.x + field.w, 0), 1);
  const y1 = Math.min(Math.max(field.y + field.h, 0), 1);
  if (!(x1 > x0 && y1 > y0)) return null;
  const { width, height } = g.visual;
  return { u: x0 * width, v: y0 * height, w: (x1 - x0) * width, h: (y1 - y0) * height };
}

function drawText(
  page: PDFPage,
  g: PageGeometry,
  box: Box,
  text: string,
  font: PDFFont,
  set: Set<number>,
): void {
  const pad = Math.min(2, box.w * 0.05, box.h * 0.1);
  const inner = { u: box.u + pad, v: box.v + pad, w: box.w - 2 * pad, h: box.h - 2 * pad };
  const layout = layoutText(text, {
    measure: (s, size) => font.widthOfTextAtSize(s, size),
    supported: (cp) => set.has(cp),
    boxWidth: inner.w,
    boxHeight: inner.h,
  });
  const ascent = font.heightAtSize(layout.size, { descender: false });
  const full = font.heightAtSize(layout.size);
  const blockHeight = layout.lines.length * layout.lineHeight;
  // The block is centred vertically; each line's glyphs centred in its line height.
  const top = inner.v + Math.max(0, (inner.h - blockHeight) / 2);
  layout.lines.forEach((line, i) => {
    if (line.visual === "") return;
    const baselineV = top + i * layout.lineHeight + (layout.lineHeight - full) / 2 + ascent;
    const u = line.rtl ? inner.u + inner.w - line.width : inner.u;
    const origin = visualToUser(g, u, baselineV);
    page.drawText(line.visual, {
      x: origin.x,
      y: origin.y,
      size: layout.size,
      font,
      color: TEXT_COLOR,
      rotate: degrees(g.rotation),
    });
  });
}

function drawSignature(page: PDFPage, g: PageGeometry, box: Box, image: PDFImage): void {
  const scale = Math.min(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const u = box.u + (box.w - w) / 2;
  const v = box.v + (box.h - h) / 2;
  // pdf-lib places an image by its bottom-left corner and rotates it about that corner.
  const corner = visualToUser(g, u, v + h);
  page.drawImage(image, { x: corner.x, y: corner.y, width: w, height: h, rotate: degrees(g.rotation) });
}
