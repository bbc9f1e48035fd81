import type { MultipartStartInput, MultipartStart } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { CoachScope } from "../scope";
import { newMediaKey } from "./media-keys";
import { acceptedContentType, assertScopeAccepts } from "./media-types";
import { callStorage, storageOf } from "./object-storage";

/**
 * POST /v1/web/content/media-upload/start: opens a multipart upload under the studio's scope
 * prefix and answers the key and upload id the part, complete and abort calls send back.
 */
export async function startMultipartUpload(
  _db: Db,
  scope: CoachScope,
  input: MultipartStartInput,
): Promise<MultipartStart> {
  const contentType = acceptedContentType(input.contentType);
  assertScopeAccepts(input.scope, contentType);
  const storage = storageOf(scope);
  const key = newMediaKey({
    studioId: scope.studioId,
    scope: input.scope,
    contentType,
    variant: input.variant,
  });
  const { uploadId } = await callStorage(scope, "createMultipartUpload", () =>
    storage.createMultipartUpload({ key, contentType }),
  );
  return { key, uploadId };
}
