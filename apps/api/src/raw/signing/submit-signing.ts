import {
  SIGNING_LIMITS,
  SigningSubmitInput,
  SigningSubmitResultSchema,
  SigningTokenParams,
} from "@studio/contracts";
import { AppError, parseDomainInput, submitSigning } from "@studio/domain";
import { readRawBody } from "../../http/raw-body";
import type { RawRoute } from "../raw-route";
import { signingRawHandler } from "./signing-handler";

/**
 * POST /v1/public/sign/{token}: signs the document (JSON body at most 4 MB; submit throttle: 8
 * per link, 60 per IP, 600 s). The body must be a JSON object (BAD_REQUEST), then the schema
 * (VALIDATION), then the steps of submitSigning.
 */
export const submitSigningRaw: RawRoute = {
  method: "POST",
  path: "/v1/public/sign/{token}",
  file: "apps/api/src/raw/signing/submit-signing.ts",
  domainFunction: "submitSigning",
  summary: "Sign the document of a signing link (text values and signature images)",
  tags: ["signing"],
  successStatus: 200,
  params: SigningTokenParams,
  requestBody: {
    contentType: "application/json",
    description: "values and signatures, at most 4 MB (4,194,304 bytes)",
    maxBytes: () => SIGNING_LIMITS.bodyBytes,
    schema: SigningSubmitInput,
  },
  output: SigningSubmitResultSchema,
  errorResponses: {
    409: "the link is already signed (code ALREADY_SIGNED) or canceled (code LINK_CANCELED)",
    422: "a key is not a trainee-filled field of the document (UNKNOWN_FIELD, COACH_FIELD), a signature image is refused (NOT_PNG_DATA_URL, DATA_URL_TOO_LONG, PNG_TOO_LARGE, PNG_TOO_WIDE, PNG_TOO_MANY_PIXELS, PNG_INVALID), or the answers fail the form's validation (VALIDATION, details.issues)",
    500: "the stored source document cannot be read or is not a PDF (code INTERNAL)",
  },
  handler: signingRawHandler("submit", async (ctx, scope, c) => {
    const text = new TextDecoder().decode(await readRawBody(c));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError("BAD_REQUEST", "malformed JSON body");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new AppError("BAD_REQUEST", "the body must be a JSON object");
    const input = parseDomainInput(SigningSubmitInput, body);
    return submitSigning(ctx.db, scope, { ...input, token: ctx.token, visitor: ctx.visitor });
  }),
};
