import { z } from "zod";
import { boundedInt, boundedString } from "./bounded";
import { MEDIA_LIMITS, multipartInputsOf } from "./media";

// Document 3 "POST /v1/trainee/photos: upload the image first through the uploads router";
// document 1 lists uploads among the trainee routers without the app-access guard.
// docs/decisions/storage-and-media.md "Trainee uploads".

/** What a trainee may upload: photos (including the iPhone's HEIC) and PDFs. */
export const TRAINEE_UPLOAD_CONTENT_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "application/pdf",
] as const;
export type TraineeUploadContentType = (typeof TRAINEE_UPLOAD_CONTENT_TYPES)[number];

const MiB = 1024 * 1024;
export const TRAINEE_UPLOAD_LIMITS = {
  /** One image, whole (single PUT or assembled parts). */
  imageMaxBytes: 20 * MiB,
  /** One PDF, whole. */
  pdfMaxBytes: 30 * MiB,
} as const;

const contentType = () =>
  boundedString(255, { min: 1 }).meta({
    enum: [...TRAINEE_UPLOAD_CONTENT_TYPES],
    description: `One of ${TRAINEE_UPLOAD_CONTENT_TYPES.join(", ")}; another answers VALIDATION unsupported type.`,
  });
const uploadKey = () =>
  boundedString(MEDIA_LIMITS.keyMaxChars, { min: 1 }).describe(
    "the key answered by uploads/start (under the trainee's own prefix; any other answers upload not found)",
  );

/** `POST /v1/trainee/uploads/url`: a presigned PUT for one file of exactly `size` bytes. */
export const TraineeUploadUrlInput = z.object({
  contentType: contentType().describe("the PUT must send this Content-Type"),
  size: boundedInt(1, TRAINEE_UPLOAD_LIMITS.pdfMaxBytes).describe(
    `the file's size in bytes; the PUT must send exactly this Content-Length (images at most ${TRAINEE_UPLOAD_LIMITS.imageMaxBytes}, PDFs at most ${TRAINEE_UPLOAD_LIMITS.pdfMaxBytes})`,
  ),
});
export type TraineeUploadUrlInput = z.infer<typeof TraineeUploadUrlInput>;

export const TraineeUploadUrlSchema = z
  .object({
    uploadUrl: z
      .string()
      .describe("PUT the bytes here within 600 seconds, with the Content-Type and Content-Length given"),
    url: z.string().describe("the file's URL once uploaded: what POST /v1/trainee/photos takes"),
    key: z.string(),
  })
  .meta({ id: "TraineeUploadUrl" });
export type TraineeUploadUrl = z.infer<typeof TraineeUploadUrlSchema>;

/** `POST /v1/trainee/uploads/start` */
export const TraineeMultipartStartInput = z.object({ contentType: contentType() });
export type TraineeMultipartStartInput = z.infer<typeof TraineeMultipartStartInput>;

const traineeMultipart = multipartInputsOf(uploadKey);

/** `POST /v1/trainee/uploads/part`: the query (the body is the part's raw bytes). */
export const TraineeMultipartPartQuery = traineeMultipart.part;
export type TraineeMultipartPartQuery = z.infer<typeof TraineeMultipartPartQuery>;

/** `POST /v1/trainee/uploads/complete` */
export const TraineeMultipartCompleteInput = traineeMultipart.complete;
export type TraineeMultipartCompleteInput = z.infer<typeof TraineeMultipartCompleteInput>;

/** `POST /v1/trainee/uploads/abort` */
export const TraineeMultipartAbortInput = traineeMultipart.abort;
export type TraineeMultipartAbortInput = z.infer<typeof TraineeMultipartAbortInput>;
