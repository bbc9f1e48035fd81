import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTrainee } from "./support/tracking-fixtures";
import { adminRequest } from "./support/notification-fixtures";
import { startTestApp, type TestApp } from "./support/harness";

/**
 * GET /v1/trainee/app-release (document 1: trainee token, no app-access guard) answered from the
 * platform setting the admin lane writes (PUT/GET /v1/admin/app-releases/{platform}, service
 * signature). docs/decisions/trainee-app.md "App release".
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const IOS = {
  minimumVersion: "2.4.0",
  latestVersion: "2.10.1",
  storeUrl: "https://apps.apple.com/app/id123",
};

describe("GET /v1/trainee/app-release", () => {
  it("without a setting: nothing forced, nulls", async () => {
    const s = await newTrainee(t);
    const data = await s.ok("GET", "/v1/trainee/app-release?platform=android&version=1.0.0");
    expect(data).toEqual({
      platform: "android",
      version: "1.0.0",
      minimumVersion: null,
      latestVersion: null,
      forceUpdate: false,
      updateAvailable: false,
      storeUrl: null,
    });
  });

  it("forceUpdate when the version is below the minimum (numeric parts: 2.10 is above 2.9)", async () => {
    expect((await adminRequest(t, "PUT", "/v1/admin/app-releases/ios", IOS)).status).toBe(200);
    const s = await newTrainee(t);
    const check = (version: string) => s.ok("GET", `/v1/trainee/app-release?platform=ios&version=${version}`);
    expect(await check("2.3.9")).toMatchObject({ forceUpdate: true, updateAvailable: true });
    expect(await check("1.99.99")).toMatchObject({ forceUpdate: true });
    expect(await check("2.4.0")).toMatchObject({ forceUpdate: false, updateAvailable: true });
    expect(await check("2.9.0")).toMatchObject({ forceUpdate: false, updateAvailable: true });
    expect(await check("2.10.1")).toMatchObject({ forceUpdate: false, updateAvailable: false });
    expect(await check("3.0.0")).toEqual({
      platform: "ios",
      version: "3.0.0",
      ...IOS,
      forceUpdate: false,
      updateAvailable: false,
    });
    // The other platform's setting is its own.
    expect(await s.ok("GET", "/v1/trainee/app-release?platform=android&version=0.0.1")).toMatchObject({
      forceUpdate: false,
      minimumVersion: null,
    });
  });

  it("no app-access guard: a locked trainee (ended access) and a preview session still read it", async () => {
    const s = await newTrainee(t, {
      accessEndsAt: new Date("2020-01-01T00:00:00Z"),
      freezeStartedAt: new Date("2019-01-01T00:00:00Z"),
    });
    expect((await s.call("GET", "/v1/trainee/plans")).body.code).toBe("APP_LOCKED");
    expect((await s.call("GET", "/v1/trainee/app-release?platform=ios&version=1.0.0")).status).toBe(200);
    const preview = s.previewToken(Date.now());
    const res = await t.request("GET", "/v1/trainee/app-release?platform=ios&version=1.0.0", {
      headers: { authorization: `Bearer ${preview}` },
    });
    expect(res.status).toBe(200);
  });

  it("bad input: 422 VALIDATION naming the field; no token: 401", async () => {
    const s = await newTrainee(t);
    for (const [query, field] of [
      ["platform=windows&version=1.0.0", "platform"],
      ["version=1.0.0", "platform"],
      ["platform=ios", "version"],
      ["platform=ios&version=1.0", "version"],
      ["platform=ios&version=1.0.0-beta", "version"],
      ["platform=ios&version=1.0.%00", "version"],
      ["platform=ios&version=1234567.0.0", "version"],
    ] as const) {
      const res = await s.call("GET", `/v1/trainee/app-release?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
      expect(
        res.body.details.issues.map((i: any) => i.path),
        query,
      ).toContain(field);
    }
    expect((await t.request("GET", "/v1/trainee/app-release?platform=ios&version=1.0.0")).status).toBe(401);
  });
});

describe("/v1/admin/app-releases/{platform}", () => {
  it("PUT writes the whole setting (an upsert), GET reads it; GET before any PUT is 404", async () => {
    expect((await adminRequest(t, "GET", "/v1/admin/app-releases/android")).body).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
      message: "app release not found",
    });
    const first = await adminRequest(t, "PUT", "/v1/admin/app-releases/android", {
      minimumVersion: "1.0.0",
      latestVersion: "1.2.0",
      storeUrl: "https://play.google.com/store/apps/details?id=studio",
    });
    expect(first.status).toBe(200);
    const second = await adminRequest(t, "PUT", "/v1/admin/app-releases/android", {
      minimumVersion: "1.1.0",
      latestVersion: "1.1.0",
      storeUrl: "https://play.google.com/store/apps/details?id=studio2",
    });
    expect(second.body.data).toMatchObject({
      platform: "android",
      minimumVersion: "1.1.0",
      latestVersion: "1.1.0",
      storeUrl: "https://play.google.com/store/apps/details?id=studio2",
    });
    expect((await adminRequest(t, "GET", "/v1/admin/app-releases/android")).body.data).toEqual(
      second.body.data,
    );
  });

  it("refuses latest below minimum, bad versions, a non-https store URL and an unknown platform (422)", async () => {
    for (const [path, body, field] of [
      ["/v1/admin/app-releases/ios", { ...IOS, latestVersion: "2.3.0" }, "latestVersion"],
      ["/v1/admin/app-releases/ios", { ...IOS, minimumVersion: "2" }, "minimumVersion"],
      ["/v1/admin/app-releases/ios", { ...IOS, storeUrl: "http://apps.apple.com/x" }, "storeUrl"],
      ["/v1/admin/app-releases/ios", { ...IOS, storeUrl: "not a url" }, "storeUrl"],
      ["/v1/admin/app-releases/ios", { minimumVersion: "1.0.0", latestVersion: "1.0.0" }, "storeUrl"],
      ["/v1/admin/app-releases/web", IOS, "platform"],
    ] as const) {
      const res = await adminRequest(t, "PUT", path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(
        res.body.details.issues.map((i: any) => i.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await adminRequest(t, "GET", "/v1/admin/app-releases/web")).status).toBe(422);
  });

  it("needs the service signature: a trainee token or nothing answers 401", async () => {
    const s = await newTrainee(t);
    expect((await t.request("GET", "/v1/admin/app-releases/ios")).status).toBe(401);
    expect((await s.call("PUT", "/v1/admin/app-releases/ios", IOS)).status).toBe(401);
  });
});
