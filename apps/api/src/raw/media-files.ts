import { Readable } from "node:stream";
import type { Hono } from "hono";
import { MEDIA_LIMITS } from "@studio/contracts";
import { LocalObjectStorage } from "@studio/providers/storage/local-object-storage";
import type { AppEnv } from "../hono-env";

const MEDIA_PREFIX = "/media/";

/** The object key of a /media/<key> path (segments URL-decoded), or undefined. */
function keyOf(pathname: string): string | undefined {
  if (!pathname.startsWith(MEDIA_PREFIX)) return undefined;
  try {
    return pathname.slice(MEDIA_PREFIX.length).split("/").map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
}

/**
 * The embedded default's media (no S3_*; see bootstrap createObjectStorage): the API serves the
 * local store's objects at GET /media/<key> (the public URL every media route answers) and
 * takes presigned uploads at PUT /media/<key>?expires&contentType&signature (403 when the
 * signature does not match, the URL expired or the Content-Type is not the signed one; 413
 * over 99,000,000 bytes). Outside /v1: no lane, no envelope (like an S3 bucket).
 */
export function mountLocalMediaFiles(app: Hono<AppEnv>, storage: unknown): void {
  if (!(storage instanceof LocalObjectStorage)) return;

  app.get("/media/*", async (c) => {
    const key = keyOf(new URL(c.req.url).pathname);
    const object = key === undefined ? undefined : await storage.readObject(key);
    if (!object) return c.json({ ok: false, code: "NOT_FOUND", message: "object not found" }, 404);
    return new Response(Readable.toWeb(object.open()) as ReadableStream, {
      status: 200,
      headers: {
        "content-type": object.contentType,
        "content-length": String(object.size),
        "x-content-type-options": "nosniff",
      },
    });
  });

  app.put("/media/*", async (c) => {
    const url = new URL(c.req.url);
    const key = keyOf(url.pathname);
    const contentType = c.req.header("content-type");
    const problem =
      key === undefined
        ? "signature does not match"
        : storage.checkPresignedPut({
            key,
            query: url.searchParams,
            contentType,
            contentLength: c.req.header("content-length"),
          });
    if (problem || key === undefined)
      return c.json({ ok: false, code: "FORBIDDEN", message: `upload refused: ${problem}` }, 403);
    // A URL signed for an exact size (trainee uploads) stores at most that many bytes.
    const maxBytes = storage.signedContentLength(url.searchParams) ?? MEDIA_LIMITS.inlineMaxBytes;
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > maxBytes)
      return c.json({ ok: false, code: "BAD_REQUEST", message: "payload too large" }, 413);
    try {
      await storage.putObjectStream({
        key,
        contentType: contentType!,
        body: c.req.raw.body,
        maxBytes,
      });
    } catch (error) {
      if (error instanceof RangeError)
        return c.json({ ok: false, code: "BAD_REQUEST", message: "payload too large" }, 413);
      throw error;
    }
    return c.body(null, 200);
  });
}
