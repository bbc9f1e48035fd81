import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signServiceRequest } from "@studio/auth";
import { MEDIA_LIMITS } from "@studio/contracts";
import { uploadInlineMedia } from "@studio/domain";
import { S3ObjectStorage } from "@studio/providers/storage";
import { buildRouteMap } from "../src/route-map";
import { newOwner, startTestApp, userHeaders, type TestApp, type WebUserContext } from "./support/harness";
import { startS3Server, type S3TestServer } from "./support/s3-server";
import { addCoach, studioIdOf } from "./support/team-fixtures";

/**
 * Document 2 "Media upload" end to end: the routes over a socket, a real S3-compatible server on
 * loopback (s3rver, see support/s3-server.ts) behind our AWS SDK provider, every stored object
 * read back from its public URL and compared byte for byte.
 */

const MiB = 1024 * 1024;
let s3: S3TestServer;
let t: TestApp;
const owner = newOwner();
let studioId: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ database: "postgres", storage: s3.storage });
  studioId = await studioIdOf(t, owner);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Byte i is (i * 7 + seed) % 256: a 256-byte period, repeated (filled natively, not element by element). */
const bytesOf = (size: number, seed: number) =>
  Buffer.alloc(
    size,
    Uint8Array.from({ length: 256 }, (_, i) => (i * 7 + seed) % 256),
  );

async function read(url: string) {
  const res = await fetch(url);
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** The object key of a public URL of the test server's bucket. */
const keyOf = (url: string) => url.slice(`${s3.endpoint}/${s3.bucket}/`.length);

/** POST …/media-upload/part with raw bytes, signed over those bytes. */
async function sendPart(
  app: TestApp,
  user: WebUserContext,
  query: Record<string, string | number>,
  body: Uint8Array,
  options: { contentType?: string; signedBody?: Uint8Array } = {},
) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const path = `/v1/web/content/media-upload/part${qs ? `?${qs}` : ""}`;
  const headers = {
    ...signServiceRequest({
      secret: app.config.serviceAuthSecret,
      serviceId: "web-app",
      method: "POST",
      pathWithQuery: path,
      body: options.signedBody ?? body,
    }),
    ...userHeaders(user),
    "content-type": options.contentType ?? "application/octet-stream",
  };
  const res = await fetch(app.baseUrl + path, { method: "POST", headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

async function startUpload(
  user: WebUserContext,
  body: Record<string, unknown> = { contentType: "video/mp4" },
) {
  const res = await t.web("POST", "/v1/web/content/media-upload/start", user, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { key: string; uploadId: string };
}

describe("inline upload (POST /v1/web/content/media)", () => {
  it("stores raw base64 under the studio's content prefix; the public URL serves the same bytes", async () => {
    const bytes = bytesOf(10_000, 1);
    const res = await t.web("POST", "/v1/web/content/media", owner, {
      media: bytes.toString("base64"),
      contentType: "image/png",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body.data)).toEqual(["url"]);
    expect(keyOf(res.body.data.url)).toMatch(new RegExp(`^studios/${studioId}/content/[0-9a-f-]{36}\\.png$`));
    const got = await read(res.body.data.url);
    expect(got.status).toBe(200);
    expect(got.type).toBe("image/png");
    expect(got.bytes.equals(bytes)).toBe(true);
  });

  it("takes a data URL, a scope and variant auto-thumbnail (file name prefixed auto-thumb-); name is accepted and unused", async () => {
    const bytes = bytesOf(3_000, 2);
    const res = await t.web("POST", "/v1/web/content/media", owner, {
      media: `data:image/jpeg;base64,${bytes.toString("base64")}`,
      contentType: "image/jpeg",
      scope: "exercises",
      variant: "auto-thumbnail",
      name: "squat thumbnail.jpg",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(keyOf(res.body.data.url)).toMatch(
      new RegExp(`^studios/${studioId}/exercises/auto-thumb-[0-9a-f-]{36}\\.jpg$`),
    );
    expect(res.body.data.url).not.toContain("squat");
    expect((await read(res.body.data.url)).bytes.equals(bytes)).toBe(true);
  });

  it("every accepted content type, under every scope that takes it; plans takes a PDF", async () => {
    const extension: Record<string, string> = {
      "image/png": "png",
      "image/jpeg": "jpg",
      "image/webp": "webp",
      "image/gif": "gif",
      "application/pdf": "pdf",
      "video/mp4": "mp4",
      "video/quicktime": "mov",
      "video/webm": "webm",
    };
    for (const [contentType, ext] of Object.entries(extension)) {
      for (const scope of ["content", "forms", ...(contentType === "application/pdf" ? ["plans"] : [])]) {
        const res = await t.web("POST", "/v1/web/content/media", owner, {
          media: bytesOf(64, 3).toString("base64"),
          contentType,
          scope,
        });
        expect(res.status, `${contentType} ${scope}`).toBe(201);
        expect(keyOf(res.body.data.url)).toMatch(new RegExp(`^studios/${studioId}/${scope}/[^/]+\\.${ext}$`));
        expect((await read(res.body.data.url)).type).toBe(contentType);
      }
    }
  });

  it("VALIDATION: media is empty, unsupported type, the plans scope accepts application/pdf only, not base64", async () => {
    const send = (body: Record<string, unknown>) => t.web("POST", "/v1/web/content/media", owner, body);
    const cases: [Record<string, unknown>, string][] = [
      [{ media: "", contentType: "image/png" }, "media is empty"],
      [{ media: "data:image/png;base64,", contentType: "image/png" }, "media is empty"],
      [{ media: "aGVsbG8=", contentType: "image/svg+xml" }, "unsupported type"],
      [{ media: "aGVsbG8=", contentType: "text/html" }, "unsupported type"],
      [
        { media: "aGVsbG8=", contentType: "image/png", scope: "plans" },
        "the plans scope accepts application/pdf only",
      ],
      [{ media: "not base64!", contentType: "image/png" }, "media is not valid base64"],
      [
        { media: "data:image/png,hello", contentType: "image/png" },
        "media must be base64 (raw or a base64 data URL)",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ ok: false, code: "VALIDATION", message });
    }
    const badScope = await send({ media: "aGVsbG8=", contentType: "image/png", scope: "avatars" });
    expect(badScope.status).toBe(422);
    expect(badScope.body.details.issues[0].path).toBe("scope");
    const badVariant = await send({ media: "aGVsbG8=", contentType: "image/png", variant: "poster" });
    expect(badVariant.status).toBe(422);
  });

  it("VALIDATION: media is too large over 99,000,000 decoded bytes; plan PDF is too large over 30 MiB (the domain rule, past the 24 MB body)", async () => {
    const scope = await t.coachScopeFor(studioId, owner.userId!);
    const db = t.deps.database.db;
    const call = (media: string, contentType: string, where: "content" | "plans") =>
      uploadInlineMedia(db, scope, { media, contentType, scope: where });
    // 132,000,004 base64 characters with "==" decode to 99,000,001 bytes
    await expect(call(`${"A".repeat(132_000_002)}==`, "video/mp4", "content")).rejects.toMatchObject({
      code: "VALIDATION",
      message: "media is too large",
    });
    // 30 MiB + 1 byte as a PDF under plans
    const overPlan = Buffer.alloc(30 * MiB + 1).toString("base64");
    await expect(call(overPlan, "application/pdf", "plans")).rejects.toMatchObject({
      code: "VALIDATION",
      message: "plan PDF is too large",
    });
    // the same size is fine outside plans, and exactly 30 MiB is fine under plans
    await expect(call(overPlan, "application/pdf", "content")).resolves.toHaveProperty("url");
    const plan = await call(Buffer.alloc(30 * MiB, 1).toString("base64"), "application/pdf", "plans");
    expect((await read(plan.url)).bytes.length).toBe(30 * MiB);
  }, 60_000);

  it("the JSON body may reach 24 MB on this route (BAD_REQUEST 413 above); other routes keep BODY_LIMIT_BYTES", async () => {
    const bytes = bytesOf(17 * MiB, 4); // ≈ 22.7 MiB of base64
    const ok = await t.web("POST", "/v1/web/content/media", owner, {
      media: bytes.toString("base64"),
      contentType: "video/webm",
    });
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(201);
    expect((await read(ok.body.data.url)).bytes.equals(bytes)).toBe(true);

    const overBody = { media: "A".repeat(MEDIA_LIMITS.inlineBodyBytes), contentType: "video/webm" };
    const over = await t.web("POST", "/v1/web/content/media", owner, overBody);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ ok: false, code: "BAD_REQUEST", message: "payload too large" });
    // the rest of the body is drained (bounded, http/drain-request.ts), so the connection stays
    // usable and the answer says so (issue 27: the 413 must reach a pooled client)
    expect(over.headers.get("connection")).toBe("keep-alive");

    const elsewhere = await t.web("POST", "/v1/web/content/media-url", owner, {
      contentType: "image/png",
      name: "x".repeat(2 * MiB),
    });
    expect(elsewhere.status).toBe(413);
  }, 60_000);
});

describe("presigned upload URL (POST /v1/web/content/media-url)", () => {
  it("answers a PUT URL under content (600 s, Content-Type signed) and the public URL; a PUT of that type stores the bytes", async () => {
    const res = await t.web("POST", "/v1/web/content/media-url", owner, {
      contentType: "video/mp4",
      scope: "plans", // not a field of this route: always under content
      variant: "auto-thumbnail",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { uploadUrl, url } = res.body.data as { uploadUrl: string; url: string };
    expect(keyOf(url)).toMatch(new RegExp(`^studios/${studioId}/content/auto-thumb-[0-9a-f-]{36}\\.mp4$`));
    const signed = new URL(uploadUrl);
    expect(`${signed.origin}${signed.pathname}`).toBe(url);
    expect(signed.searchParams.get("X-Amz-Expires")).toBe("600");
    expect(signed.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toContain("content-type");
    // no checksum of an empty body in the URL (S3 would refuse the real upload)
    expect([...signed.searchParams.keys()].filter((k) => k.toLowerCase().includes("checksum"))).toEqual([]);

    const bytes = bytesOf(200_000, 5);
    const wrongType = await fetch(uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "video/webm" },
    });
    expect(wrongType.status).toBe(403);
    expect(await wrongType.text()).toContain("SignatureDoesNotMatch");
    expect((await read(url)).status).toBe(404);
    const put = await fetch(uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "video/mp4" },
    });
    expect(put.status).toBe(200);
    const got = await read(url);
    expect(got.type).toBe("video/mp4");
    expect(got.bytes.equals(bytes)).toBe(true);
  });

  it("the URL is refused once 600 seconds have passed", async () => {
    const res = await t.web("POST", "/v1/web/content/media-url", owner, { contentType: "image/gif" });
    const { uploadUrl } = res.body.data as { uploadUrl: string };
    s3.advanceClock(601_000);
    try {
      const late = await fetch(uploadUrl, {
        method: "PUT",
        body: "x",
        headers: { "content-type": "image/gif" },
      });
      expect(late.status).toBe(403);
      expect(await late.text()).toContain("Request has expired");
    } finally {
      s3.advanceClock(-601_000);
    }
  });

  it("VALIDATION unsupported type", async () => {
    const res = await t.web("POST", "/v1/web/content/media-url", owner, { contentType: "application/zip" });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("unsupported type");
  });
});

describe("multipart upload (start, part, complete, abort)", () => {
  it("start 201 {key, uploadId} → parts 200 {partNumber, etag} (a ≥ 5 MiB part, the last shorter) → complete 201 {url}: the URL serves the parts in order", async () => {
    const { key, uploadId } = await startUpload(owner, {
      contentType: "video/quicktime",
      scope: "exercises",
    });
    expect(key).toMatch(new RegExp(`^studios/${studioId}/exercises/[0-9a-f-]{36}\\.mov$`));
    const first = bytesOf(5 * MiB + 17, 6);
    const last = bytesOf(123_456, 7);
    const p2 = await sendPart(t, owner, { key, uploadId, partNumber: 2 }, last);
    const p1 = await sendPart(t, owner, { key, uploadId, partNumber: 1 }, first);
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    expect(p1.body.data).toEqual({ partNumber: 1, etag: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(p2.body.data.partNumber).toBe(2);
    const done = await t.web("POST", "/v1/web/content/media-upload/complete", owner, {
      key,
      uploadId,
      parts: [
        { partNumber: 2, etag: p2.body.data.etag },
        { partNumber: 1, etag: p1.body.data.etag },
      ],
      name: "ignored",
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data).toEqual({ url: `${s3.endpoint}/${s3.bucket}/${key}` });
    const got = await read(done.body.data.url);
    expect(got.type).toBe("video/quicktime");
    expect(got.bytes.equals(Buffer.concat([first, last]))).toBe(true);
  });

  it("a part other than the last under 5 MiB: complete answers VALIDATION (422); abort 204 drops the upload", async () => {
    const { key, uploadId } = await startUpload(owner);
    const a = await sendPart(t, owner, { key, uploadId, partNumber: 1 }, bytesOf(MiB, 8));
    const b = await sendPart(t, owner, { key, uploadId, partNumber: 2 }, bytesOf(10, 9));
    const parts = [
      { partNumber: 1, etag: a.body.data.etag },
      { partNumber: 2, etag: b.body.data.etag },
    ];
    const small = await t.web("POST", "/v1/web/content/media-upload/complete", owner, {
      key,
      uploadId,
      parts,
    });
    expect(small.status).toBe(422);
    expect(small.body).toMatchObject({
      code: "VALIDATION",
      message: "every part except the last must be at least 5 MiB",
    });
    const wrongEtag = await t.web("POST", "/v1/web/content/media-upload/complete", owner, {
      key,
      uploadId,
      parts: [{ partNumber: 1, etag: "f".repeat(32) }],
    });
    expect(wrongEtag.status).toBe(422);
    expect(wrongEtag.body.message).toBe("a listed part was not uploaded or its etag does not match");

    const abort = await t.web("POST", "/v1/web/content/media-upload/abort", owner, { key, uploadId });
    expect(abort.status).toBe(204);
    expect(abort.body).toBe("");
    const after = await t.web("POST", "/v1/web/content/media-upload/complete", owner, {
      key,
      uploadId,
      parts,
    });
    expect(after.status).toBe(404);
    expect(after.body).toMatchObject({ code: "NOT_FOUND", message: "upload not found" });
    const partAfter = await sendPart(t, owner, { key, uploadId, partNumber: 3 }, bytesOf(10, 1));
    expect(partAfter.status).toBe(404);
    // aborting again: the upload is gone either way
    expect((await t.web("POST", "/v1/web/content/media-upload/abort", owner, { key, uploadId })).status).toBe(
      204,
    );
  });

  it("start: the plans scope accepts application/pdf only; unsupported type", async () => {
    const plans = await t.web("POST", "/v1/web/content/media-upload/start", owner, {
      contentType: "video/mp4",
      scope: "plans",
    });
    expect(plans.status).toBe(422);
    expect(plans.body.message).toBe("the plans scope accepts application/pdf only");
    const pdf = await startUpload(owner, { contentType: "application/pdf", scope: "plans" });
    expect(pdf.key).toMatch(new RegExp(`^studios/${studioId}/plans/[0-9a-f-]{36}\\.pdf$`));
    const bad = await t.web("POST", "/v1/web/content/media-upload/start", owner, {
      contentType: "image/bmp",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("unsupported type");
  });

  it("complete: 1 to 256 parts, partNumber 1 to 10000, etag 1 to 256 characters, no partNumber twice", async () => {
    const { key, uploadId } = await startUpload(owner);
    const complete = (parts: unknown) =>
      t.web("POST", "/v1/web/content/media-upload/complete", owner, { key, uploadId, parts });
    const part = (partNumber: number, etag = "e") => ({ partNumber, etag });
    for (const parts of [
      [],
      Array.from({ length: 257 }, (_, i) => part(i + 1)),
      [part(0)],
      [part(10_001)],
      [part(1, "")],
      [part(1, "e".repeat(257))],
      [part(1.5)],
    ]) {
      const res = await complete(parts);
      expect(res.status, JSON.stringify(parts).slice(0, 80)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    const twice = await complete([part(1), part(1)]);
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe("parts: a partNumber is listed twice");
    // 256 parts of the maximum part number range pass the contract (the storage then refuses the etags)
    const many = await complete(Array.from({ length: 256 }, (_, i) => part(10_000 - i, "e".repeat(256))));
    expect(many.status).toBe(422);
    expect(many.body.message).toBe("a listed part was not uploaded or its etag does not match");
    await t.web("POST", "/v1/web/content/media-upload/abort", owner, { key, uploadId });
  });
});

describe("the part route: raw octet-stream bytes behind the web lane", () => {
  it("query key 1–512, uploadId 1–1024, partNumber 1–10000 (VALIDATION); the body must be application/octet-stream (BAD_REQUEST)", async () => {
    const { key, uploadId } = await startUpload(owner);
    const body = bytesOf(100, 1);
    const bad: Record<string, string | number>[] = [
      {},
      { key, uploadId },
      { key, uploadId, partNumber: 0 },
      { key, uploadId, partNumber: 10_001 },
      { key, uploadId, partNumber: "1.5" },
      { key, uploadId, partNumber: "one" },
      { key: "", uploadId, partNumber: 1 },
      { key: `${key}${"a".repeat(513 - key.length)}`, uploadId, partNumber: 1 },
      { key, uploadId: "", partNumber: 1 },
      { key, uploadId: "u".repeat(1025), partNumber: 1 },
    ];
    for (const query of bad) {
      const res = await sendPart(t, owner, query, body);
      expect(res.status, JSON.stringify(query).slice(0, 100)).toBe(422);
      expect(res.body).toMatchObject({ ok: false, code: "VALIDATION", requestId: expect.any(String) });
      expect(res.body.details.issues.length).toBeGreaterThan(0);
    }
    const json = await sendPart(t, owner, { key, uploadId, partNumber: 1 }, Buffer.from("{}"), {
      contentType: "application/json",
    });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({
      code: "BAD_REQUEST",
      message: "the part must be sent as application/octet-stream",
    });
    const empty = await sendPart(t, owner, { key, uploadId, partNumber: 1 }, new Uint8Array());
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe("media is empty");
    const withParams = await sendPart(t, owner, { key, uploadId, partNumber: 10_000 }, body, {
      contentType: "Application/Octet-Stream; charset=binary",
    });
    expect(withParams.status, JSON.stringify(withParams.body)).toBe(200);
    expect(withParams.body.data.partNumber).toBe(10_000);
  });

  it("a part may be 12 MB (BAD_REQUEST 413 above)", async () => {
    const { key, uploadId } = await startUpload(owner);
    const full = bytesOf(MEDIA_LIMITS.partBodyBytes, 2);
    const ok = await sendPart(t, owner, { key, uploadId, partNumber: 1 }, full);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const over = await sendPart(
      t,
      owner,
      { key, uploadId, partNumber: 2 },
      bytesOf(MEDIA_LIMITS.partBodyBytes + 1, 3),
    );
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ ok: false, code: "BAD_REQUEST", message: "payload too large" });
    const done = await t.web("POST", "/v1/web/content/media-upload/complete", owner, {
      key,
      uploadId,
      parts: [{ partNumber: 1, etag: ok.body.data.etag }],
    });
    expect(done.status).toBe(201);
    expect((await read(done.body.data.url)).bytes.equals(full)).toBe(true);
  }, 60_000);

  it("the service signature covers the raw bytes: other bytes, or no signature, answer 401", async () => {
    const { key, uploadId } = await startUpload(owner);
    const tampered = await sendPart(t, owner, { key, uploadId, partNumber: 1 }, bytesOf(100, 1), {
      signedBody: bytesOf(100, 2),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(
      `${t.baseUrl}/v1/web/content/media-upload/part?key=${encodeURIComponent(key)}&uploadId=${uploadId}&partNumber=1`,
      { method: "POST", body: bytesOf(100, 1), headers: { "content-type": "application/octet-stream" } },
    );
    expect(unsigned.status).toBe(401);
  });

  it("a dismissed team member is refused like on every web route", async () => {
    const { coach, as } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { key, uploadId } = await startUpload(as);
    expect((await t.web("DELETE", `/v1/web/coaches/${coach.id}`, owner)).status).toBe(200);
    const res = await sendPart(t, as, { key, uploadId, partNumber: 1 }, bytesOf(10, 1));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("this team member has been removed");
  });
});

describe("tenancy: multipart keys are caller controlled", () => {
  it("another studio's key, or a key outside the studio's scope prefixes, is FORBIDDEN on part, complete and abort", async () => {
    const other = newOwner();
    const theirs = await startUpload(other, { contentType: "image/png", scope: "forms" });
    const otherStudioId = await studioIdOf(t, other);
    expect(theirs.key.startsWith(`studios/${otherStudioId}/forms/`)).toBe(true);
    const mine = await startUpload(owner);
    const file = mine.key.split("/").pop()!;
    const foreign = [
      theirs.key,
      `studios/${otherStudioId}/content/${file}`,
      `studios/${studioId}/avatars/${file}`,
      `studios/${studioId}/content/.hidden`,
      `studios/${studioId}/content/../../${otherStudioId}/content/${file}`,
      `studios/${studioId}/content/a b.png`,
      `studios/${studioId}/content/sub/${file}`,
      `studios/${studioId}/content/`,
      `studios/${studioId}/${file}`,
      file,
    ];
    for (const key of foreign) {
      const answers = [
        await sendPart(t, owner, { key, uploadId: theirs.uploadId, partNumber: 1 }, bytesOf(10, 1)),
        await t.web("POST", "/v1/web/content/media-upload/complete", owner, {
          key,
          uploadId: theirs.uploadId,
          parts: [{ partNumber: 1, etag: "e" }],
        }),
        await t.web("POST", "/v1/web/content/media-upload/abort", owner, { key, uploadId: theirs.uploadId }),
      ];
      for (const res of answers) {
        expect(res.status, key).toBe(403);
        expect(res.body).toMatchObject({
          code: "FORBIDDEN",
          message: "media key does not belong to this studio",
        });
      }
    }
    // my key with their upload id: not an upload of my key
    const crossed = await sendPart(
      t,
      owner,
      { key: mine.key, uploadId: theirs.uploadId, partNumber: 1 },
      bytesOf(10, 1),
    );
    expect(crossed.status).toBe(404);
    // their upload was untouched by all of that: they finish it
    const bytes = bytesOf(2048, 4);
    const part = await sendPart(
      t,
      other,
      { key: theirs.key, uploadId: theirs.uploadId, partNumber: 1 },
      bytes,
    );
    expect(part.status).toBe(200);
    const done = await t.web("POST", "/v1/web/content/media-upload/complete", other, {
      key: theirs.key,
      uploadId: theirs.uploadId,
      parts: [{ partNumber: 1, etag: part.body.data.etag }],
    });
    expect(done.status).toBe(201);
    expect((await read(done.body.data.url)).bytes.equals(bytes)).toBe(true);
  });
});

describe("storage not configured or unreachable", () => {
  it("without object storage every media route answers INTERNAL object storage not configured", async () => {
    const bare = await startTestApp({ database: "postgres" });
    try {
      const user = newOwner();
      const id = await studioIdOf(bare, user);
      const key = `studios/${id}/content/x.png`;
      const answers = [
        await bare.web("POST", "/v1/web/content/media", user, {
          media: "aGVsbG8=",
          contentType: "image/png",
        }),
        await bare.web("POST", "/v1/web/content/media-url", user, { contentType: "image/png" }),
        await bare.web("POST", "/v1/web/content/media-upload/start", user, { contentType: "image/png" }),
        await sendPart(bare, user, { key, uploadId: "u", partNumber: 1 }, bytesOf(10, 1)),
        await bare.web("POST", "/v1/web/content/media-upload/complete", user, {
          key,
          uploadId: "u",
          parts: [{ partNumber: 1, etag: "e" }],
        }),
        await bare.web("POST", "/v1/web/content/media-upload/abort", user, { key, uploadId: "u" }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(500);
        expect(res.body).toMatchObject({
          ok: false,
          code: "INTERNAL",
          message: "object storage not configured",
        });
      }
    } finally {
      await bare.close();
    }
  });

  it("storage that does not answer is SERVICE_UNAVAILABLE object storage is unavailable", async () => {
    const down = new S3ObjectStorage({
      endpoint: "http://127.0.0.1:9",
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "k",
      secretAccessKey: "s",
      connectTimeoutMs: 1_000,
    });
    const app = await startTestApp({ database: "postgres", storage: down });
    try {
      const res = await app.web("POST", "/v1/web/content/media", newOwner(), {
        media: "aGVsbG8=",
        contentType: "image/png",
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: "object storage is unavailable",
      });
    } finally {
      await app.close();
      down.close();
    }
  });
});

describe("findable and documented", () => {
  it("pnpm routes lists the raw part route with its file and domain function", () => {
    const part = buildRouteMap().find((e) => e.path === "/v1/web/content/media-upload/part");
    expect(part).toMatchObject({
      method: "POST",
      routeFile: "apps/api/src/raw/media/upload-multipart-part.ts",
      domainFunction: "uploadMultipartPart",
      domainFile: "packages/domain/src/media/upload-multipart-part.ts",
    });
  });

  it("/openapi.json documents the part route: octet-stream body, its query, the web lane, 200 {partNumber, etag}, 413 at 12 MB", async () => {
    const doc = (await t.request("GET", "/openapi.json")).body;
    const op = doc.paths["/v1/web/content/media-upload/part"].post;
    expect(Object.keys(op.requestBody.content)).toEqual(["application/octet-stream"]);
    const query = op.parameters.filter((p: any) => p.in === "query");
    expect(query.map((p: any) => [p.name, p.required, p.schema.maxLength ?? p.schema.maximum])).toEqual([
      ["key", true, 512],
      ["uploadId", true, 1024],
      ["partNumber", true, 10_000],
    ]);
    expect(op.security).toEqual(doc.paths["/v1/web/content/media"].post.security);
    expect(op.tags).toEqual(["web/media"]);
    expect(Object.keys(op.responses)).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "409",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    expect(op.responses["413"].description).toContain("12 MB");
    expect(doc.paths["/v1/web/content/media"].post.responses["413"].description).toContain("24 MB");
    expect(Object.keys(doc.paths["/v1/web/content/media-upload/abort"].post.responses)).toContain("204");
  });
});
