import type { MultipartPart, MultipartPartInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { CoachScope } from "../scope";
import { refuseMedia } from "./inline-media";
import { assertStudioMediaKey } from "./media-keys";
import { multipartRefusal } from "./multipart-refusals";
import { callStorage, storageOf } from "./object-storage";

/**
 * POST /v1/web/content/media-upload/part (raw bytes, at most 12 MB; the HTTP layer enforces the
 * body limit): stores one part of an upload of this studio's key and answers its etag. The 5 MiB
 * minimum of every part but the last is the storage's rule, applied on complete.
 */
export async function uploadMultipartPart(
  _db: Db,
  scope: CoachScope,
  input: MultipartPartInput,
): Promise<MultipartPart> {
  assertStudioMediaKey(scope.studioId, input.key);
  if (input.body.byteLength === 0) throw refuseMedia("media is empty");
  const storage = storageOf(scope);
  const stored = await callStorage(scope, "uploadPart", () =>
    storage.uploadPart({
      key: input.key,
      uploadId: input.uploadId,
      partNumber: input.partNumber,
      body: input.body,
    }),
  );
  if (!stored.ok) throw multipartRefusal(stored.refusal);
  return { partNumber: input.partNumber, etag: stored.etag };
}
