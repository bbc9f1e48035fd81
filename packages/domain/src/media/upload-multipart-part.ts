import type { MultipartPart, MultipartPartInput } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { CoachScope } from "../scope";
import { assertStudioMediaKey } from "./media-keys";
import { storageOf } from "./object-storage";
import { assertPartNotEmpty, storePart } from "./store-part";

/**
 * POST /v1/web/content/media-upload/part (raw bytes, at most 12 MB; the HTTP layer enforces the
 * body limit): stores one part of an upload of this studio's key and answers its etag. The 5 MiB
 * minimum of every part but the last is the storage's rule, applied on complete.
 */
export async function uploadMultipartPart(
  _db: Db,
  scope: CoachScope,
  input: MultipartPartInput,
): Promise<MultipartPart> {
  assertStudioMediaKey(scope.studioId, input.key);
  assertPartNotEmpty(input.body);
  return storePart(scope, storageOf(scope), input);
}
