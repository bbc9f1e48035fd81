import type { TraineeMultipartAbortInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import type { TraineeScope } from "../scope";
import { callStorage, storageOf } from "./object-storage";
import { assertOwnUploadKey } from "./trainee-upload-keys";

/** `POST /v1/trainee/uploads/abort` (204, also for an upload already gone). */
export async function abortTraineeMultipartUpload(
  db: Db,
  scope: TraineeScope,
  input: TraineeMultipartAbortInput,
): Promise<void> {
  assertOwnUploadKey(scope, input.key);
  const storage = storageOf(scope);
  await assertSignedInTrainee(db, scope);
  await callStorage(scope, "abortMultipartUpload", () =>
    storage.abortMultipartUpload({ key: input.key, uploadId: input.uploadId }),
  );
}
