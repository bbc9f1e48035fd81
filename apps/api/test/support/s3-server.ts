import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3ObjectStorage } from "@studio/providers/storage";

/**
 * A real S3-compatible server on loopback for the media tests: s3rver (npm), which speaks S3's
 * REST protocol over HTTP and stores objects on disk. s3rver 3.7.1 implements multipart create,
 * upload part and complete, anonymous GET of objects and the parsing of presigned URLs, but
 * not four rules S3 applies and our code relies on; `s3Rules` adds them in front of s3rver's
 * router, speaking S3's protocol (XML errors with S3's codes and statuses):
 *
 * - presigned (query-signed) requests: the Signature V4 is verified (s3rver skips V4), so a PUT
 *   with another Content-Type than the signed one is SignatureDoesNotMatch (403); a URL used
 *   after X-Amz-Date + X-Amz-Expires is AccessDenied "Request has expired" (403);
 * - AbortMultipartUpload (DELETE ?uploadId): 204, the parts dropped (s3rver answers 405);
 * - NoSuchUpload (404) on part, complete and abort for an unknown, finished or aborted upload
 *   id, or one opened for another key (s3rver writes parts for any id);
 * - complete: InvalidPartOrder, InvalidPart (a listed part missing or its ETag not matching)
 *   and EntityTooSmall (a part other than the last under 5 MiB), checked before s3rver
 *   assembles the parts.
 */

const require = createRequire(import.meta.url);

interface KoaContext {
  method: string;
  path: string;
  querystring: string;
  query: Record<string, string | string[] | undefined>;
  req: IncomingMessage & { url: string };
  get(name: string): string;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInstance {
  middleware: Middleware[];
  store: {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putObjectMultipart(
      bucket: string,
      uploadId: string,
      parts: { number: number; etag: string }[],
    ): Promise<{ md5: string; size: number }>;
  };
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = require("s3rver") as new (options: Record<string, unknown>) => S3rverInstance;
const S3Error = require("s3rver/lib/models/error") as new (code: string, message?: string) => Error;

/** s3rver's default account. */
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";
const MIN_PART_BYTES = 5 * 1024 * 1024;

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** Our S3 provider (packages/storage) pointed at this server. */
  storage: S3ObjectStorage;
  /** Moves the server's clock (presigned URL expiry) by `ms`. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), "s3rver-"));
  const bucket = "media";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  let offsetMs = 0;
  // Before the router, the last of s3rver's middleware.
  server.middleware.splice(
    server.middleware.length - 1,
    0,
    s3Rules({ bucket, server, now: () => Date.now() + offsetMs }),
  );
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = new S3ObjectStorage({
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    publicBaseUrl: `${endpoint}/${bucket}`,
  });
  return {
    endpoint,
    bucket,
    storage,
    advanceClock: (ms) => void (offsetMs += ms),
    async close() {
      storage.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

// ---- the rules s3rver lacks ----------------------------------------------------------------

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text).digest();

/** Signature V4 of a query-signed request, as S3 computes it (the payload is unsigned). */
function verifyPresigned(ctx: KoaContext, now: number): void {
  const rawQuery = ctx.req.url.includes("?") ? ctx.req.url.slice(ctx.req.url.indexOf("?") + 1) : "";
  const params = new URLSearchParams(rawQuery);
  const credential = (params.get("X-Amz-Credential") ?? "").split("/");
  const [accessKey, date, region, service] = credential;
  const amzDate = params.get("X-Amz-Date") ?? "";
  const expires = Number(params.get("X-Amz-Expires"));
  const signedHeaders = (params.get("X-Amz-SignedHeaders") ?? "").split(";").filter(Boolean);
  if (accessKey !== ACCESS_KEY || !date || !region || !service || !Number.isInteger(expires))
    throw new S3Error("AccessDenied", "Query-string authentication requires the X-Amz-* parameters");
  const signedAt = Date.UTC(
    Number(amzDate.slice(0, 4)),
    Number(amzDate.slice(4, 6)) - 1,
    Number(amzDate.slice(6, 8)),
    Number(amzDate.slice(9, 11)),
    Number(amzDate.slice(11, 13)),
    Number(amzDate.slice(13, 15)),
  );
  if (now > signedAt + expires * 1000) throw new S3Error("AccessDenied", "Request has expired");

  const canonicalQuery = [...params.entries()]
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .map((h) => `${h}:${(ctx.get(h) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const path = ctx.req.url.split("?")[0]!;
  const canonicalRequest = [
    ctx.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(";"),
    params.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, date), region), service), "aws4_request");
  const expected = Buffer.from(hmac(key, stringToSign).toString("hex"));
  const given = Buffer.from(params.get("X-Amz-Signature") ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new S3Error(
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided.",
    );
}

/** The XML body of a CompleteMultipartUpload request: its parts in the order listed. */
async function completeBody(ctx: KoaContext): Promise<{ number: number; etag: string }[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const xml = Buffer.concat(chunks).toString("utf8");
  return [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
    number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1]!)?.[1]),
    etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(m[1]!)?.[1] ?? "").replace(/&quot;|"/g, ""),
  }));
}

function s3Rules(options: { bucket: string; server: S3rverInstance; now: () => number }): Middleware {
  const { bucket, server } = options;
  const prefix = `/${bucket}/`;
  const uploadsDir = () => server.store.getResourcePath(bucket, undefined, "uploads");

  /** The directory of an open upload of this key, or NoSuchUpload. */
  async function openUpload(uploadId: string, key: string): Promise<string> {
    const dir = join(uploadsDir(), uploadId);
    const stored = /^[0-9a-f]{32}$/.test(uploadId)
      ? await readFile(join(dir, "key"), "utf8").catch(() => undefined)
      : undefined;
    if (stored !== key)
      throw new S3Error(
        "NoSuchUpload",
        "The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.",
      );
    return dir;
  }

  return async (ctx, next) => {
    const path = ctx.req.url.split("?")[0]!;
    if (!path.startsWith(prefix)) return next();
    const key = decodeURIComponent(path.slice(prefix.length));
    const uploadId = typeof ctx.query.uploadId === "string" ? ctx.query.uploadId : undefined;

    if ("X-Amz-Signature" in ctx.query) verifyPresigned(ctx, options.now());

    if (uploadId === undefined) return next();
    if (ctx.method === "DELETE") {
      const dir = await openUpload(uploadId, key);
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = "";
      return;
    }
    if (ctx.method === "PUT") {
      await openUpload(uploadId, key);
      return next();
    }
    if (ctx.method === "POST") {
      const dir = await openUpload(uploadId, key);
      const parts = await completeBody(ctx);
      if (parts.length === 0) throw new S3Error("MalformedXML", "The XML you provided was not well-formed.");
      for (const [i, part] of parts.entries()) {
        if (i > 0 && part.number <= parts[i - 1]!.number)
          throw new S3Error("InvalidPartOrder", "The list of parts was not in ascending order.");
        const file = join(dir, String(part.number));
        const [md5, size] = await Promise.all([
          readFile(`${file}.md5`, "utf8").catch(() => undefined),
          stat(file).then(
            (s) => s.size,
            () => undefined,
          ),
        ]);
        if (md5 === undefined || size === undefined || md5 !== part.etag)
          throw new S3Error("InvalidPart", "One or more of the specified parts could not be found.");
        if (i < parts.length - 1 && size < MIN_PART_BYTES)
          throw new S3Error(
            "EntityTooSmall",
            "Your proposed upload is smaller than the minimum allowed size",
          );
      }
      const { md5 } = await server.store.putObjectMultipart(bucket, uploadId, parts);
      ctx.body = {
        CompleteMultipartUploadResult: {
          Location: `${prefix}${key}`,
          Bucket: bucket,
          Key: key,
          ETag: `"${md5}"`,
        },
      };
      return;
    }
    return next();
  };
}
