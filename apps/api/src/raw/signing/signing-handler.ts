import type { Context } from "hono";
import type * as Documents from "@studio/documents";
import { checkSignaturePng } from "@studio/documents/signature-png";
import { AppError, signingLinkKey, type SigningDocuments, type SigningScope } from "@studio/domain";
import { serializeError } from "@studio/observability";
import type { RequestContext } from "../../context";
import type { AppEnv } from "../../hono-env";
import { writeError } from "../../rest/envelope";
import { mapError } from "../../rest/error-mapping";
import { rateLimited, throttleSigning, type SigningBucket } from "./signing-throttle";

// pdf-lib and fontkit are loaded at the first PDF a process reads or renders, not at start
// (about 0.4 s of every API process's start, issue 16).
let pdfModules: Promise<typeof Documents> | undefined;
const pdfWork = () => (pdfModules ??= import("@studio/documents"));

/** packages/documents does the PDF work of the signing page. */
export const signingDocuments: SigningDocuments = {
  checkSignaturePng,
  readPdfPages: async (source) => (await pdfWork()).readPdfPages(source),
  renderSignedPdf: async (input) => (await pdfWork()).renderSignedPdf(input),
};

/** The context a signing operation gets: the token, the visitor, the database. */
export type SigningCtx = RequestContext & {
  token: string;
  visitor: { ip: string | null; userAgent: string | null };
};

/**
 * The public signing page's handler shell (document 3 "Document signing"): the lane guard has run
 * (a request naming x-service-id is signed; its x-client-ip is the visitor address); this applies
 * the bucket's throttles per link and per visitor IP, builds the signing scope, runs the
 * operation and answers bare JSON or PDF bytes (a Uint8Array result; Cache-Control is set by the
 * headers middleware of app.ts); errors go through mapError into the signing
 * error body (rest/signing-body.ts).
 */
export function signingRawHandler(
  bucket: SigningBucket,
  run: (ctx: SigningCtx, scope: SigningScope, c: Context<AppEnv>) => Promise<unknown>,
): (c: Context<AppEnv>) => Promise<Response> {
  return async (c) => {
    const deps = c.get("deps");
    const requestId = c.get("requestId");
    try {
      const auth = c.get("auth");
      if (auth?.lane !== "public") throw new AppError("UNAUTHORIZED", "authentication required");
      const token = c.req.param("token") ?? "";
      const ip = auth.clientIp ?? "unknown";
      const throttled = await throttleSigning(deps, bucket, { link: signingLinkKey(token), ip });
      if (throttled) {
        c.header("retry-after", String(throttled.retryAfterSec));
        throw rateLimited();
      }
      const ctx: SigningCtx = {
        requestId,
        deps,
        db: deps.database.db,
        auth,
        token,
        visitor: { ip: auth.clientIp ?? null, userAgent: c.req.header("user-agent") ?? null },
      };
      const scope: SigningScope = {
        requestId,
        now: deps.now(),
        logger: deps.logger.child({ requestId }),
        jobs: deps.jobs,
        storage: deps.storage ?? null,
        appWebUrl: deps.config.appWebUrl,
        documents: signingDocuments,
      };
      const result = await run(ctx, scope, c);
      if (result instanceof Uint8Array)
        return new Response(result, {
          status: 200,
          headers: { "content-type": "application/pdf", "content-length": String(result.byteLength) },
        });
      return c.json(result as object, 200);
    } catch (error) {
      const mapped = mapError(error);
      if (mapped.unexpected) deps.logger.error("request failed", { requestId, err: serializeError(error) });
      return writeError(c, mapped, "signing");
    }
  };
}
