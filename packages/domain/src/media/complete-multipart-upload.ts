import type { MultipartCompleteInput, MediaUrl } from "@studio/contracts";
import type { Db } from "@studio/db";
import { validation } from "../errors";
import type { CoachScope } from "../scope";
import { assertStudioMediaKey } from "./media-keys";
import { multipartRefusal } from "./multipart-refusals";
import { callStorage, storageOf } from "./object-storage";

/**
 * POST /v1/web/content/media-upload/complete: assembles the listed parts (sent to the storage in
 * ascending part number; a part number listed twice is refused) and answers the public URL.
 */
export async function completeMultipartUpload(
  _db: Db,
  scope: CoachScope,
  input: MultipartCompleteInput,
): Promise<MediaUrl> {
  assertStudioMediaKey(scope.studioId, input.key);
  const parts = [...input.parts].sort((a, b) => a.partNumber - b.partNumber);
  if (parts.some((part, i) => i > 0 && parts[i - 1]!.partNumber === part.partNumber))
    throw validation("parts: a partNumber is listed twice", {
      issues: [{ path: "parts", message: "a partNumber is listed twice", code: "invalid_value" }],
    });
  const storage = storageOf(scope);
  const done = await callStorage(scope, "completeMultipartUpload", () =>
    storage.completeMultipartUpload({ key: input.key, uploadId: input.uploadId, parts }),
  );
  if (!done.ok) throw multipartRefusal(done.refusal);
  return { url: storage.publicUrl(input.key) };
}
