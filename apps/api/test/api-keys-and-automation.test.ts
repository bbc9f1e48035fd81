import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { hashApiKey } from "@studio/auth";
import { apiKeys } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());

async function createKey(user = newOwner(), name = "Zapier") {
  const res = await t.web("POST", "/v1/web/studios/current/api-keys", user, { name });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; key: string; prefix: string; name: string; createdAt: string };
}

describe("studio API keys (web lane)", () => {
  it("create answers 201 with sk_live_ + 40 hex, shown once, and stores only its SHA-256 and 15-char prefix", async () => {
    const key = await createKey();
    expect(key.key).toMatch(/^sk_live_[0-9a-f]{40}$/);
    expect(key.prefix).toBe(key.key.slice(0, 15));
    const [row] = await t.deps.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.keyHash).toBe(hashApiKey(key.key));
    expect(JSON.stringify(row)).not.toContain(key.key);
  });

  it("list answers the keys without the plain key; revoke removes it", async () => {
    const user = newOwner();
    const key = await createKey(user);
    const list = await t.web("GET", "/v1/web/studios/current/api-keys", user);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ id: key.id, name: "Zapier", prefix: key.prefix }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key.key);
    const revoked = await t.web("DELETE", `/v1/web/studios/current/api-keys/${key.id}`, user);
    expect(revoked.body.data).toEqual({ id: key.id, revoked: true });
    expect((await t.web("GET", "/v1/web/studios/current/api-keys", user)).body.data.items).toEqual([]);
  });

  it("HEAD_COACH may manage keys; SUB_COACH gets 403 insufficient role", async () => {
    const owner = newOwner();
    expect(
      (
        await t.web(
          "POST",
          "/v1/web/studios/current/api-keys",
          { ...owner, userId: "hc", role: "HEAD_COACH" },
          { name: "a" },
        )
      ).status,
    ).toBe(201);
    const sub = await t.web(
      "POST",
      "/v1/web/studios/current/api-keys",
      { ...owner, userId: "sc", role: "SUB_COACH" },
      { name: "a" },
    );
    expect(sub.status).toBe(403);
    expect(sub.body.code).toBe("FORBIDDEN");
  });

  it("another studio's key id answers 404 exactly like a missing one", async () => {
    const key = await createKey();
    const other = newOwner();
    const foreign = await t.web("DELETE", `/v1/web/studios/current/api-keys/${key.id}`, other);
    const missing = await t.web("DELETE", "/v1/web/studios/current/api-keys/does-not-exist", other);
    expect(foreign.status).toBe(404);
    expect({ ...foreign.body, requestId: "" }).toEqual({ ...missing.body, requestId: "" });
    const [row] = await t.deps.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt).toBeNull();
  });

  it("an empty name answers VALIDATION 422 with field details", async () => {
    const res = await t.web("POST", "/v1/web/studios/current/api-keys", newOwner(), { name: "  " });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
    expect(res.body.details.issues[0].path).toBe("name");
  });
});

describe("automation lane (studio API key)", () => {
  it("x-api-key and Authorization: Bearer both authenticate, scoped to the key's studio, in the automation envelope", async () => {
    const user = newOwner();
    const studio = await t.web("GET", "/v1/web/studio", user);
    const key = await createKey(user);
    const variants: Record<string, string>[] = [
      { "x-api-key": key.key },
      { authorization: `Bearer ${key.key}` },
    ];
    for (const headers of variants) {
      const res = await t.request("GET", "/v1/automation/validate", { headers });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: "connection ok",
        data: { studioId: studio.body.data.id, studioName: studio.body.data.name, apiKeyId: key.id },
      });
    }
  });

  it("no key answers 401 missing partner api key; a wrong or revoked key 401 invalid partner api key", async () => {
    const missing = await t.request("GET", "/v1/automation/validate");
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, message: "missing partner api key" });
    const wrong = await t.request("GET", "/v1/automation/validate", {
      headers: { "x-api-key": `sk_live_${"0".repeat(40)}` },
    });
    expect(wrong.body).toEqual({ success: false, message: "invalid partner api key" });
    const user = newOwner();
    const key = await createKey(user);
    await t.web("DELETE", `/v1/web/studios/current/api-keys/${key.id}`, user);
    const revoked = await t.request("GET", "/v1/automation/validate", { headers: { "x-api-key": key.key } });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe("invalid partner api key");
  });

  it("an unknown automation route answers 400-family automation envelope, never the standard one", async () => {
    const key = await createKey();
    const res = await t.request("GET", "/v1/automation/nope", { headers: { "x-api-key": key.key } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: "route not found" });
  });

  it("partner lane uses the same key with the standard envelope", async () => {
    const res = await t.request("GET", "/v1/partner/anything");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: "UNAUTHORIZED", message: "missing partner api key" });
  });

  it("lastUsedAt is written at most once per 5 minutes per key", async () => {
    const key = await createKey();
    const read = async () =>
      (await t.deps.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.lastUsedAt;
    await t.request("GET", "/v1/automation/validate", { headers: { "x-api-key": key.key } });
    const first = await read();
    expect(first).toBeInstanceOf(Date);
    clock += 60_000;
    await t.request("GET", "/v1/automation/validate", { headers: { "x-api-key": key.key } });
    expect((await read())!.getTime()).toBe(first!.getTime());
    clock += 5 * 60_000;
    await t.request("GET", "/v1/automation/validate", { headers: { "x-api-key": key.key } });
    expect((await read())!.getTime()).toBe(clock);
  });
});
