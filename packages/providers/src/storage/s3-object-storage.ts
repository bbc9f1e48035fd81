import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { MultipartRefusal, ObjectStorage } from "@studio/domain";
import { publicUrlOf } from "./public-url";

/** S3_* of decisions.md "Configuration". */
export interface S3StorageOptions {
  /** S3_ENDPOINT: an S3-compatible endpoint (R2, MinIO, …); unset: AWS S3 of the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /**
   * S3_PUBLIC_BASE_URL: where objects are read from (base + "/" + key). Unset: the endpoint's
   * path-style bucket URL, or https://<bucket>.s3.<region>.amazonaws.com on AWS.
   */
  publicBaseUrl?: string;
  /** Path-style requests (default: when an endpoint is set, as S3-compatible servers expect). */
  forcePathStyle?: boolean;
  /** Milliseconds to connect, and to wait for an answer (a 12 MB part included). */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

const REFUSALS: Record<string, MultipartRefusal> = {
  NoSuchUpload: "no-such-upload",
  EntityTooSmall: "part-too-small",
  InvalidPart: "invalid-part",
  InvalidPartOrder: "invalid-part",
};

/** The S3 error code of a refusal the caller can fix, else undefined (a storage failure). */
function refusalOf(error: unknown): MultipartRefusal | undefined {
  const name = (error as { name?: unknown; Code?: unknown } | null)?.name;
  return typeof name === "string" ? REFUSALS[name] : undefined;
}

const unquote = (etag: string) => etag.replace(/^"|"$/g, "");

/** ObjectStorage over the AWS SDK v3 (S3 or any S3-compatible server). */
export class S3ObjectStorage implements ObjectStorage {
  readonly client: S3Client;
  readonly bucket: string;
  readonly publicBaseUrl: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBaseUrl =
      options.publicBaseUrl ??
      (options.endpoint
        ? `${options.endpoint.replace(/\/+$/, "")}/${options.bucket}`
        : `https://${options.bucket}.s3.${options.region}.amazonaws.com`);
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // No flexible checksums unless an operation requires one: a presigned PUT would otherwise
      // carry the CRC32 of an empty body, and S3 would refuse the real upload.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: {
        connectionTimeout: options.connectTimeoutMs ?? 5_000,
        requestTimeout: options.requestTimeoutMs ?? 60_000,
      },
    });
  }

  async putObject(input: { key: string; body: Uint8Array; contentType: string }): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: input.key,
        Body: input.body,
        ContentType: input.contentType,
        ContentLength: input.body.byteLength,
      }),
    );
  }

  presignPut(input: {
    key: string;
    contentType: string;
    expiresInSeconds: number;
    now: Date;
    contentLength?: number;
  }): Promise<string> {
    const sized = input.contentLength !== undefined;
    return getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: input.key,
        ContentType: input.contentType,
        ...(sized ? { ContentLength: input.contentLength } : {}),
      }),
      {
        expiresIn: input.expiresInSeconds,
        signingDate: input.now,
        // Content-Type (and Content-Length when given) are signed headers: a PUT with another
        // type or size does not match the signature.
        signableHeaders: new Set(sized ? ["content-type", "content-length"] : ["content-type"]),
      },
    );
  }

  async objectSize(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      if (name === "NoSuchKey" || name === "NotFound") return null;
      throw error;
    }
  }

  async createMultipartUpload(input: { key: string; contentType: string }): Promise<{ uploadId: string }> {
    const out = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: input.key,
        ContentType: input.contentType,
      }),
    );
    if (!out.UploadId) throw new Error("the storage answered no UploadId");
    return { uploadId: out.UploadId };
  }

  async uploadPart(input: {
    key: string;
    uploadId: string;
    partNumber: number;
    body: Uint8Array;
  }): Promise<{ ok: true; etag: string } | { ok: false; refusal: "no-such-upload" }> {
    try {
      const out = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: input.key,
          UploadId: input.uploadId,
          PartNumber: input.partNumber,
          Body: input.body,
          ContentLength: input.body.byteLength,
        }),
      );
      if (!out.ETag) throw new Error("the storage answered no ETag");
      return { ok: true, etag: unquote(out.ETag) };
    } catch (error) {
      if (refusalOf(error) === "no-such-upload") return { ok: false, refusal: "no-such-upload" };
      throw error;
    }
  }

  async completeMultipartUpload(input: {
    key: string;
    uploadId: string;
    parts: readonly { partNumber: number; etag: string }[];
  }): Promise<{ ok: true } | { ok: false; refusal: MultipartRefusal }> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: input.key,
          UploadId: input.uploadId,
          MultipartUpload: {
            Parts: input.parts.map((p) => ({ PartNumber: p.partNumber, ETag: `"${unquote(p.etag)}"` })),
          },
        }),
      );
      return { ok: true };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return { ok: false, refusal };
      throw error;
    }
  }

  async abortMultipartUpload(input: { key: string; uploadId: string }): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: input.key, UploadId: input.uploadId }),
      );
    } catch (error) {
      if (refusalOf(error) !== "no-such-upload") throw error;
    }
  }

  publicUrl(key: string): string {
    return publicUrlOf(this.publicBaseUrl, key);
  }

  async getObject(key: string): Promise<Uint8Array | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return new Uint8Array();
      return await out.Body.transformToByteArray();
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      if (name === "NoSuchKey" || name === "NotFound") return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
