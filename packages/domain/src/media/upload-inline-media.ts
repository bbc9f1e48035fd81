import { type InlineMediaInput, MEDIA_LIMITS, type MediaUrl } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { CoachScope } from "../scope";
import { decodedLength, inlineBase64, isBase64, refuseMedia } from "./inline-media";
import { newMediaKey } from "./media-keys";
import { acceptedContentType, assertScopeAccepts } from "./media-types";
import { callStorage, storageOf } from "./object-storage";

/**
 * POST /v1/web/content/media: stores base64 media (raw or a data URL) under the studio's scope
 * prefix and answers its public URL. Checks, in order: media is empty, unsupported type, the plans
 * scope accepts application/pdf only, media is not valid base64, media is too large (99,000,000
 * bytes decoded), plan PDF is too large (30 MiB); then storage (INTERNAL when not configured).
 */
export async function uploadInlineMedia(
  _db: Db,
  scope: CoachScope,
  input: InlineMediaInput,
): Promise<MediaUrl> {
  const base64 = inlineBase64(input.media);
  if (base64.length === 0) throw refuseMedia("media is empty");
  const contentType = acceptedContentType(input.contentType);
  assertScopeAccepts(input.scope, contentType);
  if (!isBase64(base64)) throw refuseMedia("media is not valid base64");
  const size = decodedLength(base64);
  if (size === 0) throw refuseMedia("media is empty");
  if (size > MEDIA_LIMITS.inlineMaxBytes) throw refuseMedia("media is too large");
  if (input.scope === "plans" && size > MEDIA_LIMITS.planPdfMaxBytes)
    throw refuseMedia("plan PDF is too large");

  const storage = storageOf(scope);
  const key = newMediaKey({
    studioId: scope.studioId,
    scope: input.scope,
    contentType,
    variant: input.variant,
  });
  const bytes = Buffer.from(base64, "base64");
  await callStorage(scope, "putObject", () => storage.putObject({ key, body: bytes, contentType }));
  return { url: storage.publicUrl(key) };
}
