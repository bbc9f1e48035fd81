import type { SigningPage } from "@studio/contracts";
import type { Db } from "@studio/db";
import { brandingOf } from "./signing-branding";
import { loadSigningLink } from "./signing-link";
import type { SigningScope } from "./signing-scope";
import { boxedFields, readSourceDocument } from "./source-document";

/**
 * `GET /v1/public/sign/:token` (document 3 "Document signing"): the page a visitor signs on —
 * branding, page sizes (PDF points, rotation applied; read from the frozen source document),
 * the fields frozen at send time with the coach-filled values, the status and the signed time.
 * A canceled link answers its status with no pages (its document may be gone). Misses are
 * NOT_FOUND; an unreadable or non-PDF source is INTERNAL.
 */
export async function getSigningPage(
  db: Db,
  scope: SigningScope,
  input: { token: string },
): Promise<SigningPage> {
  const link = await loadSigningLink(db, input.token);
  const pages = link.status === "canceled" ? [] : (await readSourceDocument(scope, link)).pages;
  return {
    status: link.status,
    signedAt: link.signedAt?.toISOString() ?? null,
    branding: brandingOf(link),
    pages,
    fields: boxedFields(link.frozen.fields).map((f) => ({
      key: f.key,
      label: f.label,
      kind: f.kind,
      required: f.required,
      filledBy: f.filledBy,
      page: f.page,
      x: f.x,
      y: f.y,
      w: f.w,
      h: f.h,
      value: f.filledBy === "coach" ? (link.prefill[f.key] ?? null) : null,
    })),
  };
}
