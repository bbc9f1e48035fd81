// Shared behavioural contract for every ObjectStorage implementation. Not a test file itself:
// apps/api runs it against S3 (a real S3-compatible server on loopback) and against the local
// store served by the API, reading every URL over HTTP.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ObjectStorage } from "@studio/domain";

export interface ObjectStorageTarget {
  storage: ObjectStorage;
  /** Moves the clock that checks presigned URLs' expiry (the storage server's) by `ms`. */
  advanceClock(ms: number): void;
}

const MiB = 1024 * 1024;
/** Byte i is (i * 31 + seed) % 251: a 251-byte period, copied in whole (not element by element). */
const bytesOf = (size: number, seed: number) => {
  const period = Uint8Array.from({ length: 251 }, (_, i) => (i * 31 + seed) % 251);
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += period.length) bytes.set(period.subarray(0, size - at), at);
  return bytes;
};

async function get(url: string) {
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

export function describeObjectStorageContract(name: string, target: () => ObjectStorageTarget): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    const key = (ext = "bin") => `studios/contract/content/${randomUUID()}.${ext}`;

    it("putObject stores the bytes and their type; the public URL serves them", async () => {
      const { storage } = target();
      const k = key("png");
      const body = bytesOf(70_000, 1);
      await storage.putObject({ key: k, body, contentType: "image/png" });
      const read = await get(storage.publicUrl(k));
      expect(read.status).toBe(200);
      expect(read.type).toBe("image/png");
      expect(Buffer.from(read.bytes).equals(Buffer.from(body))).toBe(true);
    });

    it("a presigned PUT accepts the signed Content-Type only, and only until it expires", async () => {
      const t = target();
      const k = key("pdf");
      const url = await t.storage.presignPut({
        key: k,
        contentType: "application/pdf",
        expiresInSeconds: 600,
        now: new Date(),
      });
      const body = bytesOf(4096, 2);
      const wrong = await fetch(url, { method: "PUT", body, headers: { "content-type": "image/png" } });
      expect(wrong.status).toBe(403);
      expect((await get(t.storage.publicUrl(k))).status).toBe(404);
      const right = await fetch(url, { method: "PUT", body, headers: { "content-type": "application/pdf" } });
      expect(right.status).toBe(200);
      const read = await get(t.storage.publicUrl(k));
      expect(read.type).toBe("application/pdf");
      expect(Buffer.from(read.bytes).equals(Buffer.from(body))).toBe(true);

      const later = await t.storage.presignPut({
        key: key("pdf"),
        contentType: "application/pdf",
        expiresInSeconds: 600,
        now: new Date(),
      });
      t.advanceClock(590_000);
      try {
        const inTime = await fetch(later, {
          method: "PUT",
          body,
          headers: { "content-type": "application/pdf" },
        });
        expect(inTime.status).toBe(200);
        t.advanceClock(20_000);
        const late = await fetch(later, {
          method: "PUT",
          body,
          headers: { "content-type": "application/pdf" },
        });
        expect(late.status).toBe(403);
      } finally {
        t.advanceClock(-610_000);
      }
    });

    it("multipart: a 5 MiB part and a short last part assemble into the object, in part order", async () => {
      const { storage } = target();
      const k = key("mp4");
      const first = bytesOf(5 * MiB, 3);
      const last = bytesOf(1000, 4);
      const { uploadId } = await storage.createMultipartUpload({ key: k, contentType: "video/mp4" });
      // uploaded out of order: the part number decides the position
      const p2 = await storage.uploadPart({ key: k, uploadId, partNumber: 2, body: last });
      const p1 = await storage.uploadPart({ key: k, uploadId, partNumber: 1, body: first });
      if (!p1.ok || !p2.ok) throw new Error("part refused");
      const done = await storage.completeMultipartUpload({
        key: k,
        uploadId,
        parts: [
          { partNumber: 1, etag: p1.etag },
          { partNumber: 2, etag: p2.etag },
        ],
      });
      expect(done).toEqual({ ok: true });
      const read = await get(storage.publicUrl(k));
      expect(read.status).toBe(200);
      expect(read.type).toBe("video/mp4");
      expect(Buffer.from(read.bytes).equals(Buffer.concat([first, last]))).toBe(true);
      // the upload is finished: its id is no longer open
      expect(await storage.uploadPart({ key: k, uploadId, partNumber: 3, body: last })).toEqual({
        ok: false,
        refusal: "no-such-upload",
      });
    });

    it("multipart: a part other than the last under 5 MiB is refused (part-too-small)", async () => {
      const { storage } = target();
      const k = key("mp4");
      const { uploadId } = await storage.createMultipartUpload({ key: k, contentType: "video/mp4" });
      const p1 = await storage.uploadPart({ key: k, uploadId, partNumber: 1, body: bytesOf(MiB, 5) });
      const p2 = await storage.uploadPart({ key: k, uploadId, partNumber: 2, body: bytesOf(10, 6) });
      if (!p1.ok || !p2.ok) throw new Error("part refused");
      const parts = [
        { partNumber: 1, etag: p1.etag },
        { partNumber: 2, etag: p2.etag },
      ];
      expect(await storage.completeMultipartUpload({ key: k, uploadId, parts })).toEqual({
        ok: false,
        refusal: "part-too-small",
      });
      // a single small part is the last part: accepted
      expect(await storage.completeMultipartUpload({ key: k, uploadId, parts: parts.slice(0, 1) })).toEqual({
        ok: true,
      });
    });

    it("multipart: an etag that does not match its part is refused (invalid-part)", async () => {
      const { storage } = target();
      const k = key("webm");
      const { uploadId } = await storage.createMultipartUpload({ key: k, contentType: "video/webm" });
      const p1 = await storage.uploadPart({ key: k, uploadId, partNumber: 1, body: bytesOf(100, 7) });
      if (!p1.ok) throw new Error("part refused");
      expect(
        await storage.completeMultipartUpload({
          key: k,
          uploadId,
          parts: [{ partNumber: 1, etag: "0".repeat(32) }],
        }),
      ).toEqual({ ok: false, refusal: "invalid-part" });
      await storage.abortMultipartUpload({ key: k, uploadId });
    });

    it("multipart: an unknown upload id, or one of another key, is no-such-upload; abort drops the upload", async () => {
      const { storage } = target();
      const k = key("gif");
      const missing = "0123456789abcdef0123456789abcdef";
      const body = bytesOf(10, 8);
      expect(await storage.uploadPart({ key: k, uploadId: missing, partNumber: 1, body })).toEqual({
        ok: false,
        refusal: "no-such-upload",
      });
      const { uploadId } = await storage.createMultipartUpload({ key: k, contentType: "image/gif" });
      expect(await storage.uploadPart({ key: key("gif"), uploadId, partNumber: 1, body })).toEqual({
        ok: false,
        refusal: "no-such-upload",
      });
      const p1 = await storage.uploadPart({ key: k, uploadId, partNumber: 1, body });
      if (!p1.ok) throw new Error("part refused");
      await storage.abortMultipartUpload({ key: k, uploadId });
      expect(
        await storage.completeMultipartUpload({
          key: k,
          uploadId,
          parts: [{ partNumber: 1, etag: p1.etag }],
        }),
      ).toEqual({ ok: false, refusal: "no-such-upload" });
      expect((await get(storage.publicUrl(k))).status).toBe(404);
      // aborting again (or an unknown upload) is not an error
      await expect(storage.abortMultipartUpload({ key: k, uploadId })).resolves.toBeUndefined();
    });

    it("getObject answers the stored bytes, or null for a missing key", async () => {
      const { storage } = target();
      const k = key("pdf");
      expect(await storage.getObject(k)).toBeNull();
      const body = bytesOf(150_000, 7);
      await storage.putObject({ key: k, body, contentType: "application/pdf" });
      const read = await storage.getObject(k);
      expect(read).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(read!).equals(Buffer.from(body))).toBe(true);
      const empty = key("bin");
      await storage.putObject({
        key: empty,
        body: new Uint8Array(),
        contentType: "application/octet-stream",
      });
      expect((await storage.getObject(empty))?.byteLength).toBe(0);
    });

    it("deleteObject removes the object (getObject null, the public URL 404); a missing key is no error", async () => {
      const { storage } = target();
      const k = key("pdf");
      const other = key("pdf");
      await storage.putObject({ key: k, body: bytesOf(2048, 3), contentType: "application/pdf" });
      await storage.putObject({ key: other, body: bytesOf(2048, 4), contentType: "application/pdf" });
      await storage.deleteObject(k);
      expect(await storage.getObject(k)).toBeNull();
      expect((await get(storage.publicUrl(k))).status).toBe(404);
      // only that object: its neighbour stays
      expect((await storage.getObject(other))?.byteLength).toBe(2048);
      await expect(storage.deleteObject(k)).resolves.toBeUndefined();
      await expect(storage.deleteObject(key("pdf"))).resolves.toBeUndefined();
    });
  });
}
