import { PDFDocument, type PDFPage } from "pdf-lib";

/** A page as the visitor sees it: PDF points, rotation applied (a 90/270-rotated page swaps them). */
export interface PdfPageSize {
  width: number;
  height: number;
}

/**
 * The visible area of a page (crop box within the media box, as viewers show it) and its
 * /Rotate normalised to 0, 90, 180 or 270 (clockwise on display, as the PDF format defines it).
 */
export interface PageGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  /** Width and height as displayed. */
  visual: PdfPageSize;
}

export function pageGeometry(page: PDFPage): PageGeometry {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  // Viewers show the intersection of the two boxes; a crop box outside the media box is ignored.
  let x0 = Math.max(Math.min(media.x, media.x + media.width), Math.min(crop.x, crop.x + crop.width));
  let y0 = Math.max(Math.min(media.y, media.y + media.height), Math.min(crop.y, crop.y + crop.height));
  let x1 = Math.min(Math.max(media.x, media.x + media.width), Math.max(crop.x, crop.x + crop.width));
  let y1 = Math.min(Math.max(media.y, media.y + media.height), Math.max(crop.y, crop.y + crop.height));
  if (!(x1 > x0 && y1 > y0)) {
    x0 = Math.min(media.x, media.x + media.width);
    y0 = Math.min(media.y, media.y + media.height);
    x1 = Math.max(media.x, media.x + media.width);
    y1 = Math.max(media.y, media.y + media.height);
  }
  const width = x1 - x0;
  const height = y1 - y0;
  const rotation = normaliseRotation(page.getRotation().angle);
  const swapped = rotation === 90 || rotation === 270;
  return {
    x: x0,
    y: y0,
    width,
    height,
    rotation,
    visual: swapped ? { width: height, height: width } : { width, height },
  };
}

/** Like pdf.js: a /Rotate that is not a multiple of 90 counts as 0. */
function normaliseRotation(angle: number): 0 | 90 | 180 | 270 {
  if (!Number.isFinite(angle) || angle % 90 !== 0) return 0;
  const r = ((angle % 360) + 360) % 360;
  return r as 0 | 90 | 180 | 270;
}

/**
 * Maps a point given on the page as displayed (u to the right, v down, from the top-left
 * corner, in points) to the page's unrotated user space.
 */
export function visualToUser(g: PageGeometry, u: number, v: number): { x: number; y: number } {
  switch (g.rotation) {
    case 0:
      return { x: g.x + u, y: g.y + g.height - v };
    case 90:
      return { x: g.x + v, y: g.y + u };
    case 180:
      return { x: g.x + g.width - u, y: g.y + v };
    case 270:
      return { x: g.x + g.width - v, y: g.y + g.height - u };
  }
}

const PDF_MAGIC = "%PDF-";

/** True when the bytes carry a PDF header within the first KB (where readers look for it). */
export function looksLikePdf(source: Uint8Array): boolean {
  const head = Buffer.from(source.buffer, source.byteOffset, Math.min(source.byteLength, 1024));
  return head.toString("latin1").includes(PDF_MAGIC);
}

/** Loads a PDF for reading or drawing; throws on anything unreadable, encrypted included. */
export async function loadPdf(source: Uint8Array): Promise<PDFDocument> {
  if (!looksLikePdf(source)) throw new Error("not a PDF");
  return PDFDocument.load(source, { ignoreEncryption: false, updateMetadata: false });
}

/** The displayed size of every page, or null for bytes that are not a readable, unencrypted PDF. */
export async function readPdfPages(source: Uint8Array): Promise<PdfPageSize[] | null> {
  try {
    const doc = await loadPdf(source);
    const pages = doc.getPages();
    if (pages.length === 0) return null;
    const sizes = pages.map((page) => pageGeometry(page).visual);
    const valid = sizes.every(
      (s) => Number.isFinite(s.width) && Number.isFinite(s.height) && s.width > 0 && s.height > 0,
    );
    return valid ? sizes : null;
  } catch {
    return null;
  }
}
