// The frozen document a signing link signs: its bytes and page sizes from storage, and its
// boxed fields.

import type { FormField } from "@studio/contracts";
import { serializeError } from "@studio/observability";
import { AppError } from "../errors";
import { isStudioMediaKey } from "../media/media-keys";
import { storageOf } from "../media/object-storage";
import type { ObjectStorage } from "../ports";
import type { SigningLink } from "./signing-link";
import type { SigningScope } from "./signing-scope";

/** The object key of a URL built by `storage.publicUrl(key)`, or null for any other URL. */
export function storageKeyOfUrl(storage: ObjectStorage, url: string): string | null {
  const base = storage.publicUrl("");
  if (!url.startsWith(base)) return null;
  let key: string;
  try {
    key = url.slice(base.length).split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
  return key !== "" && storage.publicUrl(key) === url ? key : null;
}

const unreadable = () => new AppError("INTERNAL", "the signing document cannot be read");

/**
 * The frozen source document's bytes and page sizes. INTERNAL (500) when the URL is not an
 * object of the link's studio, the object is missing or unreadable, or it is not a PDF.
 */
export async function readSourceDocument(
  scope: SigningScope,
  link: SigningLink,
): Promise<{ bytes: Uint8Array; pages: { width: number; height: number }[] }> {
  const storage = storageOf(scope);
  const key = link.frozen.documentUrl ? storageKeyOfUrl(storage, link.frozen.documentUrl) : null;
  if (!key || !isStudioMediaKey(link.studioId, key)) throw unreadable();
  let bytes: Uint8Array | null;
  try {
    bytes = await storage.getObject(key);
  } catch (error) {
    scope.logger.error("signing document read failed", { err: serializeError(error) });
    throw unreadable();
  }
  if (!bytes) throw unreadable();
  let pages: { width: number; height: number }[] | null;
  try {
    pages = await scope.documents.readPdfPages(bytes);
  } catch {
    pages = null;
  }
  if (!pages || pages.length === 0) throw unreadable();
  return { bytes, pages };
}

/** The fields of a document to sign as frozen (text and signature fields with a box). */
export function boxedFields(fields: readonly FormField[]) {
  return fields.flatMap((f) =>
    (f.kind === "text" || f.kind === "signature") &&
    f.page !== null &&
    f.x !== null &&
    f.y !== null &&
    f.w !== null &&
    f.h !== null &&
    f.page !== undefined &&
    f.x !== undefined &&
    f.y !== undefined &&
    f.w !== undefined &&
    f.h !== undefined
      ? [{ ...f, kind: f.kind, page: f.page, x: f.x, y: f.y, w: f.w, h: f.h }]
      : [],
  );
}
