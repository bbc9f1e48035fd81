import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { LocalObjectStorage } from "@studio/providers/storage";
import { describeObjectStorageContract } from "@studio/providers/storage/object-storage.contract";
import { startTestApp, type TestApp } from "./support/harness";
import { startS3Server, type S3TestServer } from "./support/s3-server";

/**
 * Both ObjectStorage providers pass one behavioural contract, every URL read over HTTP: S3 (our
 * AWS SDK provider against s3rver on loopback) and the embedded default's local directory
 * (served by the API itself at /media).
 */
let s3: S3TestServer;
let t: TestApp;
let local: LocalObjectStorage;
let dir: string;
let localOffsetMs = 0;

beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(join(tmpdir(), "media-local-"));
  local = new LocalObjectStorage({
    dir,
    publicBaseUrl: () => `${t.baseUrl}/media`,
    now: () => new Date(Date.now() + localOffsetMs),
  });
  t = await startTestApp({ database: "postgres", storage: local });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describeObjectStorageContract("S3 provider against s3rver on loopback", () => ({
  storage: s3.storage,
  advanceClock: (ms) => s3.advanceClock(ms),
}));

describeObjectStorageContract("local directory served by the API at /media (embedded default)", () => ({
  storage: local,
  advanceClock: (ms) => void (localOffsetMs += ms),
}));
