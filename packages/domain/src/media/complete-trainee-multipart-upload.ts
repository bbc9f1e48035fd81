import type { MediaUrl, TraineeMultipartCompleteInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import { assertSignedInTrainee } from "../content/trainee-content-access";
import { validation } from "../errors";
import type { TraineeScope } from "../scope";
import { multipartRefusal } from "./multipart-refusals";
import { callStorage, storageOf } from "./object-storage";
import {
  acceptedTraineeType,
  assertOwnUploadKey,
  tooLarge,
  traineeUploadMaxBytes,
} from "./trainee-upload-keys";

const TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  pdf: "application/pdf",
};

/**
 * `POST /v1/trainee/uploads/complete`: assembles the parts (ascending part numbers; one listed
 * twice is refused), then checks the whole file's size against its type's limit: an assembled
 * file over it is deleted and answered VALIDATION "the file is too large".
 */
export async function completeTraineeMultipartUpload(
  db: Db,
  scope: TraineeScope,
  input: TraineeMultipartCompleteInput,
): Promise<MediaUrl> {
  assertOwnUploadKey(scope, input.key);
  const parts = [...input.parts].sort((a, b) => a.partNumber - b.partNumber);
  if (parts.some((part, i) => i > 0 && parts[i - 1]!.partNumber === part.partNumber))
    throw validation("parts: a partNumber is listed twice", {
      issues: [{ path: "parts", message: "a partNumber is listed twice", code: "invalid_value" }],
    });
  const storage = storageOf(scope);
  await assertSignedInTrainee(db, scope);
  const done = await callStorage(scope, "completeMultipartUpload", () =>
    storage.completeMultipartUpload({ key: input.key, uploadId: input.uploadId, parts }),
  );
  if (!done.ok) throw multipartRefusal(done.refusal);
  const type = acceptedTraineeType(TYPE_OF_EXTENSION[input.key.slice(input.key.lastIndexOf(".") + 1)] ?? "");
  const size = await callStorage(scope, "objectSize", () => storage.objectSize(input.key));
  if (size !== null && size > traineeUploadMaxBytes(type)) {
    await callStorage(scope, "deleteObject", () => storage.deleteObject(input.key));
    throw tooLarge(type, "parts");
  }
  return { url: storage.publicUrl(input.key) };
}
