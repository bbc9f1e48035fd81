import { SigningPageSchema, SigningTokenParams } from "@studio/contracts";
import { getSigningPage } from "@studio/domain";
import type { RawRoute } from "../raw-route";
import { signingRawHandler } from "./signing-handler";

/** GET /v1/public/sign/{token}: the signing page (view throttle: 60 per link, 600 per IP, 600 s). */
export const getSigningPageRaw: RawRoute = {
  method: "GET",
  path: "/v1/public/sign/{token}",
  file: "apps/api/src/raw/signing/get-signing-page.ts",
  domainFunction: "getSigningPage",
  summary:
    "The signing page of a document link: branding, page sizes, frozen fields with coach-filled values, status",
  tags: ["signing"],
  successStatus: 200,
  params: SigningTokenParams,
  output: SigningPageSchema,
  errorResponses: {
    500: "the stored source document cannot be read or is not a PDF (code INTERNAL)",
  },
  handler: signingRawHandler("view", (ctx, scope) => getSigningPage(ctx.db, scope, { token: ctx.token })),
};
