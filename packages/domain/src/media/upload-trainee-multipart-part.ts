import type { MultipartPart, TraineeMultipartPartQuery } from "@studio/contracts";
import type { Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { refuseMedia } from "./inline-media";
import { multipartRefusal } from "./multipart-refusals";
import { callStorage, storageOf } from "./object-storage";
import { assertOwnUploadKey } from "./trainee-upload-keys";

/**
 * `POST /v1/trainee/uploads/part` (raw bytes, at most 12 MB like the coach's parts): one part of
 * an upload of the trainee's own key. Another trainee's or studio's key is "upload not found".
 */
export async function uploadTraineeMultipartPart(
  db: Db,
  scope: TraineeScope,
  input: TraineeMultipartPartQuery & { body: Uint8Array },
): Promise<MultipartPart> {
  assertOwnUploadKey(scope, input.key);
  if (input.body.byteLength === 0) throw refuseMedia("media is empty");
  const storage = storageOf(scope);
  await assertSignedInTrainee(db, scope);
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
