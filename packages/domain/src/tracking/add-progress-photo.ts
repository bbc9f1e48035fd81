import type { PhotoAddInput, ProgressPhotoRecord } from "@studio/contracts";
import { progressPhotos, type Db } from "@studio/db";
import { notFound } from "../errors";
import { isImageKey, ownUploadKeyOfUrl } from "../media/trainee-upload-keys";
import { callStorage } from "../media/object-storage";
import type { TraineeScope } from "../scope";
import { fieldError, loadTraineeDay } from "./trainee-day";
import { toProgressPhoto } from "./progress-photo-record";

/**
 * `POST /v1/trainee/photos` (document 3): records a progress photo whose image was uploaded
 * first through the uploads router; takenAt defaults to now. The URL must name an image stored
 * under the trainee's own upload prefix: another trainee's or studio's URL, a URL outside the
 * object storage (or with none configured) and a key with no object all answer 404 "upload not
 * found"; an uploaded PDF is VALIDATION.
 */
export async function addProgressPhoto(
  db: Db,
  scope: TraineeScope,
  input: PhotoAddInput,
): Promise<ProgressPhotoRecord> {
  const day = await loadTraineeDay(db, scope);
  const storage = scope.storage;
  const key = storage ? ownUploadKeyOfUrl(storage, scope, input.url) : null;
  if (!storage || !key) throw notFound("upload");
  if (!isImageKey(key)) throw fieldError("url", "a progress photo must be an image");
  if ((await callStorage(scope, "objectSize", () => storage.objectSize(key))) === null)
    throw notFound("upload");
  const [row] = await db
    .insert(progressPhotos)
    .values({
      studioId: scope.studioId,
      clientId: day.clientId,
      url: input.url,
      takenAt: input.takenAt === undefined ? scope.now : new Date(input.takenAt),
      angle: input.angle ?? null,
      createdAt: scope.now,
    })
    .returning();
  return toProgressPhoto(row!);
}
