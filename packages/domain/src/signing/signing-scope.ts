// The scope of a public signing call and the PDF work it carries (packages/documents implements it).

import type { ScopeBase } from "../scope";

/** What a signature check answers (packages/documents checkSignaturePng). */
export type SignaturePngCheck =
  | { ok: true; png: Uint8Array; width: number; height: number }
  | {
      ok: false;
      reason:
        | "NOT_PNG_DATA_URL"
        | "DATA_URL_TOO_LONG"
        | "PNG_TOO_LARGE"
        | "PNG_TOO_WIDE"
        | "PNG_TOO_MANY_PIXELS"
        | "PNG_INVALID";
    };

/** The PDF work of the signing page (packages/documents implements it; the API passes it in). */
export interface SigningDocuments {
  checkSignaturePng(dataUrl: string): SignaturePngCheck;
  /** Page sizes in PDF points, rotation applied; null when the bytes are not a PDF. */
  readPdfPages(source: Uint8Array): Promise<{ width: number; height: number }[] | null>;
  renderSignedPdf(input: {
    source: Uint8Array;
    fields: {
      key: string;
      kind: "text" | "signature";
      page: number;
      x: number;
      y: number;
      w: number;
      h: number;
    }[];
    texts: Record<string, string>;
    signatures: Record<string, Uint8Array>;
  }): Promise<Uint8Array>;
}

/**
 * The scope of a public signing call: no studio and no actor until the token names them (the
 * token is the credential), plus the PDF work.
 */
export interface SigningScope extends ScopeBase {
  documents: SigningDocuments;
}
