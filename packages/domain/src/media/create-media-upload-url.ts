import { MEDIA_LIMITS, type MediaUploadUrlInput, type MediaUploadUrl } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { CoachScope } from "../scope";
import { newMediaKey } from "./media-keys";
import { acceptedContentType } from "./media-types";
import { callStorage, storageOf } from "./object-storage";

/**
 * POST /v1/web/content/media-url: a presigned PUT URL under the studio's content prefix, valid
 * 600 seconds from the scope's clock and bound to the content type (a PUT with another
 * Content-Type is refused by the storage), and the public URL the object will have.
 */
export async function createMediaUploadUrl(
  _db: Db,
  scope: CoachScope,
  input: MediaUploadUrlInput,
): Promise<MediaUploadUrl> {
  const contentType = acceptedContentType(input.contentType);
  const storage = storageOf(scope);
  const key = newMediaKey({
    studioId: scope.studioId,
    scope: "content",
    contentType,
    variant: input.variant,
  });
  const uploadUrl = await callStorage(scope, "presignPut", () =>
    storage.presignPut({
      key,
      contentType,
      expiresInSeconds: MEDIA_LIMITS.presignedPutSeconds,
      now: scope.now,
    }),
  );
  return { uploadUrl, url: storage.publicUrl(key) };
}
