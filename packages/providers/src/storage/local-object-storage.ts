import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import type { MultipartRefusal, ObjectStorage } from "@studio/domain";
import { publicUrlOf } from "./public-url";

/** S3's rule: every part except the last is at least 5 MiB. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

export interface LocalStorageOptions {
  /** Root directory (objects/, uploads/ and meta/ under it). */
  dir: string;
  /** Where the API serves the objects (…/media); a function when it is known only once listening. */
  publicBaseUrl: string | (() => string);
  /** HMAC key of the upload URLs; a random one per process by default. */
  secret?: Uint8Array;
  /** Clock of the upload URL check (the presigned expiry is decided by the caller's clock). */
  now?: () => Date;
}

/** Why a presigned PUT is refused (answered 403 like S3). */
export type PresignedPutProblem =
  "expired" | "signature does not match" | "content type does not match" | "content length does not match";

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const SAFE_KEY = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** A key safe to map onto the file system: safe segments, none of them "." or "..". */
export const isSafeKey = (key: string): boolean =>
  key.length <= 1024 && SAFE_KEY.test(key) && key.split("/").every((s) => s !== "." && s !== "..");

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

/**
 * The embedded default's object storage (no S3_* set): objects in a directory, served by the
 * API itself under /media (GET; PUT for presigned upload URLs signed here with HMAC-SHA256).
 * Multipart follows S3's rules (NoSuchUpload, InvalidPart, EntityTooSmall). One process only.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly dir: string;
  private readonly secret: Uint8Array;
  private readonly base: () => string;
  readonly now: () => Date;

  constructor(options: LocalStorageOptions) {
    this.dir = resolve(options.dir);
    this.secret = options.secret ?? randomBytes(32);
    const base = options.publicBaseUrl;
    this.base = typeof base === "string" ? () => base : base;
    this.now = options.now ?? (() => new Date());
  }

  private objectPath(key: string): string {
    if (!isSafeKey(key)) throw new Error("unsafe object key");
    const root = join(this.dir, "objects");
    const path = join(root, key);
    if (!path.startsWith(root + sep)) throw new Error("unsafe object key");
    return path;
  }

  private metaPath(key: string): string {
    return join(this.dir, "meta", `${this.objectPath(key).slice(join(this.dir, "objects").length + 1)}.json`);
  }

  private uploadDir(uploadId: string): string | undefined {
    return UPLOAD_ID.test(uploadId) ? join(this.dir, "uploads", uploadId) : undefined;
  }

  /** Writes bytes to a temporary file, then renames it into place (readers never see half an object). */
  private async writeObject(key: string, contentType: string, write: (tmp: string) => Promise<void>) {
    const path = this.objectPath(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomUUID()}.tmp`;
    try {
      await write(tmp);
      await mkdir(dirname(this.metaPath(key)), { recursive: true });
      await writeFile(this.metaPath(key), JSON.stringify({ contentType }));
      await rename(tmp, path);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async putObject(input: { key: string; body: Uint8Array; contentType: string }): Promise<void> {
    await this.writeObject(input.key, input.contentType, (tmp) => writeFile(tmp, input.body));
  }

  private signature(key: string, expires: number, contentType: string, contentLength?: string): string {
    const sized = contentLength === undefined ? "" : `\n${contentLength}`;
    return createHmac("sha256", this.secret)
      .update(`PUT\n${key}\n${expires}\n${contentType}${sized}`)
      .digest("hex");
  }

  presignPut(input: {
    key: string;
    contentType: string;
    expiresInSeconds: number;
    now: Date;
    contentLength?: number;
  }): Promise<string> {
    const expires = Math.floor(input.now.getTime() / 1000) + input.expiresInSeconds;
    const length = input.contentLength === undefined ? undefined : String(input.contentLength);
    const query = new URLSearchParams({
      expires: String(expires),
      contentType: input.contentType,
      ...(length === undefined ? {} : { contentLength: length }),
      signature: this.signature(input.key, expires, input.contentType, length),
    });
    return Promise.resolve(`${this.publicUrl(input.key)}?${query.toString()}`);
  }

  /** The exact body size a presigned URL was signed for, when it was (check the URL first). */
  signedContentLength(query: URLSearchParams): number | undefined {
    const length = query.get("contentLength");
    return length === null ? undefined : Number(length);
  }

  /** Checks a PUT to a presigned URL: signature (constant time), expiry, then the Content-Type sent. */
  checkPresignedPut(input: {
    key: string;
    query: URLSearchParams;
    contentType: string | undefined;
    /** The request's Content-Length header, as sent. */
    contentLength?: string | undefined;
  }): PresignedPutProblem | undefined {
    const expires = Number(input.query.get("expires"));
    const signedType = input.query.get("contentType") ?? "";
    const given = Buffer.from(input.query.get("signature") ?? "", "utf8");
    const signedLength = input.query.get("contentLength") ?? undefined;
    const expected = Buffer.from(this.signature(input.key, expires, signedType, signedLength), "utf8");
    if (
      !Number.isSafeInteger(expires) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    )
      return "signature does not match";
    if (this.now().getTime() > expires * 1000) return "expired";
    if ((input.contentType ?? "") !== signedType) return "content type does not match";
    if (signedLength !== undefined && input.contentLength !== signedLength)
      return "content length does not match";
    return undefined;
  }

  /** Stores a presigned PUT's body (streamed; more than `maxBytes` fails with a RangeError). */
  async putObjectStream(input: {
    key: string;
    contentType: string;
    body: ReadableStream<Uint8Array> | null;
    maxBytes: number;
  }): Promise<void> {
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > input.maxBytes ? new RangeError("object too large") : null, chunk);
      },
    });
    const source = input.body
      ? Readable.fromWeb(input.body as NodeReadableStream<Uint8Array>)
      : Readable.from([]);
    await this.writeObject(input.key, input.contentType, (tmp) =>
      pipeline(source, limit, createWriteStream(tmp)),
    );
  }

  /** A stored object for GET /media/<key>, or undefined. */
  async readObject(
    key: string,
  ): Promise<{ size: number; contentType: string; open: () => Readable } | undefined> {
    if (!isSafeKey(key)) return undefined;
    try {
      const path = this.objectPath(key);
      const [info, meta] = await Promise.all([stat(path), readFile(this.metaPath(key), "utf8")]);
      if (!info.isFile()) return undefined;
      const { contentType } = JSON.parse(meta) as { contentType: string };
      return { size: info.size, contentType, open: () => createReadStream(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async createMultipartUpload(input: { key: string; contentType: string }): Promise<{ uploadId: string }> {
    this.objectPath(input.key);
    const uploadId = randomBytes(16).toString("hex");
    const dir = this.uploadDir(uploadId)!;
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "upload.json"),
      JSON.stringify({ key: input.key, contentType: input.contentType }),
    );
    return { uploadId };
  }

  /** The open upload of this key, or undefined (unknown, finished, aborted, or another key's). */
  private async openUpload(key: string, uploadId: string) {
    const dir = this.uploadDir(uploadId);
    if (!dir) return undefined;
    try {
      const upload = JSON.parse(await readFile(join(dir, "upload.json"), "utf8")) as {
        key: string;
        contentType: string;
      };
      return upload.key === key ? { dir, ...upload } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async uploadPart(input: {
    key: string;
    uploadId: string;
    partNumber: number;
    body: Uint8Array;
  }): Promise<{ ok: true; etag: string } | { ok: false; refusal: "no-such-upload" }> {
    const upload = await this.openUpload(input.key, input.uploadId);
    if (!upload) return { ok: false, refusal: "no-such-upload" };
    const etag = md5(input.body);
    const file = join(upload.dir, `${input.partNumber}.part`);
    await writeFile(`${file}.tmp`, input.body);
    await rename(`${file}.tmp`, file);
    return { ok: true, etag };
  }

  async completeMultipartUpload(input: {
    key: string;
    uploadId: string;
    parts: readonly { partNumber: number; etag: string }[];
  }): Promise<{ ok: true } | { ok: false; refusal: MultipartRefusal }> {
    const upload = await this.openUpload(input.key, input.uploadId);
    if (!upload) return { ok: false, refusal: "no-such-upload" };
    const files: string[] = [];
    for (const [i, part] of input.parts.entries()) {
      if (i > 0 && part.partNumber <= input.parts[i - 1]!.partNumber)
        return { ok: false, refusal: "invalid-part" };
      const file = join(upload.dir, `${part.partNumber}.part`);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch {
        return { ok: false, refusal: "invalid-part" };
      }
      if (md5(bytes) !== part.etag.replace(/"/g, "")) return { ok: false, refusal: "invalid-part" };
      if (i < input.parts.length - 1 && bytes.length < MIN_PART_BYTES)
        return { ok: false, refusal: "part-too-small" };
      files.push(file);
    }
    await this.writeObject(input.key, upload.contentType, async (tmp) => {
      for (const [i, file] of files.entries())
        await pipeline(createReadStream(file), createWriteStream(tmp, { flags: i === 0 ? "w" : "a" }));
    });
    await rm(upload.dir, { recursive: true, force: true });
    return { ok: true };
  }

  async abortMultipartUpload(input: { key: string; uploadId: string }): Promise<void> {
    const upload = await this.openUpload(input.key, input.uploadId);
    if (upload) await rm(upload.dir, { recursive: true, force: true });
  }

  publicUrl(key: string): string {
    return publicUrlOf(this.base(), key);
  }

  async getObject(key: string): Promise<Uint8Array | null> {
    if (!isSafeKey(key)) return null;
    try {
      const path = this.objectPath(key);
      if (!(await stat(path)).isFile()) return null;
      return new Uint8Array(await readFile(path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async objectSize(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    try {
      const info = await stat(this.objectPath(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await rm(this.objectPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }
}
