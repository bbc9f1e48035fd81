import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { SigningSubmit, SigningSubmitResult } from "@studio/contracts";
import { formAssignments, type Db } from "@studio/db";
import { serializeError } from "@studio/observability";
import { AppError, validation } from "../errors";
import { completeFormAssignment } from "../forms/complete-form-assignment";
import { validateAnswers } from "../forms/validate-answers";
import { callStorage, storageOf } from "../media/object-storage";
import type { TraineeScope } from "../scope";
import { loadSigningLink, signingLinkNotFound, type SigningLink } from "./signing-link";
import type { SigningScope } from "./signing-scope";
import { boxedFields, readSourceDocument } from "./source-document";

export interface SubmitSigningInput extends SigningSubmit {
  token: string;
  /** The visitor (audit): address as the lane resolved it, and the User-Agent header. */
  visitor: { ip: string | null; userAgent: string | null };
}

/** What a signature field stores as its answer (the image itself is in the signed PDF). */
export const SIGNATURE_ANSWER = "signed";
/** Longest User-Agent kept in the audit. */
const USER_AGENT_MAX = 512;

/** A link that is not pending is refused: CONFLICT with details.reason ALREADY_SIGNED or LINK_CANCELED. */
function refuseUnlessPending(link: SigningLink): void {
  if (link.status === "signed")
    throw new AppError("CONFLICT", "the document is already signed", { reason: "ALREADY_SIGNED" });
  if (link.status === "canceled")
    throw new AppError("CONFLICT", "the signing link was canceled", { reason: "LINK_CANCELED" });
}

const isBlank = (value: string) => value.trim() === "";

/**
 * `POST /v1/public/sign/:token` (document 3 "Document signing"), steps in order: refuse a link
 * already signed or canceled (CONFLICT ALREADY_SIGNED / LINK_CANCELED); refuse keys that are not
 * the document's trainee-filled fields of that kind (VALIDATION COACH_FIELD / UNKNOWN_FIELD,
 * details.fields); decode and check each signature image (VALIDATION with the image's reason and
 * details.field); validate the answers like the trainee app (validateAnswers: required fields
 * included, a signature answered by its image); render the signed PDF from the frozen source and
 * store it under signed-documents/<studioId>/<assignmentId>/<random>.pdf; then, in one
 * transaction under the assignment's row lock (concurrent submits: one wins, the others are
 * refused as above), complete the assignment like an app submit with the signed PDF's
 * documentUrl (FORM_FILLED jobs enqueued) and save the signing audit (time, IP, user agent, the
 * trainee's phone, SHA-256 of the signed PDF) and signed_document_key. When a step after the
 * upload fails, the upload is deleted.
 */
export async function submitSigning(
  db: Db,
  scope: SigningScope,
  input: SubmitSigningInput,
): Promise<SigningSubmitResult> {
  const link = await loadSigningLink(db, input.token);
  refuseUnlessPending(link);

  const fields = link.frozen.fields;
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const coachKeys: string[] = [];
  const unknownKeys: string[] = [];
  const check = (key: string, kind: "text" | "signature") => {
    const field = byKey.get(key);
    if (field && field.filledBy === "coach") coachKeys.push(key);
    else if (!field || field.kind !== kind) unknownKeys.push(key);
  };
  for (const key of Object.keys(input.values)) check(key, "text");
  for (const key of Object.keys(input.signatures)) check(key, "signature");
  if (coachKeys.length > 0)
    throw validation(`fields filled by the coach cannot be sent: ${coachKeys.join(", ")}`, {
      reason: "COACH_FIELD",
      fields: coachKeys,
    });
  if (unknownKeys.length > 0)
    throw validation(`not fields of this document: ${unknownKeys.join(", ")}`, {
      reason: "UNKNOWN_FIELD",
      fields: unknownKeys,
    });

  const images: Record<string, Uint8Array> = {};
  for (const [key, dataUrl] of Object.entries(input.signatures)) {
    if (isBlank(dataUrl)) continue;
    const checked = scope.documents.checkSignaturePng(dataUrl);
    if (!checked.ok)
      throw validation(`signature ${key}: ${checked.reason}`, { reason: checked.reason, field: key });
    images[key] = checked.png;
  }

  const validated = validateAnswers(fields, {
    ...input.values,
    ...Object.fromEntries(Object.keys(images).map((key) => [key, SIGNATURE_ANSWER])),
  });

  const source = await readSourceDocument(scope, link);
  const texts: Record<string, string> = { ...link.prefill };
  for (const field of fields)
    if (field.kind === "text" && typeof validated.answers[field.key] === "string")
      texts[field.key] = validated.answers[field.key] as string;
  let signed: Uint8Array;
  try {
    signed = await scope.documents.renderSignedPdf({
      source: source.bytes,
      fields: boxedFields(fields).map(({ key, kind, page, x, y, w, h }) => ({ key, kind, page, x, y, w, h })),
      texts,
      signatures: images,
    });
  } catch (error) {
    scope.logger.error("signed document render failed", { err: serializeError(error) });
    throw new AppError("INTERNAL", "the signed document could not be rendered");
  }
  const documentSha256 = createHash("sha256").update(signed).digest("hex");

  const storage = storageOf(scope);
  const key = `signed-documents/${link.studioId}/${link.assignmentId}/${randomBytes(16).toString("hex")}.pdf`;
  await callStorage(scope, "putObject", () =>
    storage.putObject({ key, body: signed, contentType: "application/pdf" }),
  );
  const documentUrl = storage.publicUrl(key);

  const studioScope: TraineeScope = {
    ...scope,
    studioId: link.studioId,
    actor: { kind: "trainee", clientId: link.clientId, preview: false },
  };
  try {
    await db.transaction(async (tx) => {
      const locked = await loadSigningLink(tx, input.token, { lock: true });
      if (locked.assignmentId !== link.assignmentId) throw signingLinkNotFound();
      refuseUnlessPending(locked);
      await completeFormAssignment(tx, studioScope, {
        assignment: { id: link.assignmentId, formId: link.formId, clientId: link.clientId },
        formType: link.formType,
        validated,
        documentUrl,
      });
      await tx
        .update(formAssignments)
        .set({
          signingAudit: {
            signedAt: scope.now.toISOString(),
            ip: input.visitor.ip,
            userAgent: input.visitor.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
            phone: link.clientPhone,
            documentSha256,
          },
          signedDocumentKey: key,
        })
        .where(and(eq(formAssignments.id, link.assignmentId), eq(formAssignments.studioId, link.studioId)));
    });
  } catch (error) {
    try {
      await storage.deleteObject(key);
    } catch (cleanup) {
      scope.logger.error("signed document cleanup failed", { err: serializeError(cleanup) });
    }
    throw error;
  }
  return { status: "signed", signedAt: scope.now.toISOString() };
}
