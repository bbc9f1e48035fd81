import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPreviewToken } from "@studio/auth";
import { LocalObjectStorage } from "@studio/providers/storage";
import { startTestApp, type TestApp } from "./support/harness";
import { addTrainee, traineeRequest } from "./support/notification-fixtures";
import { startS3Server, type S3TestServer } from "./support/s3-server";
import { newTrainee } from "./support/tracking-fixtures";

/**
 * Trainee uploads (document 3: "upload the image first through the uploads router"; document 1:
 * uploads is a trainee router without the app-access guard; previews may only GET): presigned
 * single PUT bound to type and exact size, multipart through the API, keys under the trainee's
 * own prefix, size limits; POST /v1/trainee/photos takes only the trainee's own uploaded image.
 * Run against a real S3-compatible server on loopback (s3rver) and against the embedded store
 * (the API serves /media itself). docs/decisions/storage-and-media.md "Trainee uploads".
 */

const MiB = 1024 * 1024;
const bytesOf = (size: number, seed = 1) =>
  Buffer.alloc(
    size,
    Uint8Array.from({ length: 256 }, (_, i) => (i * 7 + seed) % 256),
  );
const withoutRequestId = (body: any) => ({ ...body, requestId: "" });

async function sendPart(t: TestApp, token: string, query: Record<string, string | number>, body: Uint8Array) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${t.baseUrl}/v1/trainee/uploads/part?${qs.toString()}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

for (const kind of ["s3", "embedded"] as const) {
  describe(`trainee uploads (${kind === "s3" ? "S3-compatible server" : "embedded store"})`, () => {
    let t: TestApp;
    let s3: S3TestServer | undefined;
    let dir: string | undefined;
    beforeAll(async () => {
      if (kind === "s3") {
        s3 = await startS3Server();
        t = await startTestApp({ database: "postgres", storage: s3.storage });
      } else {
        dir = await mkdtemp(join(tmpdir(), "trainee-uploads-"));
        const storage = new LocalObjectStorage({ dir, publicBaseUrl: () => `${t.baseUrl}/media` });
        t = await startTestApp({ database: "postgres", storage });
      }
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const presign = (token: string, body: unknown) =>
      traineeRequest(t, token, "POST", "/v1/trainee/uploads/url", body);
    async function uploadImage(s: { token: string }, bytes = bytesOf(1000), contentType = "image/jpeg") {
      const res = await presign(s.token, { contentType, size: bytes.length });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const put = await fetch(res.body.data.uploadUrl, {
        method: "PUT",
        body: bytes,
        headers: { "content-type": contentType },
      });
      expect(put.status, await put.text()).toBe(200);
      return res.body.data as { url: string; key: string; uploadUrl: string };
    }

    it("presigned PUT: the key is under the trainee's own prefix, the file reads back, type and size are bound", async () => {
      const s = await newTrainee(t);
      const bytes = bytesOf(4096, 3);
      const res = await presign(s.token, { contentType: "image/heic", size: bytes.length });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { uploadUrl, url, key } = res.body.data;
      expect(key).toMatch(new RegExp(`^studios/${s.studioId}/trainees/${s.clientId}/[0-9a-f-]{36}\\.heic$`));
      expect(url.endsWith(key)).toBe(true);
      // Another type, or another size than declared: refused by the storage.
      expect(
        (await fetch(uploadUrl, { method: "PUT", body: bytes, headers: { "content-type": "image/png" } }))
          .status,
      ).toBe(403);
      expect(
        (
          await fetch(uploadUrl, {
            method: "PUT",
            body: bytesOf(bytes.length + 10, 3),
            headers: { "content-type": "image/heic" },
          })
        ).status,
      ).toBe(403);
      const put = await fetch(uploadUrl, {
        method: "PUT",
        body: bytes,
        headers: { "content-type": "image/heic" },
      });
      expect(put.status).toBe(200);
      const got = await fetch(url);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it("size limits and types: images at most 20 MiB, PDFs 30 MiB; gif and others unsupported (422)", async () => {
      const s = await newTrainee(t);
      expect((await presign(s.token, { contentType: "application/pdf", size: 30 * MiB })).status).toBe(201);
      expect((await presign(s.token, { contentType: "image/png", size: 20 * MiB })).status).toBe(201);
      for (const [body, field, message] of [
        [{ contentType: "image/png", size: 20 * MiB + 1 }, "size", "the file is too large"],
        [{ contentType: "application/pdf", size: 30 * MiB + 1 }, "size", undefined],
        [{ contentType: "image/gif", size: 10 }, "contentType", "unsupported type"],
        [{ contentType: "video/mp4", size: 10 }, "contentType", "unsupported type"],
        [{ contentType: "image/png", size: 0 }, "size", undefined],
        [{ contentType: "image/png" }, "size", undefined],
        [{ contentType: "image/p\u0000ng", size: 10 }, "contentType", undefined],
        [{ contentType: "image/png", size: 1.5 }, "size", undefined],
      ] as const) {
        const res = await presign(s.token, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(
          res.body.details.issues.map((i: any) => i.path),
          JSON.stringify(body),
        ).toContain(field);
        if (message) expect(res.body.message).toBe(message);
      }
    });

    it("multipart: parts through the API, assembled under the trainee's prefix; a whole file over its limit is refused and removed", async () => {
      const s = await newTrainee(t);
      const start = await traineeRequest(t, s.token, "POST", "/v1/trainee/uploads/start", {
        contentType: "application/pdf",
      });
      expect(start.status, JSON.stringify(start.body)).toBe(201);
      const { key, uploadId } = start.body.data;
      expect(key).toMatch(new RegExp(`^studios/${s.studioId}/trainees/${s.clientId}/[0-9a-f-]{36}\\.pdf$`));
      const first = bytesOf(5 * MiB, 1);
      const last = bytesOf(1000, 2);
      const p1 = await sendPart(t, s.token, { key, uploadId, partNumber: 1 }, first);
      const p2 = await sendPart(t, s.token, { key, uploadId, partNumber: 2 }, last);
      expect([p1.status, p2.status]).toEqual([200, 200]);
      const done = await traineeRequest(t, s.token, "POST", "/v1/trainee/uploads/complete", {
        key,
        uploadId,
        parts: [p2.body.data, p1.body.data],
      });
      expect(done.status, JSON.stringify(done.body)).toBe(201);
      const got = await fetch(done.body.data.url);
      expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.concat([first, last]))).toBe(true);

      // An image assembled from five parts of 5 MiB (25 MiB) is over the 20 MiB image limit.
      const big = await traineeRequest(t, s.token, "POST", "/v1/trainee/uploads/start", {
        contentType: "image/png",
      });
      const parts = [];
      for (let n = 1; n <= 5; n += 1) {
        const part = await sendPart(t, s.token, { ...big.body.data, partNumber: n }, bytesOf(5 * MiB, n));
        expect(part.status).toBe(200);
        parts.push(part.body.data);
      }
      const refused = await traineeRequest(t, s.token, "POST", "/v1/trainee/uploads/complete", {
        ...big.body.data,
        parts,
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.message).toBe("the file is too large");
      expect(await t.deps.storage!.objectSize(big.body.data.key)).toBeNull();

      const abort = await traineeRequest(t, s.token, "POST", "/v1/trainee/uploads/start", {
        contentType: "image/png",
      });
      expect(
        (await traineeRequest(t, s.token, "POST", "/v1/trainee/uploads/abort", abort.body.data)).status,
      ).toBe(204);
    });

    it("another trainee's or studio's key answers exactly like a missing upload (part, complete, abort)", async () => {
      const a = await newTrainee(t);
      const neighbour = await addTrainee(t, a.studioId);
      const b = { token: t.traineeToken(neighbour.id, a.studioId) };
      const other = await newTrainee(t);
      const theirs = (
        await traineeRequest(t, b.token, "POST", "/v1/trainee/uploads/start", { contentType: "image/png" })
      ).body.data;
      const foreign = (
        await traineeRequest(t, other.token, "POST", "/v1/trainee/uploads/start", {
          contentType: "image/png",
        })
      ).body.data;
      const mine = (
        await traineeRequest(t, a.token, "POST", "/v1/trainee/uploads/start", { contentType: "image/png" })
      ).body.data;
      const missing = {
        key: mine.key.replace(/[0-9a-f-]{36}/, "00000000-0000-0000-0000-000000000000"),
        uploadId: mine.uploadId,
      };
      const answers = async (target: { key: string; uploadId: string }) => [
        withoutRequestId((await sendPart(t, a.token, { ...target, partNumber: 1 }, bytesOf(10))).body),
        withoutRequestId(
          (
            await traineeRequest(t, a.token, "POST", "/v1/trainee/uploads/complete", {
              ...target,
              parts: [{ partNumber: 1, etag: "x" }],
            })
          ).body,
        ),
      ];
      const expected = await answers(missing);
      expect(expected[0]).toEqual({
        ok: false,
        code: "NOT_FOUND",
        message: "upload not found",
        requestId: "",
      });
      expect(await answers(theirs)).toEqual(expected);
      expect(await answers(foreign)).toEqual(expected);
      const abortForeign = await traineeRequest(t, a.token, "POST", "/v1/trainee/uploads/abort", foreign);
      expect(abortForeign.status).toBe(404);
      // Their uploads are untouched: the owner completes a part there.
      expect((await sendPart(t, other.token, { ...foreign, partNumber: 1 }, bytesOf(10))).status).toBe(200);
    });

    it("POST /v1/trainee/photos takes the trainee's own uploaded image; another's, a missing one or an outside URL is 404; a PDF 422", async () => {
      const a = await newTrainee(t);
      const neighbour = await addTrainee(t, a.studioId);
      const b = { token: t.traineeToken(neighbour.id, a.studioId) };
      const other = await newTrainee(t);
      const mine = await uploadImage(a);
      const ok = await a.call("POST", "/v1/trainee/photos", { url: mine.url, angle: "FRONT" });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      expect(ok.body.data.url).toBe(mine.url);

      const theirs = await uploadImage(b);
      const foreign = await uploadImage(other);
      const missingUrl = mine.url.replace(/[0-9a-f-]{36}/, "00000000-0000-0000-0000-000000000000");
      const answer = async (url: string) =>
        withoutRequestId((await a.call("POST", "/v1/trainee/photos", { url, angle: "FRONT" })).body);
      const expected = await answer(missingUrl);
      expect(expected).toEqual({ ok: false, code: "NOT_FOUND", message: "upload not found", requestId: "" });
      expect(await answer(theirs.url)).toEqual(expected);
      expect(await answer(foreign.url)).toEqual(expected);
      expect(await answer("https://cdn.example.com/a.jpg")).toEqual(expected);
      expect(await answer(mine.url.replace(a.clientId, `${a.clientId}/..`))).toEqual(expected);

      const pdf = await uploadImage(a, bytesOf(100), "application/pdf");
      const res = await a.call("POST", "/v1/trainee/photos", { url: pdf.url, angle: "FRONT" });
      expect(res.status).toBe(422);
      expect(res.body.details.issues[0].path).toBe("url");
    });

    it("no app-access guard on uploads; preview sessions are refused (403 PREVIEW_READ_ONLY); no token 401", async () => {
      const locked = await newTrainee(t, {
        accessEndsAt: new Date("2020-01-01T00:00:00Z"),
        freezeStartedAt: new Date("2019-01-01T00:00:00Z"),
      });
      expect((await locked.call("GET", "/v1/trainee/plans")).body.code).toBe("APP_LOCKED");
      expect((await presign(locked.token, { contentType: "image/png", size: 10 })).status).toBe(201);

      const s = await newTrainee(t);
      const preview = createPreviewToken(
        { clientId: s.clientId, studioId: s.studioId },
        t.config.sessionSigningSecret,
        Date.now(),
      ).token;
      const started = (
        await traineeRequest(t, s.token, "POST", "/v1/trainee/uploads/start", { contentType: "image/png" })
      ).body.data;
      for (const res of [
        await presign(preview, { contentType: "image/png", size: 10 }),
        await traineeRequest(t, preview, "POST", "/v1/trainee/uploads/start", { contentType: "image/png" }),
        await sendPart(t, preview, { ...started, partNumber: 1 }, bytesOf(10)),
        await traineeRequest(t, preview, "POST", "/v1/trainee/uploads/abort", started),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.details.reason).toBe("PREVIEW_READ_ONLY");
      }
      expect((await t.request("POST", "/v1/trainee/uploads/url", { body: "{}" })).status).toBe(401);
    });

    it("bad input on the part route: wrong Content-Type 400, bad query 422, empty body 422", async () => {
      const s = await newTrainee(t);
      const started = (
        await traineeRequest(t, s.token, "POST", "/v1/trainee/uploads/start", { contentType: "image/png" })
      ).body.data;
      const wrongType = await fetch(
        `${t.baseUrl}/v1/trainee/uploads/part?key=${encodeURIComponent(started.key)}&uploadId=${started.uploadId}&partNumber=1`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${s.token}`, "content-type": "image/png" },
          body: bytesOf(10),
        },
      );
      expect(wrongType.status).toBe(400);
      expect((await sendPart(t, s.token, { ...started, partNumber: 0 }, bytesOf(10))).status).toBe(422);
      expect((await sendPart(t, s.token, { key: started.key, partNumber: 1 }, bytesOf(10))).status).toBe(422);
      const empty = await sendPart(t, s.token, { ...started, partNumber: 1 }, new Uint8Array());
      expect(empty.status).toBe(422);
      expect(empty.body.message).toBe("media is empty");
    });
  });
}
