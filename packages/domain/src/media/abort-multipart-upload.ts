import type { MultipartAbortInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { CoachScope } from "../scope";
import { assertStudioMediaKey } from "./media-keys";
import { callStorage, storageOf } from "./object-storage";

/**
 * POST /v1/web/content/media-upload/abort (204): drops the upload and its stored parts. An upload
 * already completed or aborted is gone either way, so a repeated abort answers 204 too.
 */
export async function abortMultipartUpload(
  _db: Db,
  scope: CoachScope,
  input: MultipartAbortInput,
): Promise<void> {
  assertStudioMediaKey(scope.studioId, input.key);
  const storage = storageOf(scope);
  await callStorage(scope, "abortMultipartUpload", () =>
    storage.abortMultipartUpload({ key: input.key, uploadId: input.uploadId }),
  );
}
