import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  SIGNING_DEFAULT_COLORS,
  SIGNING_TOKEN_PATTERN,
  type FormField,
  type SigningStatus,
} from "@studio/contracts";
import { clients, formAssignments, forms, studios, type DbOrTx } from "@studio/db";
import { serializeError } from "@studio/observability";
import { AppError } from "../errors";
import { signingTokenHash } from "../forms/assign-form";
import { frozenSchemaOf, type FrozenFormSchema } from "../forms/form-assignment-record";
import { isStudioMediaKey } from "../media/media-keys";
import { storageOf } from "../media/object-storage";
import type { ObjectStorage } from "../ports";
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

/** The one answer for every miss (malformed or unknown token, archived studio, deleted trainee). */
export const signingLinkNotFound = () => new AppError("NOT_FOUND", "signing link not found");

export interface SigningLink {
  assignmentId: string;
  studioId: string;
  formId: string;
  clientId: string;
  formType: string;
  status: SigningStatus;
  signedAt: Date | null;
  frozen: FrozenFormSchema;
  prefill: Record<string, string>;
  signedDocumentKey: string | null;
  clientPhone: string;
  studioName: string;
  studioSettings: Record<string, unknown>;
}

/**
 * The link's status (document 3 state table "Document link"): signed once submitted; canceled
 * when the assignment is no longer pending, its form was deactivated or lost its document;
 * pending otherwise.
 */
export function signingStatusOf(row: {
  status: string;
  formActive: boolean;
  formDocumentUrl: string | null;
  frozenDocumentUrl: string | null;
}): SigningStatus {
  if (row.status === "SUBMITTED") return "signed";
  if (row.status !== "PENDING") return "canceled";
  if (!row.formActive || !row.formDocumentUrl || !row.frozenDocumentUrl) return "canceled";
  return "pending";
}

/** The SHA-256 (hex) of a path token as sent (malformed ones too): the throttles' link key. */
export const signingLinkKey = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * The link of a token, or NOT_FOUND: a malformed token, no assignment with this token's hash, an
 * archived studio, a deleted trainee, or a form that is not a document to sign all answer alike.
 * With `lock`, the assignment row is locked for the caller's transaction.
 */
export async function loadSigningLink(
  db: DbOrTx,
  token: string,
  options: { lock?: boolean } = {},
): Promise<SigningLink> {
  if (!SIGNING_TOKEN_PATTERN.test(token)) throw signingLinkNotFound();
  let query = db
    .select({
      assignment: formAssignments,
      formType: forms.type,
      formActive: forms.isActive,
      formDocumentUrl: forms.documentUrl,
      clientPhone: clients.phone,
      clientDeletedAt: clients.deletedAt,
      studioName: studios.name,
      studioSettings: studios.settings,
      studioArchivedAt: studios.archivedAt,
    })
    .from(formAssignments)
    // Every join stays inside the assignment's studio: the token never reaches another's data.
    .innerJoin(forms, and(eq(forms.id, formAssignments.formId), eq(forms.studioId, formAssignments.studioId)))
    .innerJoin(
      clients,
      and(eq(clients.id, formAssignments.clientId), eq(clients.studioId, formAssignments.studioId)),
    )
    .innerJoin(studios, eq(studios.id, formAssignments.studioId))
    .where(eq(formAssignments.tokenHash, signingTokenHash(token)))
    .limit(1)
    .$dynamic();
  if (options.lock) query = query.for("update", { of: formAssignments });
  const [row] = await query;
  if (
    !row ||
    row.studioArchivedAt !== null ||
    row.clientDeletedAt !== null ||
    row.formType !== "PDF_SIGNATURE"
  )
    throw signingLinkNotFound();
  const { assignment } = row;
  const frozen = frozenSchemaOf(assignment.frozenSchema);
  return {
    assignmentId: assignment.id,
    studioId: assignment.studioId,
    formId: assignment.formId,
    clientId: assignment.clientId,
    formType: row.formType,
    status: signingStatusOf({
      status: assignment.status,
      formActive: row.formActive,
      formDocumentUrl: row.formDocumentUrl,
      frozenDocumentUrl: frozen.documentUrl,
    }),
    signedAt: assignment.status === "SUBMITTED" ? assignment.submittedAt : null,
    frozen,
    prefill: (assignment.prefill ?? {}) as Record<string, string>,
    signedDocumentKey: assignment.signedDocumentKey,
    clientPhone: row.clientPhone,
    studioName: row.studioName,
    studioSettings: (row.studioSettings ?? {}) as Record<string, unknown>,
  };
}

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

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const hex6 = (value: unknown, fallback: string): string => {
  if (typeof value !== "string" || !HEX.test(value)) return fallback;
  const v = value.toLowerCase();
  return v.length === 4 ? `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}` : v;
};

/**
 * The page's branding, and nothing else of the studio: its name, the settings' branding logo URL
 * (null without one) and primary and secondary colours as #rrggbb (defaults without them).
 */
export function brandingOf(link: SigningLink) {
  const branding = link.studioSettings.branding;
  const b = (typeof branding === "object" && branding !== null ? branding : {}) as Record<string, unknown>;
  return {
    studioName: link.studioName,
    logoUrl: typeof b.logoUrl === "string" && b.logoUrl !== "" ? b.logoUrl : null,
    primaryColor: hex6(b.primaryColor, SIGNING_DEFAULT_COLORS.primaryColor),
    secondaryColor: hex6(b.secondaryColor, SIGNING_DEFAULT_COLORS.secondaryColor),
  };
}
