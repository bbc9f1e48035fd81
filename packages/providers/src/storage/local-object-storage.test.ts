import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSafeKey, LocalObjectStorage } from "./local-object-storage";

let dir: string;
let now = new Date("2030-01-01T00:00:00Z");
let store: LocalObjectStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "local-storage-"));
  store = new LocalObjectStorage({ dir, publicBaseUrl: "http://media.test/media", now: () => now });
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe("local object storage (embedded default)", () => {
  it("maps only safe keys onto the directory: no traversal, no empty or dot segments", async () => {
    for (const key of ["studios/s/content/a.png", "a", "a/b-c_d.e"]) expect(isSafeKey(key), key).toBe(true);
    for (const key of ["../x", "a/../b", "a//b", "/a", "a/", "a/./b", "a\\b", "a b", "é", ""])
      expect(isSafeKey(key), key).toBe(false);
    await expect(
      store.putObject({ key: "../escape", body: new Uint8Array([1]), contentType: "image/png" }),
    ).rejects.toThrow("unsafe object key");
    expect(await store.readObject("../../etc/passwd")).toBeUndefined();
  });

  it("an upload id is 32 hex characters of an open upload: anything else (a path included) is no-such-upload", async () => {
    const body = new Uint8Array([1, 2, 3]);
    for (const uploadId of ["../../objects", "x".repeat(1024), "", "0".repeat(32)])
      expect(
        await store.uploadPart({ key: "studios/s/content/a.png", uploadId, partNumber: 1, body }),
      ).toEqual({
        ok: false,
        refusal: "no-such-upload",
      });
    expect(await readdir(dir).catch(() => [])).not.toContain("escape");
  });

  it("a presigned URL is checked for its signature, then its expiry, then the Content-Type sent", async () => {
    const key = "studios/s/content/b.pdf";
    const url = new URL(
      await store.presignPut({ key, contentType: "application/pdf", expiresInSeconds: 600, now }),
    );
    expect(url.origin + url.pathname).toBe(`http://media.test/media/${key}`);
    expect(Number(url.searchParams.get("expires")) * 1000 - now.getTime()).toBe(600_000);
    const check = (q: URLSearchParams, contentType: string | undefined, k = key) =>
      store.checkPresignedPut({ key: k, query: q, contentType });
    expect(check(url.searchParams, "application/pdf")).toBeUndefined();
    expect(check(url.searchParams, "image/png")).toBe("content type does not match");
    expect(check(url.searchParams, undefined)).toBe("content type does not match");
    expect(check(url.searchParams, "application/pdf", "studios/s/content/other.pdf")).toBe(
      "signature does not match",
    );
    const forged = new URLSearchParams(url.searchParams);
    forged.set("contentType", "image/png");
    expect(check(forged, "image/png")).toBe("signature does not match");
    const extended = new URLSearchParams(url.searchParams);
    extended.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect(check(extended, "application/pdf")).toBe("signature does not match");
    const saved = now;
    now = new Date(saved.getTime() + 600_001);
    expect(check(url.searchParams, "application/pdf")).toBe("expired");
    now = saved;
    // another process (another secret) does not accept this one's URLs
    const other = new LocalObjectStorage({ dir, publicBaseUrl: "http://media.test/media", now: () => now });
    expect(other.checkPresignedPut({ key, query: url.searchParams, contentType: "application/pdf" })).toBe(
      "signature does not match",
    );
  });

  it("a streamed PUT over its limit stores nothing", async () => {
    const key = "studios/s/content/big.png";
    const body = new Blob([new Uint8Array(2048)]).stream();
    await expect(
      store.putObjectStream({ key, contentType: "image/png", body, maxBytes: 1024 }),
    ).rejects.toThrow("object too large");
    expect(await store.readObject(key)).toBeUndefined();
    await store.putObjectStream({
      key,
      contentType: "image/png",
      body: new Blob([new Uint8Array(1024)]).stream(),
      maxBytes: 1024,
    });
    expect((await store.readObject(key))?.size).toBe(1024);
  });
});
