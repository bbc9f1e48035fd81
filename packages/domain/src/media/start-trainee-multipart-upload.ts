import type { MultipartStart, TraineeMultipartStartInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { callStorage, storageOf } from "./object-storage";
import { acceptedTraineeType, newTraineeUploadKey } from "./trainee-upload-keys";

/** `POST /v1/trainee/uploads/start`: opens a multipart upload under the trainee's own prefix. */
export async function startTraineeMultipartUpload(
  db: Db,
  scope: TraineeScope,
  input: TraineeMultipartStartInput,
): Promise<MultipartStart> {
  const contentType = acceptedTraineeType(input.contentType);
  const storage = storageOf(scope);
  await assertSignedInTrainee(db, scope);
  const key = newTraineeUploadKey(scope, contentType);
  const { uploadId } = await callStorage(scope, "createMultipartUpload", () =>
    storage.createMultipartUpload({ key, contentType }),
  );
  return { key, uploadId };
}
