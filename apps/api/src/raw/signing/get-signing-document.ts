import { SigningTokenParams } from "@studio/contracts";
import { getSigningDocument } from "@studio/domain";
import { z } from "zod";
import type { RawRoute } from "../raw-route";
import { signingRawHandler } from "./signing-handler";

/**
 * GET /v1/public/sign/{token}/document: the source PDF frozen at send time (document throttle,
 * shared with /signed: 40 per link, 400 per IP, 600 s). 404 for a miss or a canceled link.
 */
export const getSigningDocumentRaw: RawRoute = {
  method: "GET",
  path: "/v1/public/sign/{token}/document",
  file: "apps/api/src/raw/signing/get-signing-document.ts",
  domainFunction: "getSigningDocument",
  summary: "The source document of a signing link (application/pdf)",
  tags: ["signing"],
  successStatus: 200,
  params: SigningTokenParams,
  output: z.string(),
  responseMediaType: "application/pdf",
  errorResponses: {
    500: "the stored source document cannot be read or is not a PDF (code INTERNAL)",
  },
  handler: signingRawHandler("document", (ctx, scope) =>
    getSigningDocument(ctx.db, scope, { token: ctx.token }),
  ),
};
