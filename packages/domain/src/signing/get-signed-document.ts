import type { Db } from "@studio/db";
import { serializeError } from "@studio/observability";
import { AppError } from "../errors";
import { storageOf } from "../media/object-storage";
import { loadSigningLink, signingLinkNotFound } from "./signing-link";
import type { SigningScope } from "./signing-scope";

/**
 * `GET /v1/public/sign/:token/signed`: the signed PDF once the link is signed; NOT_FOUND before
 * (and for every miss). INTERNAL when the stored signed document cannot be read.
 */
export async function getSignedDocument(
  db: Db,
  scope: SigningScope,
  input: { token: string },
): Promise<Uint8Array> {
  const link = await loadSigningLink(db, input.token);
  if (link.status !== "signed" || !link.signedDocumentKey) throw signingLinkNotFound();
  let bytes: Uint8Array | null;
  try {
    bytes = await storageOf(scope).getObject(link.signedDocumentKey);
  } catch (error) {
    scope.logger.error("signed document read failed", { err: serializeError(error) });
    bytes = null;
  }
  if (!bytes) throw new AppError("INTERNAL", "the signed document cannot be read");
  return bytes;
}
