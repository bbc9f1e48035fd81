import { z } from "zod";
import { boundedInt, boundedString } from "./bounded";

// Document 2 "Media upload" and "Limits"; decisions.md names the inline body's fields
// (media, contentType, variant, scope, name).

/** Content types accepted on every media route and lane. */
export const MEDIA_CONTENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "application/pdf",
  "video/mp4",
  "video/quicktime",
  "video/webm",
] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];

/** Where an upload is used; each studio has one key prefix per scope. */
export const MEDIA_SCOPES = ["content", "exercises", "forms", "plans"] as const;
export type MediaScope = (typeof MEDIA_SCOPES)[number];

export const MEDIA_VARIANTS = ["auto-thumbnail"] as const;

const MiB = 1024 * 1024;

/** Document 2 "Limits" (24mb and 12mb are the body-parser units: MiB). */
export const MEDIA_LIMITS = {
  /** Inline media, decoded. */
  inlineMaxBytes: 99_000_000,
  /** A PDF under the plans scope (inline). */
  planPdfMaxBytes: 30 * MiB,
  /** The inline JSON body (POST /v1/web/content/media); over it: BAD_REQUEST 413. */
  inlineBodyBytes: 24 * MiB,
  /** One multipart part body; over it: BAD_REQUEST 413. */
  partBodyBytes: 12 * MiB,
  /** S3 rule: every part except the last. */
  minPartBytes: 5 * MiB,
  maxPartNumber: 10_000,
  maxCompleteParts: 256,
  /** Presigned PUT URL lifetime. */
  presignedPutSeconds: 600,
  keyMaxChars: 512,
  uploadIdMaxChars: 1024,
  etagMaxChars: 256,
  /**
   * Longest `media` string the contract takes: base64 of 99,000,000 bytes is 132,000,000
   * characters; the margin leaves room for a data URL prefix and line breaks, so every
   * base64 payload between the limit and this length answers "media is too large".
   */
  inlineMediaMaxChars: 140_000_000,
} as const;

/**
 * A content type: any string on the wire (so an unknown one answers VALIDATION "unsupported
 * type", the spec's message), documented as the accepted list.
 */
const contentType = () =>
  boundedString(255, { min: 1 }).meta({
    enum: [...MEDIA_CONTENT_TYPES],
    description: `One of ${MEDIA_CONTENT_TYPES.join(", ")}; another answers VALIDATION unsupported type.`,
  });
const variant = () =>
  z.enum(MEDIA_VARIANTS).optional().describe("auto-thumbnail prefixes the stored file name with auto-thumb-");
const scope = () =>
  z.enum(MEDIA_SCOPES).default("content").describe("plans accepts application/pdf only (at most 30 MiB)");
/** Accepted and unused (document 2). */
const name = () => boundedString(255).nullable().optional().describe("accepted and unused");
const mediaKey = () =>
  boundedString(MEDIA_LIMITS.keyMaxChars, { min: 1 }).describe(
    "the key answered by media-upload/start: under one of the studio's scope prefixes",
  );
const uploadId = () => boundedString(MEDIA_LIMITS.uploadIdMaxChars, { min: 1 });

/** POST /v1/web/content/media */
export const InlineMediaInput = z.object({
  // The pattern documents the format; the domain checks it with document 2's messages.
  media: boundedString(MEDIA_LIMITS.inlineMediaMaxChars)
    .meta({ pattern: "^(data:[^,]*;base64,)?[A-Za-z0-9+/=_\\s-]*$" })
    .describe("base64 bytes, raw or as a data URL (data:<type>;base64,…); at most 99,000,000 bytes decoded"),
  contentType: contentType(),
  variant: variant(),
  scope: scope(),
  name: name(),
});
export type InlineMediaInput = z.infer<typeof InlineMediaInput>;

/** POST /v1/web/content/media-url (always under the content scope). */
export const MediaUploadUrlInput = z.object({
  contentType: contentType().describe("the later PUT must send this Content-Type"),
  variant: variant(),
  name: name(),
});
export type MediaUploadUrlInput = z.infer<typeof MediaUploadUrlInput>;

/** POST /v1/web/content/media-upload/start */
export const MultipartStartInput = z.object({
  contentType: contentType(),
  variant: variant(),
  scope: scope(),
  name: name(),
});
export type MultipartStartInput = z.infer<typeof MultipartStartInput>;

/**
 * The inputs of a multipart upload's part (the query: the body is the part's raw bytes), complete
 * and abort, over the key schema of a lane: the web lane's media-upload and the trainee lane's
 * uploads take the same fields and limits and differ only in the key they name.
 */
export const multipartInputsOf = <TKey extends z.ZodType>(key: () => TKey) => ({
  part: z.object({
    key: key(),
    uploadId: uploadId(),
    partNumber: z.coerce
      .number()
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(MEDIA_LIMITS.maxPartNumber, `must be at most ${MEDIA_LIMITS.maxPartNumber}`),
  }),
  complete: z.object({
    key: key(),
    uploadId: uploadId(),
    parts: z
      .array(
        z.object({
          partNumber: boundedInt(1, MEDIA_LIMITS.maxPartNumber),
          etag: boundedString(MEDIA_LIMITS.etagMaxChars, { min: 1 }),
        }),
      )
      .min(1, "must list at least 1 part")
      .max(MEDIA_LIMITS.maxCompleteParts, `must list at most ${MEDIA_LIMITS.maxCompleteParts} parts`),
  }),
  abort: z.object({ key: key(), uploadId: uploadId() }),
});
const mediaMultipart = multipartInputsOf(mediaKey);

/** POST /v1/web/content/media-upload/part: the query (the body is the part's raw bytes). */
export const MultipartPartQuery = mediaMultipart.part;
export type MultipartPartQuery = z.infer<typeof MultipartPartQuery>;

/** What the domain's part upload takes: the parsed query plus the bytes. */
export type MultipartPartInput = MultipartPartQuery & { body: Uint8Array };

/** POST /v1/web/content/media-upload/complete */
export const MultipartCompleteInput = mediaMultipart.complete;
export type MultipartCompleteInput = z.infer<typeof MultipartCompleteInput>;

/** POST /v1/web/content/media-upload/abort */
export const MultipartAbortInput = mediaMultipart.abort;
export type MultipartAbortInput = z.infer<typeof MultipartAbortInput>;

/** A stored object's public URL (inline upload, multipart complete). */
export const MediaUrlSchema = z
  .object({ url: z.string().describe("public URL of the stored object") })
  .meta({ id: "MediaUrl" });
export type MediaUrl = z.infer<typeof MediaUrlSchema>;

export const MediaUploadUrlSchema = z
  .object({
    uploadUrl: z
      .string()
      .describe("PUT the bytes here within 600 seconds, with the Content-Type given in the request"),
    url: z.string().describe("public URL of the object once uploaded"),
  })
  .meta({ id: "MediaUploadUrl" });
export type MediaUploadUrl = z.infer<typeof MediaUploadUrlSchema>;

export const MultipartStartSchema = z
  .object({ key: z.string(), uploadId: z.string() })
  .meta({ id: "MultipartUploadStarted" });
export type MultipartStart = z.infer<typeof MultipartStartSchema>;

export const MultipartPartSchema = z
  .object({ partNumber: z.number().int(), etag: z.string() })
  .meta({ id: "MultipartUploadPart" });
export type MultipartPart = z.infer<typeof MultipartPartSchema>;
