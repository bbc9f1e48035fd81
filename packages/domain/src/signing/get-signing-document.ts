import type { Db } from "@studio/db";
import { loadSigningLink, signingLinkNotFound } from "./signing-link";
import type { SigningScope } from "./signing-scope";
import { readSourceDocument } from "./source-document";

/**
 * `GET /v1/public/sign/:token/document`: the source document frozen at send time (PDF bytes).
 * NOT_FOUND for a miss or a canceled link; INTERNAL when the stored document cannot be read or
 * is not a PDF.
 */
export async function getSigningDocument(
  db: Db,
  scope: SigningScope,
  input: { token: string },
): Promise<Uint8Array> {
  const link = await loadSigningLink(db, input.token);
  if (link.status === "canceled") throw signingLinkNotFound();
  return (await readSourceDocument(scope, link)).bytes;
}
