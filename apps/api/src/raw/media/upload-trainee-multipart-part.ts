import { MultipartPartSchema, TraineeMultipartPartQuery } from "@studio/contracts";
import { uploadTraineeMultipartPart } from "@studio/domain";
import { traineeRawHandler, type RawRoute } from "../raw-route";
import { partRequestBody, readPartUpload } from "./part-upload";

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
  requestBody: partRequestBody,
  output: MultipartPartSchema,
  errorResponses: {
    404: "the key is not the trainee's own or the uploadId is not an open upload of it (upload not found)",
  },
  handler: traineeRawHandler(200, async (ctx, scope, c) =>
    uploadTraineeMultipartPart(ctx.db, scope, await readPartUpload(c, TraineeMultipartPartQuery)),
  ),
};
