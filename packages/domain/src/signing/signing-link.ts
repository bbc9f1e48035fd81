// The link of a signing token (document 3 "Document signing"): what it names, its status, and
// the one NOT_FOUND for every miss.

import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { SIGNING_TOKEN_PATTERN, type SigningStatus } from "@studio/contracts";
import { clients, formAssignments, forms, studios, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import { signingTokenHash } from "../forms/assign-form";
import { frozenSchemaOf, type FrozenFormSchema } from "../forms/form-assignment-record";

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
