import { PHOTO_ANGLES, type ProgressPhotoRecord } from "@studio/contracts";
import type { progressPhotos } from "@studio/db";

const ANGLES: ReadonlySet<string> = new Set(PHOTO_ANGLES);

export function toProgressPhoto(row: typeof progressPhotos.$inferSelect): ProgressPhotoRecord {
  return {
    id: row.id,
    url: row.url,
    takenAt: row.takenAt.toISOString(),
    angle: row.angle && ANGLES.has(row.angle) ? (row.angle as ProgressPhotoRecord["angle"]) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
