import { SigningTokenParams } from "@studio/contracts";
import { getSignedDocument } from "@studio/domain";
import { z } from "zod";
import type { RawRoute } from "../raw-route";
import { signingRawHandler } from "./signing-handler";

/**
 * GET /v1/public/sign/{token}/signed: the signed PDF once the link is signed; 404 before and for
 * every miss. Shares the document throttle bucket (40 per link, 400 per IP, 600 s).
 */
export const getSignedDocumentRaw: RawRoute = {
  method: "GET",
  path: "/v1/public/sign/{token}/signed",
  file: "apps/api/src/raw/signing/get-signed-document.ts",
  domainFunction: "getSignedDocument",
  summary: "The signed document of a signed link (application/pdf)",
  tags: ["signing"],
  successStatus: 200,
  params: SigningTokenParams,
  output: z.string(),
  responseMediaType: "application/pdf",
  handler: signingRawHandler("document", (ctx, scope) =>
    getSignedDocument(ctx.db, scope, { token: ctx.token }),
  ),
};
