import type { PhotoAddInput, ProgressPhotoRecord } from "@studio/contracts";
import { progressPhotos, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { loadTraineeDay } from "./trainee-day";
import { toProgressPhoto } from "./progress-photo-record";

/**
 * `POST /v1/trainee/photos` (document 3): records a progress photo whose image was uploaded
 * first through the uploads router; takenAt defaults to now.
 */
export async function addProgressPhoto(
  db: Db,
  scope: TraineeScope,
  input: PhotoAddInput,
): Promise<ProgressPhotoRecord> {
  const day = await loadTraineeDay(db, scope);
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
