import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signServiceRequest } from "@studio/auth";
import { coaches, contentCategories, organizationMembers, studios } from "@studio/db";
import { newOwner, startTestApp, userHeaders, type TestApp } from "./support/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const signed = (
  method: string,
  path: string,
  body = "",
  overrides: Partial<Parameters<typeof signServiceRequest>[0]> = {},
) =>
  signServiceRequest({
    secret: t.config.serviceAuthSecret,
    serviceId: "web-app",
    method,
    pathWithQuery: path,
    body,
    ...overrides,
  });

describe("web lane: service signature", () => {
  it("a correctly signed request with user context answers the current studio in the envelope", async () => {
    const user = newOwner({ studioName: "Gym One" });
    const res = await t.web("GET", "/v1/web/studio", user);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.data).toMatchObject({
      organizationId: user.studioId,
      name: "Gym One",
      slug: user.studioId!.toLowerCase(),
    });
    expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
  });

  it.each(["x-service-id", "x-service-timestamp", "x-service-nonce", "x-service-signature"])(
    "a missing %s header answers 401 naming it",
    async (header) => {
      const headers: Record<string, string> = {
        ...signed("GET", "/v1/web/studio"),
        ...userHeaders(newOwner()),
      };
      delete headers[header];
      const res = await t.request("GET", "/v1/web/studio", { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
      expect(res.body.message).toContain(header);
    },
  );

  it("an unknown service id answers 401", async () => {
    const headers = {
      ...signed("GET", "/v1/web/studio", "", { serviceId: "intruder" }),
      ...userHeaders(newOwner()),
    };
    const res = await t.request("GET", "/v1/web/studio", { headers });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/service id/);
  });

  it("a timestamp more than 300,000 ms away answers 401", async () => {
    const headers = {
      ...signed("GET", "/v1/web/studio", "", { timestamp: Date.now() - 301_000 }),
      ...userHeaders(newOwner()),
    };
    expect((await t.request("GET", "/v1/web/studio", { headers })).status).toBe(401);
    const future = {
      ...signed("GET", "/v1/web/studio", "", { timestamp: Date.now() + 301_000 }),
      ...userHeaders(newOwner()),
    };
    expect((await t.request("GET", "/v1/web/studio", { headers: future })).status).toBe(401);
  });

  it("a body other than the signed bytes answers 401 (signature covers the raw body)", async () => {
    const body = JSON.stringify({ name: "key" });
    const headers = {
      ...signed("POST", "/v1/web/studios/current/api-keys", body),
      ...userHeaders(newOwner()),
      "content-type": "application/json",
    };
    const res = await t.request("POST", "/v1/web/studios/current/api-keys", {
      headers,
      body: JSON.stringify({ name: "kez" }),
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/signature/);
  });

  it("the same JSON with different whitespace is different bytes and answers 401", async () => {
    const body = JSON.stringify({ name: "key" });
    const headers = {
      ...signed("POST", "/v1/web/studios/current/api-keys", body),
      ...userHeaders(newOwner()),
      "content-type": "application/json",
    };
    const res = await t.request("POST", "/v1/web/studios/current/api-keys", {
      headers,
      body: JSON.stringify({ name: "key" }, null, 1),
    });
    expect(res.status).toBe(401);
  });

  it("a changed query string answers 401 (the path is signed with its query)", async () => {
    const headers = { ...signed("GET", "/v1/web/studio?a=1"), ...userHeaders(newOwner()) };
    expect((await t.request("GET", "/v1/web/studio?a=2", { headers })).status).toBe(401);
    const ok = { ...signed("GET", "/v1/web/studio?a=1"), ...userHeaders(newOwner()) };
    expect((await t.request("GET", "/v1/web/studio?a=1", { headers: ok })).status).toBe(200);
  });

  it("a signature made for another method answers 401", async () => {
    const headers = { ...signed("POST", "/v1/web/studio"), ...userHeaders(newOwner()) };
    expect((await t.request("GET", "/v1/web/studio", { headers })).status).toBe(401);
  });

  it("a replayed nonce answers 401 the second time", async () => {
    const headers = { ...signed("GET", "/v1/web/studio"), ...userHeaders(newOwner()) };
    expect((await t.request("GET", "/v1/web/studio", { headers })).status).toBe(200);
    const again = await t.request("GET", "/v1/web/studio", { headers });
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/nonce/);
  });
});

describe("web lane: user context", () => {
  it("missing x-studio-id or x-user-id answers 401 missing web user context", async () => {
    for (const user of [{ userId: "u1" }, { studioId: "org-x" }]) {
      const headers = { ...signed("GET", "/v1/web/studio"), ...userHeaders(user) };
      const res = await t.request("GET", "/v1/web/studio", { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        ok: false,
        code: "UNAUTHORIZED",
        message: "missing web user context",
      });
    }
  });

  it("a new organization creates its studio with the three default content categories", async () => {
    const user = newOwner();
    const res = await t.web("GET", "/v1/web/studio", user);
    const rows = await t.deps.database.db
      .select()
      .from(contentCategories)
      .where(eq(contentCategories.studioId, res.body.data.id))
      .orderBy(contentCategories.sortOrder);
    expect(rows.map((r) => [r.systemKey, r.sortOrder])).toEqual([
      ["recipe", -3],
      ["video", -2],
      ["knowledge", -1],
    ]);
    expect(rows.every((r) => /[\u0590-\u05FF]/.test(r.name))).toBe(true);
    const again = await t.web("GET", "/v1/web/studio", user);
    expect(again.body.data.id).toBe(res.body.data.id);
  });

  it("a studio with the same slug is linked to the organization instead of duplicated", async () => {
    const slug = `slug-${Date.now()}`;
    const [existing] = await t.deps.database.db
      .insert(studios)
      .values({ name: "Pre-existing", slug })
      .returning();
    const user = newOwner({ studioSlug: slug });
    const res = await t.web("GET", "/v1/web/studio", user);
    expect(res.body.data.id).toBe(existing!.id);
    expect(res.body.data.organizationId).toBe(user.studioId);
  });

  it("the studio id in auth is the internal id, not the organization id", async () => {
    const user = newOwner();
    const res = await t.web("GET", "/v1/web/studio", user);
    expect(res.body.data.id).not.toBe(user.studioId);
  });

  it("twenty concurrent first requests of one organization create exactly one studio", async () => {
    const user = newOwner();
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.web("GET", "/v1/web/studio", user)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const rows = await t.deps.database.db
      .select()
      .from(studios)
      .where(eq(studios.organizationId, user.studioId!));
    expect(rows).toHaveLength(1);
  });

  it("role OWNER upserts one HEAD_COACH Coach row and an owner organization member", async () => {
    const user = newOwner();
    const res = await t.web("GET", "/v1/web/studio", user);
    await t.web("GET", "/v1/web/studio", user);
    const studioId = res.body.data.id;
    const rows = await t.deps.database.db.select().from(coaches).where(eq(coaches.studioId, studioId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      role: "HEAD_COACH",
      externalUserId: user.userId,
      name: "Dana Levi",
      firstName: "Dana",
      lastName: "Levi",
      email: user.userEmail,
    });
    const members = await t.deps.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.studioId, studioId));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[user.userId, "owner"]]);
  });

  it("a SUB_COACH caller gets no Coach row created", async () => {
    const owner = newOwner();
    const studio = await t.web("GET", "/v1/web/studio", owner);
    await t.web("GET", "/v1/web/studio", { ...owner, userId: "someone-else", role: "SUB_COACH" });
    const rows = await t.deps.database.db
      .select()
      .from(coaches)
      .where(eq(coaches.studioId, studio.body.data.id));
    expect(rows.map((r) => r.externalUserId)).toEqual([owner.userId]);
  });

  it("lastActiveAt is stamped on a request of the coach", async () => {
    const user = newOwner();
    const res = await t.web("GET", "/v1/web/studio", user);
    const [row] = await t.deps.database.db
      .select()
      .from(coaches)
      .where(and(eq(coaches.studioId, res.body.data.id), eq(coaches.externalUserId, user.userId!)));
    expect(row?.lastActiveAt).toBeInstanceOf(Date);
  });

  it("a missing or unknown x-user-role reads as SUB_COACH (refused by an OWNER/HEAD_COACH route with 403 insufficient role)", async () => {
    const owner = newOwner();
    for (const role of [undefined, "SUPERUSER"]) {
      const res = await t.web("GET", "/v1/web/studios/current/api-keys", { ...owner, role });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ ok: false, code: "FORBIDDEN", message: "insufficient role" });
    }
    const head = await t.web("GET", "/v1/web/studios/current/api-keys", { ...owner, role: "HEAD_COACH" });
    expect(head.status).toBe(200);
  });

  it("the web context records a missing member but never demotes a role that coach writes set", async () => {
    const owner = newOwner();
    const studio = await t.web("GET", "/v1/web/studio", owner);
    const studioId = studio.body.data.id;
    await t.deps.database.db
      .insert(organizationMembers)
      .values({ studioId, userId: "head-1", role: "admin" });
    await t.web("GET", "/v1/web/studio", { ...owner, userId: "head-1", role: "SUB_COACH" });
    await t.web("GET", "/v1/web/studio", { ...owner, userId: "new-1", role: "SUB_COACH" });
    const members = await t.deps.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.studioId, studioId));
    expect(Object.fromEntries(members.map((m) => [m.userId, m.role]))).toEqual({
      [owner.userId!]: "owner",
      "head-1": "admin",
      "new-1": "member",
    });
  });

  it("a dismissed coach's member row is not recreated by a later web request", async () => {
    const owner = newOwner();
    const studioId = (await t.web("GET", "/v1/web/studio", owner)).body.data.id;
    await t.deps.database.db.insert(coaches).values({
      studioId,
      externalUserId: "gone-1",
      name: "G",
      firstName: "G",
      lastName: "",
      email: "g@x.y",
      active: false,
    });
    await t.web("GET", "/v1/web/studio", { ...owner, userId: "gone-1", role: "SUB_COACH" });
    const members = await t.deps.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.studioId, studioId));
    expect(members.map((m) => m.userId)).toEqual([owner.userId]);
  });
});
