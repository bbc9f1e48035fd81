import { MEDIA_CONTENT_TYPES, type MediaContentType } from "@studio/contracts";
import { validation } from "../errors";

/** File extension of each accepted content type (the stored object's name ends with it). */
export const MEDIA_EXTENSIONS: Record<MediaContentType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/pdf": "pdf",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
};

const ACCEPTED: ReadonlySet<string> = new Set(MEDIA_CONTENT_TYPES);

export const isMediaContentType = (value: string): value is MediaContentType => ACCEPTED.has(value);

/** The content type as given, or VALIDATION "unsupported type" (document 2's wording). */
export function acceptedContentType(value: string): MediaContentType {
  if (!isMediaContentType(value))
    throw validation("unsupported type", {
      issues: [{ path: "contentType", message: "unsupported type", code: "invalid_value" }],
    });
  return value;
}

/** Document 2: the plans scope accepts application/pdf only. */
export function assertScopeAccepts(scope: string, contentType: MediaContentType): void {
  if (scope === "plans" && contentType !== "application/pdf")
    throw validation("the plans scope accepts application/pdf only", {
      issues: [
        {
          path: "contentType",
          message: "the plans scope accepts application/pdf only",
          code: "invalid_value",
        },
      ],
    });
}
