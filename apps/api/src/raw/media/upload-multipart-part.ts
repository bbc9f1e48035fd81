import { MultipartPartQuery, MultipartPartSchema } from "@studio/contracts";
import { uploadMultipartPart } from "@studio/domain";
import { webRawHandler, type RawRoute } from "../raw-route";
import { partRequestBody, readPartUpload } from "./part-upload";

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
  requestBody: partRequestBody,
  output: MultipartPartSchema,
  errorResponses: { 404: "the uploadId is not an open upload of this key (upload not found)" },
  handler: webRawHandler(200, async (ctx, scope, c) =>
    uploadMultipartPart(ctx.db, scope, await readPartUpload(c, MultipartPartQuery)),
  ),
};
