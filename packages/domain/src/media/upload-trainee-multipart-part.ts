import type { MultipartPart, TraineeMultipartPartQuery } from "@studio/contracts";
import type { Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { storageOf } from "./object-storage";
import { assertPartNotEmpty, storePart } from "./store-part";
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
  assertPartNotEmpty(input.body);
  const storage = storageOf(scope);
  await assertSignedInTrainee(db, scope);
  return storePart(scope, storage, input);
}
