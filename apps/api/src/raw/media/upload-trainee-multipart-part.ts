import { MultipartPartSchema, TraineeMultipartPartQuery } from "@studio/contracts";
import { AppError, parseDomainInput, uploadTraineeMultipartPart } from "@studio/domain";
import { readRawBody } from "../../http/raw-body";
import { mediaTypeOf, traineeRawHandler, type RawRoute } from "../raw-route";

/**
 * POST /v1/trainee/uploads/part?key&uploadId&partNumber: one part's raw bytes
 * (application/octet-stream, at most 12 MB: MEDIA_PART_BODY_LIMIT_BYTES, BAD_REQUEST 413 above),
 * trainee token, no app-access guard, previews refused by the lane guard. Checks in order: the
 * Content-Type (BAD_REQUEST), the query (VALIDATION), then the domain's rules (another trainee's
 * or studio's key: upload not found).
 */
export const uploadTraineeMultipartPartRaw: RawRoute = {
  method: "POST",
  path: "/v1/trainee/uploads/part",
  file: "apps/api/src/raw/media/upload-trainee-multipart-part.ts",
  domainFunction: "uploadTraineeMultipartPart",
  summary: "Upload one part of a trainee multipart upload (raw bytes, at most 12 MB)",
  tags: ["uploads"],
  successStatus: 200,
  query: TraineeMultipartPartQuery,
  requestBody: {
    contentType: "application/octet-stream",
    description:
      "The part's bytes, at most 12 MB (12,582,912 bytes); every part except the last must be at least 5 MiB (checked on complete).",
    maxBytes: (deps) => deps.config.mediaPartBodyLimitBytes,
  },
  output: MultipartPartSchema,
  errorResponses: {
    404: "the key is not the trainee's own or the uploadId is not an open upload of it (upload not found)",
  },
  handler: traineeRawHandler(200, async (ctx, scope, c) => {
    if (mediaTypeOf(c.req.header("content-type")) !== "application/octet-stream")
      throw new AppError("BAD_REQUEST", "the part must be sent as application/octet-stream");
    const url = new URL(c.req.url);
    const query = parseDomainInput(TraineeMultipartPartQuery, Object.fromEntries(url.searchParams));
    const body = await readRawBody(c);
    return uploadTraineeMultipartPart(ctx.db, scope, { ...query, body });
  }),
};
