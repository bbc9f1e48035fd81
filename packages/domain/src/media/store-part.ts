import type { MultipartPart } from "@studio/contracts";
import type { ObjectStorage } from "../ports";
import type { ScopeBase } from "../scope";
import { refuseMedia } from "./inline-media";
import { multipartRefusal } from "./multipart-refusals";
import { callStorage } from "./object-storage";

/** An empty part is refused before the storage is asked. */
export function assertPartNotEmpty(body: Uint8Array): void {
  if (body.byteLength === 0) throw refuseMedia("media is empty");
}

/** Stores one part of a multipart upload: the coach's and the trainee's part routes alike. */
export async function storePart(
  scope: ScopeBase,
  storage: ObjectStorage,
  input: { key: string; uploadId: string; partNumber: number; body: Uint8Array },
): Promise<MultipartPart> {
  const stored = await callStorage(scope, "uploadPart", () =>
    storage.uploadPart({
      key: input.key,
      uploadId: input.uploadId,
      partNumber: input.partNumber,
      body: input.body,
    }),
  );
  if (!stored.ok) throw multipartRefusal(stored.refusal);
  return { partNumber: input.partNumber, etag: stored.etag };
}
