import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalObjectStorage, S3ObjectStorage } from "@studio/providers/storage";
import { createObjectStorage } from "../src/bootstrap";
import { loadConfig } from "../src/config";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { studioIdOf } from "./support/team-fixtures";

/**
 * The embedded default (`pnpm start` with no S3_* and no DATABASE_URL) serves media too: a local
 * directory behind the same ObjectStorage port, served by the API at /media (GET objects, PUT to
 * presigned upload URLs).
 */
describe("which media storage a configuration gets", () => {
  it("S3_BUCKET: S3; else the embedded default (no DATABASE_URL) or MEDIA_DIR: the local store; else none", async () => {
    const s3 = loadConfig({
      S3_BUCKET: "media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      DATABASE_URL: "postgres://x",
    });
    expect(s3.localMedia).toBeUndefined();
    const s3Storage = await createObjectStorage(s3);
    expect(s3Storage).toBeInstanceOf(S3ObjectStorage);
    // S3_PUBLIC_BASE_URL unset: the endpoint's path-style bucket URL
    expect(s3Storage!.publicUrl("studios/s/content/a.png")).toBe(
      "http://127.0.0.1:9000/media/studios/s/content/a.png",
    );
    (s3Storage as S3ObjectStorage).close();
    const withBase = await createObjectStorage(
      loadConfig({ S3_BUCKET: "media", S3_PUBLIC_BASE_URL: "https://cdn.example.com/" }),
    );
    expect(withBase!.publicUrl("studios/s/content/a.png")).toBe(
      "https://cdn.example.com/studios/s/content/a.png",
    );
    (withBase as S3ObjectStorage).close();

    const embedded = loadConfig({ PORT: "4100" });
    expect(embedded.localMedia).toEqual({
      dir: "./.data/media",
      publicBaseUrl: "http://localhost:4100/media",
    });
    expect(await createObjectStorage(embedded)).toBeInstanceOf(LocalObjectStorage);
    expect(
      loadConfig({ MEDIA_DIR: "/srv/media", MEDIA_PUBLIC_BASE_URL: "https://api.example.com/media" })
        .localMedia,
    ).toEqual({ dir: "/srv/media", publicBaseUrl: "https://api.example.com/media" });

    const deployed = loadConfig({ DATABASE_URL: "postgres://x" });
    expect(deployed.localMedia).toBeUndefined();
    expect(await createObjectStorage(deployed)).toBeNull();
    expect(loadConfig({ DATABASE_URL: "postgres://x", MEDIA_DIR: "/srv/media" }).localMedia?.dir).toBe(
      "/srv/media",
    );
  });

  it("the media body limits default to 24 MiB (inline JSON) and 12 MiB (a part)", () => {
    const config = loadConfig({});
    expect(config.mediaInlineBodyLimitBytes).toBe(24 * 1024 * 1024);
    expect(config.mediaPartBodyLimitBytes).toBe(12 * 1024 * 1024);
  });
});

describe("the embedded default serves media at /media", () => {
  let t: TestApp;
  let dir: string;
  const owner = newOwner();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "media-embedded-"));
    const storage = new LocalObjectStorage({ dir, publicBaseUrl: () => `${t.baseUrl}/media` });
    t = await startTestApp({ database: "pglite", storage });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const read = async (url: string) => {
    const res = await fetch(url);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("inline, presigned PUT and multipart uploads are read back from the API at their public URL", async () => {
    const studioId = await studioIdOf(t, owner);
    const inlineBytes = Buffer.from("%PDF-1.7 embedded");
    const inline = await t.web("POST", "/v1/web/content/media", owner, {
      media: inlineBytes.toString("base64"),
      contentType: "application/pdf",
      scope: "plans",
    });
    expect(inline.status, JSON.stringify(inline.body)).toBe(201);
    expect(inline.body.data.url).toMatch(
      new RegExp(`^${t.baseUrl}/media/studios/${studioId}/plans/[0-9a-f-]{36}\\.pdf$`),
    );
    const got = await read(inline.body.data.url);
    expect(got.res.status).toBe(200);
    expect(got.res.headers.get("content-type")).toBe("application/pdf");
    expect(got.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.bytes.equals(inlineBytes)).toBe(true);

    const presigned = await t.web("POST", "/v1/web/content/media-url", owner, { contentType: "image/webp" });
    expect(presigned.status).toBe(201);
    const { uploadUrl, url } = presigned.body.data as { uploadUrl: string; url: string };
    const body = Buffer.from("webp bytes");
    expect(
      (await fetch(uploadUrl, { method: "PUT", body, headers: { "content-type": "image/png" } })).status,
    ).toBe(403);
    expect(
      (await fetch(uploadUrl, { method: "PUT", body, headers: { "content-type": "image/webp" } })).status,
    ).toBe(200);
    const put = await read(url);
    expect(put.res.headers.get("content-type")).toBe("image/webp");
    expect(put.bytes.equals(body)).toBe(true);
    const forged = new URL(uploadUrl);
    forged.searchParams.set("contentType", "image/png");
    expect(
      (await fetch(forged, { method: "PUT", body, headers: { "content-type": "image/png" } })).status,
    ).toBe(403);

    const start = await t.web("POST", "/v1/web/content/media-upload/start", owner, {
      contentType: "video/mp4",
    });
    const { key, uploadId } = start.body.data as { key: string; uploadId: string };
    const { signServiceRequest } = await import("@studio/auth");
    const { userHeaders } = await import("./support/harness");
    const part = Buffer.from("a short single part");
    const path = `/v1/web/content/media-upload/part?key=${encodeURIComponent(key)}&uploadId=${uploadId}&partNumber=1`;
    const partRes = await fetch(t.baseUrl + path, {
      method: "POST",
      body: part,
      headers: {
        ...signServiceRequest({
          secret: t.config.serviceAuthSecret,
          serviceId: "web-app",
          method: "POST",
          pathWithQuery: path,
          body: part,
        }),
        ...userHeaders(owner),
        "content-type": "application/octet-stream",
      },
    });
    expect(partRes.status).toBe(200);
    const { etag } = ((await partRes.json()) as { data: { etag: string } }).data;
    const done = await t.web("POST", "/v1/web/content/media-upload/complete", owner, {
      key,
      uploadId,
      parts: [{ partNumber: 1, etag }],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect((await read(done.body.data.url)).bytes.equals(part)).toBe(true);
  });

  it("a missing object or a path outside the store answers 404", async () => {
    expect((await fetch(`${t.baseUrl}/media/studios/none/content/x.png`)).status).toBe(404);
    for (const path of ["/media/..%2F..%2Fetc%2Fpasswd", "/media/%2e%2e/%2e%2e/package.json", "/media/"])
      expect((await fetch(t.baseUrl + path)).status, path).toBe(404);
    expect(
      (await fetch(`${t.baseUrl}/media/studios/x/content/y.png`, { method: "PUT", body: "x" })).status,
    ).toBe(403);
  });
});
