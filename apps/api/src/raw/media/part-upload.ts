import type { Context } from "hono";
import type { z } from "zod";
import { AppError, parseDomainInput } from "@studio/domain";
import type { AppEnv } from "../../hono-env";
import { readRawBody } from "../../http/raw-body";
import { mediaTypeOf, type RawRoute } from "../raw-route";

/** The body of a part upload (web and trainee lanes): raw bytes, at most MEDIA_PART_BODY_LIMIT_BYTES. */
export const partRequestBody: NonNullable<RawRoute["requestBody"]> = {
  contentType: "application/octet-stream",
  description:
    "The part's bytes, at most 12 MB (12,582,912 bytes); every part except the last must be at least 5 MiB (checked on complete).",
  maxBytes: (deps) => deps.config.mediaPartBodyLimitBytes,
};

/**
 * The request of a part upload, checked in order: the Content-Type (application/octet-stream,
 * else BAD_REQUEST), the query (`query`, VALIDATION), then the bytes read: the domain's input.
 */
export async function readPartUpload<TQuery extends z.ZodObject>(
  c: Context<AppEnv>,
  query: TQuery,
): Promise<z.output<TQuery> & { body: Uint8Array }> {
  if (mediaTypeOf(c.req.header("content-type")) !== "application/octet-stream")
    throw new AppError("BAD_REQUEST", "the part must be sent as application/octet-stream");
  const url = new URL(c.req.url);
  const parsed = parseDomainInput(query, Object.fromEntries(url.searchParams));
  const body = await readRawBody(c);
  return { ...parsed, body };
}
