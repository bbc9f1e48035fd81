import { MEDIA_LIMITS, type TraineeUploadUrl, type TraineeUploadUrlInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { callStorage, storageOf } from "./object-storage";
import {
  acceptedTraineeType,
  newTraineeUploadKey,
  tooLarge,
  traineeUploadMaxBytes,
} from "./trainee-upload-keys";

/**
 * `POST /v1/trainee/uploads/url`: a presigned PUT under the trainee's own prefix, valid 600
 * seconds, bound to the content type and to the exact size declared (the storage refuses a PUT
 * of another type or length), and the URL the file will have.
 */
export async function createTraineeUploadUrl(
  db: Db,
  scope: TraineeScope,
  input: TraineeUploadUrlInput,
): Promise<TraineeUploadUrl> {
  const contentType = acceptedTraineeType(input.contentType);
  if (input.size > traineeUploadMaxBytes(contentType)) throw tooLarge(contentType);
  const storage = storageOf(scope);
  await assertSignedInTrainee(db, scope);
  const key = newTraineeUploadKey(scope, contentType);
  const uploadUrl = await callStorage(scope, "presignPut", () =>
    storage.presignPut({
      key,
      contentType,
      contentLength: input.size,
      expiresInSeconds: MEDIA_LIMITS.presignedPutSeconds,
      now: scope.now,
    }),
  );
  return { uploadUrl, url: storage.publicUrl(key), key };
}
