import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOrganizations, studios } from "@studio/db";
import { eq } from "drizzle-orm";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { bearerReplayHeaders, insertSignInSession } from "./support/sign-in-sessions";

/*
 * The bearer lane (document 1): /v1/studios and /v1/clients (with document 2's tracking views)
 * serve the web lane's procedures to a coach's sign-in session (better-auth's session and member
 * tables, real rows), after replay protection.
 */

let t: TestApp;
let clock = Date.now();

interface Studio {
  organizationId: string;
  studioId: string;
  clientId: string;
}

/** A studio (made by its owner on the web lane) with one trainee. */
async function studioWithTrainee(): Promise<Studio> {
  const owner = newOwner();
  const studio = await t.web("GET", "/v1/web/studio", owner);
  const client = await t.web("POST", "/v1/web/clients", owner, {
    firstName: "Noa",
    lastName: "Levi",
    phone: `+97250${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
  });
  expect(client.status).toBe(201);
  return { organizationId: owner.studioId!, studioId: studio.body.data.id, clientId: client.body.data.id };
}

/** A signed-in user with a member row in the organization (role) and a session whose active organization is it. */
const signIn = (
  organizationId: string,
  role: string | null,
  options: { expiresInMs?: number; activeOrganizationId?: string | null } = {},
) =>
  insertSignInSession(t, {
    organizationId,
    role,
    expiresAt: new Date(clock + (options.expiresInMs ?? 3_600_000)),
    ...(options.activeOrganizationId === undefined
      ? {}
      : { activeOrganizationId: options.activeOrganizationId }),
  });

const replay = () => bearerReplayHeaders(clock);

const bearer = (token: string, method: string, path: string, body?: unknown) =>
  t.request(method, path, {
    headers: {
      authorization: `Bearer ${token}`,
      ...replay(),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

let a: Studio;
let b: Studio;
let ownerToken: string;

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock) });
  a = await studioWithTrainee();
  b = await studioWithTrainee();
  ownerToken = await signIn(a.organizationId, "owner");
});
afterAll(async () => t?.close());

describe("bearer lane: replay protection, then the session", () => {
  it("missing x-nonce or x-timestamp answers 400 before the session is read", async () => {
    const res = await t.request("GET", "/v1/clients", { headers: { authorization: `Bearer ${ownerToken}` } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      code: "BAD_REQUEST",
      message: "missing x-nonce or x-timestamp header",
    });
  });

  it("a timestamp outside 300 s or a reused nonce answers 401", async () => {
    const late = await t.request("GET", "/v1/clients", {
      headers: {
        authorization: `Bearer ${ownerToken}`,
        "x-nonce": `n-${randomUUID()}`,
        "x-timestamp": String(clock - 301_000),
      },
    });
    expect(late.status).toBe(401);
    const headers = { authorization: `Bearer ${ownerToken}`, ...replay() };
    expect((await t.request("GET", "/v1/clients", { headers })).status).toBe(200);
    const again = await t.request("GET", "/v1/clients", { headers });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe("nonce already used");
  });

  it("no token, an unknown token, an expired session, no active organization, no membership or an unlinked organization answer 401", async () => {
    const noToken = await t.request("GET", "/v1/clients", { headers: replay() });
    expect(noToken.status).toBe(401);
    expect(noToken.body).toMatchObject({ code: "UNAUTHORIZED", message: "invalid session" });
    expect((await bearer("not-a-session", "GET", "/v1/clients")).status).toBe(401);
    const expired = await signIn(a.organizationId, "owner", { expiresInMs: -1 });
    expect((await bearer(expired, "GET", "/v1/clients")).status).toBe(401);
    const noActive = await signIn(a.organizationId, "owner", { activeOrganizationId: null });
    expect((await bearer(noActive, "GET", "/v1/clients")).status).toBe(401);
    // A member of b whose session names a's organization.
    const notMember = await signIn(b.organizationId, "owner", { activeOrganizationId: a.organizationId });
    expect((await bearer(notMember, "GET", "/v1/clients")).status).toBe(401);
    // An organization no studio is linked to.
    const orgId = `org_${randomUUID()}`;
    await t.deps.database.db.insert(authOrganizations).values({ id: orgId, name: "Nobody" });
    const unlinked = await signIn(orgId, "owner");
    expect((await bearer(unlinked, "GET", "/v1/clients")).status).toBe(401);
  });

  it("a session expires while in use: refused from its expiry on", async () => {
    const token = await signIn(a.organizationId, "owner", { expiresInMs: 60_000 });
    expect((await bearer(token, "GET", "/v1/clients")).status).toBe(200);
    const saved = clock;
    clock += 61_000;
    try {
      expect((await bearer(token, "GET", "/v1/clients")).status).toBe(401);
    } finally {
      clock = saved;
    }
  });

  it("an archived studio refuses its sessions", async () => {
    const c = await studioWithTrainee();
    const token = await signIn(c.organizationId, "owner");
    expect((await bearer(token, "GET", "/v1/clients")).status).toBe(200);
    await t.deps.database.db
      .update(studios)
      .set({ archivedAt: new Date(clock) })
      .where(eq(studios.id, c.studioId));
    expect((await bearer(token, "GET", "/v1/clients")).status).toBe(401);
  });
});

describe("bearer lane: the web routers under /v1/studios and /v1/clients", () => {
  it("lists, reads and updates the studio's trainees (the clients router)", async () => {
    const list = await bearer(ownerToken, "GET", "/v1/clients");
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((c: { id: string }) => c.id)).toEqual([a.clientId]);
    const one = await bearer(ownerToken, "GET", `/v1/clients/${a.clientId}`);
    expect(one.status).toBe(200);
    expect(one.body.data.id).toBe(a.clientId);
    const patched = await bearer(ownerToken, "PATCH", `/v1/clients/${a.clientId}`, { goal: "strength" });
    expect(patched.status).toBe(200);
    const web = await t.web("GET", `/v1/web/clients/${a.clientId}`, {
      ...newOwner(),
      studioId: a.organizationId,
    });
    expect(web.body.data.goal).toBe("strength");
  });

  it("serves document 2's tracking views and writes under /v1/clients/{id}/tracking", async () => {
    const summary = await bearer(ownerToken, "GET", `/v1/clients/${a.clientId}/tracking/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body.data.appActivity).toHaveLength(14);
    const weight = await bearer(ownerToken, "POST", `/v1/clients/${a.clientId}/tracking/weights`, {
      weightKg: 71.5,
    });
    expect(weight.status).toBe(201);
    const view = await bearer(ownerToken, "GET", `/v1/clients/${a.clientId}/tracking/weight?range=7d`);
    expect(view.status).toBe(200);
    expect(view.body.data.currentKg).toBe(71.5);
  });

  it("another studio's trainee answers exactly like a missing one", async () => {
    const foreign = await bearer(ownerToken, "GET", `/v1/clients/${b.clientId}`);
    const missing = await bearer(ownerToken, "GET", `/v1/clients/${randomUUID()}`);
    expect(foreign.status).toBe(404);
    expect({ ...foreign.body, requestId: undefined }).toEqual({ ...missing.body, requestId: undefined });
    for (const path of [
      `/v1/clients/${b.clientId}/tracking/summary`,
      `/v1/clients/${b.clientId}/tracking/weight`,
    ]) {
      expect((await bearer(ownerToken, "GET", path)).status).toBe(404);
    }
    const write = await bearer(ownerToken, "POST", `/v1/clients/${b.clientId}/tracking/weights`, {
      weightKg: 60,
    });
    expect(write.status).toBe(404);
    // b's list does not show a's trainee.
    const bToken = await signIn(b.organizationId, "owner");
    const bList = await bearer(bToken, "GET", "/v1/clients");
    expect(bList.body.data.items.map((c: { id: string }) => c.id)).toEqual([b.clientId]);
  });

  it("member roles map to the web roles: owner OWNER, admin HEAD_COACH, anything else SUB_COACH (the studios router's API keys)", async () => {
    const created = await bearer(ownerToken, "POST", "/v1/studios/current/api-keys", { name: "zapier" });
    expect(created.status).toBe(201);
    const admin = await signIn(a.organizationId, "admin");
    expect((await bearer(admin, "GET", "/v1/studios/current/api-keys")).status).toBe(200);
    const member = await signIn(a.organizationId, "member");
    const refused = await bearer(member, "POST", "/v1/studios/current/api-keys", { name: "x" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "FORBIDDEN", message: "insufficient role" });
    const other = await signIn(a.organizationId, "billing");
    expect((await bearer(other, "POST", "/v1/studios/current/api-keys", { name: "x" })).status).toBe(403);
    // The key was made for a's studio: b's owner does not see it.
    const bToken = await signIn(b.organizationId, "owner");
    const bKeys = await bearer(bToken, "GET", "/v1/studios/current/api-keys");
    expect(bKeys.body.data.items ?? bKeys.body.data).toEqual([]);
  });

  it("bad input gets the web lane's answers (422 VALIDATION, never 500)", async () => {
    const nul = await bearer(ownerToken, "POST", "/v1/clients", {
      firstName: "A\u0000",
      phone: "+972501112233",
    });
    expect(nul.status).toBe(422);
    expect(nul.body.code).toBe("VALIDATION");
    const range = await bearer(ownerToken, "GET", `/v1/clients/${a.clientId}/tracking/nutrition?range=1y`);
    expect(range.status).toBe(422);
  });

  it("/v1/whatsapp has no coach operation: after the credential, NOT_FOUND; the web-only routers are not mounted", async () => {
    expect((await bearer(ownerToken, "GET", "/v1/whatsapp/templates")).status).toBe(404);
    expect((await bearer(ownerToken, "GET", "/v1/studios/current")).status).toBe(404);
    expect((await t.request("GET", "/v1/whatsapp/templates", { headers: replay() })).status).toBe(401);
  });
});
