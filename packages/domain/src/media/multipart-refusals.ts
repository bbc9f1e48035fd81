import { MEDIA_LIMITS } from "@studio/contracts";
import { type AppError, notFound, validation } from "../errors";
import type { MultipartRefusal } from "../ports";

/** The answer to a multipart step the storage refused (S3's NoSuchUpload, EntityTooSmall, InvalidPart). */
export function multipartRefusal(refusal: MultipartRefusal): AppError {
  switch (refusal) {
    case "no-such-upload":
      return notFound("upload");
    case "part-too-small":
      return validation(
        `every part except the last must be at least ${MEDIA_LIMITS.minPartBytes / (1024 * 1024)} MiB`,
        {
          issues: [
            { path: "parts", message: "a part other than the last is under 5 MiB", code: "too_small" },
          ],
        },
      );
    case "invalid-part":
      return validation("a listed part was not uploaded or its etag does not match", {
        issues: [{ path: "parts", message: "unknown part or etag", code: "invalid_value" }],
      });
  }
}
