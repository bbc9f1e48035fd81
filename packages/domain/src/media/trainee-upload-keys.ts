import { randomUUID } from "node:crypto";
import {
  TRAINEE_UPLOAD_CONTENT_TYPES,
  TRAINEE_UPLOAD_LIMITS,
  type TraineeUploadContentType,
} from "@studio/contracts";
import { notFound, validation } from "../errors";
import type { ObjectStorage } from "../ports";
import type { TraineeScope } from "../scope";

/**
 * Trainee uploads (docs/decisions/storage-and-media.md "Trainee uploads"): every key lies under the
 * trainee's own prefix, `studios/<studio id>/trainees/<client id>/<uuid>.<extension>`, apart from
 * the coach's four scope prefixes (a coach's multipart key check never accepts it).
 */
export const traineeUploadPrefix = (scope: TraineeScope): string =>
  `studios/${scope.studioId}/trainees/${scope.actor.clientId}/`;

const EXTENSIONS: Record<TraineeUploadContentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "application/pdf": "pdf",
};
const IMAGE_EXTENSIONS = new Set(["jpg", "png", "webp", "heic"]);
const ACCEPTED: ReadonlySet<string> = new Set(TRAINEE_UPLOAD_CONTENT_TYPES);

/** The content type as given, or VALIDATION "unsupported type" (the coach's media wording). */
export function acceptedTraineeType(value: string): TraineeUploadContentType {
  if (!ACCEPTED.has(value))
    throw validation("unsupported type", {
      issues: [{ path: "contentType", message: "unsupported type", code: "invalid_value" }],
    });
  return value as TraineeUploadContentType;
}

/** The most bytes one file of this type may hold. */
export const traineeUploadMaxBytes = (type: TraineeUploadContentType): number =>
  type === "application/pdf" ? TRAINEE_UPLOAD_LIMITS.pdfMaxBytes : TRAINEE_UPLOAD_LIMITS.imageMaxBytes;

export const tooLarge = (type: TraineeUploadContentType, path = "size") => {
  const max = traineeUploadMaxBytes(type);
  return validation("the file is too large", {
    issues: [{ path, message: `a ${type} file may hold at most ${max} bytes`, code: "too_big" }],
  });
};

export const newTraineeUploadKey = (scope: TraineeScope, type: TraineeUploadContentType): string =>
  `${traineeUploadPrefix(scope)}${randomUUID()}.${EXTENSIONS[type]}`;

const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Whether a caller-given key is one of this trainee's upload keys (one safe file name under the prefix). */
export function isOwnUploadKey(scope: TraineeScope, key: string): boolean {
  const prefix = traineeUploadPrefix(scope);
  return key.startsWith(prefix) && FILE_NAME.test(key.slice(prefix.length));
}

/** Another trainee's or studio's key answers exactly like an unknown upload. */
export function assertOwnUploadKey(scope: TraineeScope, key: string): void {
  if (!isOwnUploadKey(scope, key)) throw notFound("upload");
}

/** Whether the key names an image (photos take images only). */
export const isImageKey = (key: string): boolean =>
  IMAGE_EXTENSIONS.has(key.slice(key.lastIndexOf(".") + 1).toLowerCase());

/**
 * The key of one of this trainee's uploads from its public URL, or null: a URL that is not the
 * storage's, or names another trainee's or studio's key.
 */
export function ownUploadKeyOfUrl(storage: ObjectStorage, scope: TraineeScope, url: string): string | null {
  const base = storage.publicUrl("");
  if (!url.startsWith(base)) return null;
  let key: string;
  try {
    key = url
      .slice(base.length)
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
  } catch {
    return null;
  }
  return isOwnUploadKey(scope, key) ? key : null;
}
