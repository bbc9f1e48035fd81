import { MultipartPartQuery, MultipartPartSchema } from "@studio/contracts";
import { AppError, parseDomainInput, uploadMultipartPart } from "@studio/domain";
import { readRawBody } from "../../http/raw-body";
import { mediaTypeOf, webRawHandler, type RawRoute } from "../raw-route";

/**
 * POST /v1/web/content/media-upload/part?key&uploadId&partNumber: one part's raw bytes
 * (application/octet-stream, at most 12 MB: MEDIA_PART_BODY_LIMIT_BYTES, BAD_REQUEST 413 above).
 * The service signature covers these bytes like any body. Checks in order: the caller (the web
 * scope), the Content-Type (BAD_REQUEST), the query (VALIDATION), then the domain's rules.
 */
export const uploadMultipartPartRaw: RawRoute = {
  method: "POST",
  path: "/v1/web/content/media-upload/part",
  file: "apps/api/src/raw/media/upload-multipart-part.ts",
  domainFunction: "uploadMultipartPart",
  summary: "Upload one part of a multipart upload (raw bytes, at most 12 MB)",
  tags: ["media"],
  successStatus: 200,
  query: MultipartPartQuery,
  requestBody: {
    contentType: "application/octet-stream",
    description:
      "The part's bytes, at most 12 MB (12,582,912 bytes); every part except the last must be at least 5 MiB (checked on complete).",
    maxBytes: (deps) => deps.config.mediaPartBodyLimitBytes,
  },
  output: MultipartPartSchema,
  errorResponses: { 404: "the uploadId is not an open upload of this key (upload not found)" },
  handler: webRawHandler(200, async (ctx, scope, c) => {
    if (mediaTypeOf(c.req.header("content-type")) !== "application/octet-stream")
      throw new AppError("BAD_REQUEST", "the part must be sent as application/octet-stream");
    const url = new URL(c.req.url);
    const query = parseDomainInput(MultipartPartQuery, Object.fromEntries(url.searchParams));
    const body = await readRawBody(c);
    return uploadMultipartPart(ctx.db, scope, { ...query, body });
  }),
};
