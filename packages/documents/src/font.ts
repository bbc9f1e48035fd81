import { readFile } from "node:fs/promises";
import type { PDFDocument } from "pdf-lib";
import { resolveDependencyFile } from "./runtime-require";

/**
 * DejaVu Sans (Bitstream Vera licence plus public-domain additions, see the dejavu-fonts-ttf
 * package's LICENSE) covers Hebrew, Latin, digits and common punctuation in one TTF. The file
 * is read at run time from the npm dependency, nothing is vendored: from this package while it
 * runs from source, and through the package when the API bundle (tsup) inlines this module.
 */
const FONT_FILE = "dejavu-fonts-ttf/ttf/DejaVuSans.ttf";

export function resolveFontPath(): string {
  return resolveDependencyFile(FONT_FILE);
}

let fontBytes: Promise<Uint8Array> | null = null;

/** The font file, read once per process. */
export function loadFontBytes(): Promise<Uint8Array> {
  if (fontBytes === null) {
    fontBytes = readFile(resolveFontPath()).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
    fontBytes.catch(() => {
      fontBytes = null;
    });
  }
  return fontBytes;
}

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];

interface LayoutFont {
  layout: (
    text: string,
    features?: unknown,
    script?: string,
    language?: string,
    direction?: string,
  ) => unknown;
}

/**
 * fontkit reverses the glyphs of any string whose first strong script is right-to-left. The
 * renderer hands pdf-lib strings already in visual order (Unicode bidi algorithm applied by
 * bidi-js), so every layout is forced left-to-right here; glyph substitution and positioning
 * for the script still run. fontkit is imported on the first render, not at start: loading it
 * was ~0.1-0.25 s of the API's time to healthy (issue 30, item 9).
 */
let visualOrder: Promise<Fontkit> | null = null;

export function loadVisualOrderFontkit(): Promise<Fontkit> {
  visualOrder ??= import("@pdf-lib/fontkit").then(({ default: fontkit }) => ({
    create(data: Uint8Array, postscriptName?: string) {
      const font = (fontkit as unknown as Fontkit).create(data, postscriptName) as unknown as LayoutFont;
      const layout = font.layout.bind(font);
      font.layout = (text, features) => layout(text, features, undefined, undefined, "ltr");
      return font as unknown as ReturnType<Fontkit["create"]>;
    },
  }));
  visualOrder.catch(() => {
    visualOrder = null;
  });
  return visualOrder;
}
