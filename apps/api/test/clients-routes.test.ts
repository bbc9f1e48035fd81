import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { verifyTraineeToken } from "@studio/auth";
import { clients } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addClient, addCoach, studioIdOf, uniquePhone, withoutRequestId } from "./support/team-fixtures";

let t: TestApp;
const clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());

const ids = (res: { body: any }) => res.body.data.items.map((c: { id: string }) => c.id);

describe("GET /v1/web/clients", () => {
  it("lists live trainees newest first with total; page and pageSize", async () => {
    const owner = newOwner();
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await addClient(t, owner, { firstName: `P${i}` }));
    const gone = await addClient(t, owner);
    await t.web("DELETE", `/v1/web/clients/${gone.id}`, owner);
    const all = await t.web("GET", "/v1/web/clients", owner);
    expect(all.body.data.total).toBe(3);
    expect(ids(all)).toEqual(made.map((c) => c.id).reverse());
    const page2 = await t.web("GET", "/v1/web/clients?page=2&pageSize=2", owner);
    expect(page2.body.data).toEqual({ items: [expect.objectContaining({ id: made[0].id })], total: 3 });
    expect((await t.web("GET", "/v1/web/clients?pageSize=501", owner)).status).toBe(422);
  });

  it("search matches name (case-insensitive), email or phone digits; status, coachId and exact tag filter", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner);
    const phone = uniquePhone();
    const noa = await addClient(t, owner, {
      firstName: "Noa",
      lastName: "Shalev",
      email: "noa.s@example.com",
      tags: ["vip"],
      phone: phone.local,
    });
    const dan = await addClient(t, owner, {
      firstName: "Dan",
      lastName: "Levi",
      status: "PAUSED",
      coachIds: [coach.id],
      tags: ["vipish"],
    });
    expect(ids(await t.web("GET", "/v1/web/clients?search=noa%20sha", owner))).toEqual([noa.id]);
    expect(ids(await t.web("GET", "/v1/web/clients?search=NOA.S%40EXAMPLE", owner))).toEqual([noa.id]);
    expect(
      ids(await t.web("GET", `/v1/web/clients?search=${encodeURIComponent(phone.local)}`, owner)),
    ).toEqual([noa.id]);
    expect(ids(await t.web("GET", "/v1/web/clients?search=%25", owner))).toEqual([]);
    expect(ids(await t.web("GET", "/v1/web/clients?status=PAUSED", owner))).toEqual([dan.id]);
    expect(ids(await t.web("GET", `/v1/web/clients?coachId=${coach.id}`, owner))).toEqual([dan.id]);
    expect(ids(await t.web("GET", "/v1/web/clients?tag=vip", owner))).toEqual([noa.id]);
    expect((await t.web("GET", "/v1/web/clients?status=NOPE", owner)).status).toBe(422);
  });
});

describe("GET, PATCH, DELETE /v1/web/clients/:id", () => {
  it("PATCH changes sent fields only, null clears, tags and coachIds replace, the primary follows the rules", async () => {
    const owner = newOwner();
    const { coach: a } = await addCoach(t, owner);
    const { coach: b } = await addCoach(t, owner);
    const client = await addClient(t, owner, {
      email: "x@example.com",
      tags: ["one", "two"],
      coachIds: [a.id, b.id],
      goalWeightKg: 60,
    });
    const res = await t.web("PATCH", `/v1/web/clients/${client.id}`, owner, {
      lastName: "New",
      email: null,
      tags: ["three"],
      coachIds: [b.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      firstName: client.firstName,
      lastName: "New",
      email: null,
      tags: ["three"],
      coachIds: [b.id],
      primaryCoachId: b.id,
      goalWeightKg: 60,
    });
    const primary = await t.web("PATCH", `/v1/web/clients/${client.id}`, owner, { primaryCoachId: a.id });
    expect(primary.body.data).toMatchObject({ coachIds: [a.id, b.id], primaryCoachId: a.id });
    const kept = await t.web("PATCH", `/v1/web/clients/${client.id}`, owner, { coachIds: [b.id, a.id] });
    expect(kept.body.data).toMatchObject({ coachIds: [b.id, a.id], primaryCoachId: a.id });
    expect((await t.web("GET", `/v1/web/clients/${client.id}`, owner)).body.data).toEqual(kept.body.data);
    const empty = await t.web("PATCH", `/v1/web/clients/${client.id}`, owner, {});
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ coachIds: [b.id, a.id], primaryCoachId: a.id, lastName: "New" });
  });

  it("PATCH phone: normalized, unique among live trainees (CONFLICT), VALIDATION when unparseable", async () => {
    const owner = newOwner();
    const a = await addClient(t, owner);
    const b = await addClient(t, owner);
    const phone = uniquePhone();
    expect(
      (await t.web("PATCH", `/v1/web/clients/${a.id}`, owner, { phone: phone.local })).body.data.phone,
    ).toBe(phone.e164);
    const dup = await t.web("PATCH", `/v1/web/clients/${b.id}`, owner, { phone: phone.e164 });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("a client with this phone already exists");
    expect((await t.web("PATCH", `/v1/web/clients/${b.id}`, owner, { phone: "nope" })).status).toBe(422);
    // Re-sending the trainee's own phone is not a conflict.
    expect((await t.web("PATCH", `/v1/web/clients/${a.id}`, owner, { phone: phone.local })).status).toBe(200);
  });

  it("PATCH coachIds: an unknown coach is VALIDATION, adding a full coach FORBIDDEN COACH_CLIENT_LIMIT", async () => {
    const owner = newOwner();
    const { coach: full } = await addCoach(t, owner, { clientLimit: 1 });
    await addClient(t, owner, { coachIds: [full.id] });
    const client = await addClient(t, owner);
    expect(
      (await t.web("PATCH", `/v1/web/clients/${client.id}`, owner, { coachIds: ["ghost"] })).body.message,
    ).toBe("unknown team member selected");
    const res = await t.web("PATCH", `/v1/web/clients/${client.id}`, owner, { coachIds: [full.id] });
    expect(res.status).toBe(403);
    expect(res.body.details.reason).toBe("COACH_CLIENT_LIMIT");
  });

  it("DELETE is a soft delete: the row keeps deletedAt, the trainee answers 404 afterwards", async () => {
    const owner = newOwner();
    const client = await addClient(t, owner);
    const res = await t.web("DELETE", `/v1/web/clients/${client.id}`, owner);
    expect(res.body.data).toEqual({ id: client.id, deleted: true });
    const [row] = await t.deps.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.deletedAt?.getTime()).toBe(clock);
    for (const [method, body] of [["GET"], ["PATCH", { firstName: "x" }], ["DELETE"]] as const) {
      const again = await t.web(method, `/v1/web/clients/${client.id}`, owner, body);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe("client not found");
    }
  });

  it("another studio's trainee id answers 404 client not found exactly like a missing one (GET, PATCH, DELETE, preview-token)", async () => {
    const foreign = await addClient(t, newOwner());
    const other = newOwner();
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { firstName: "x" }],
      ["DELETE", "", undefined],
      ["POST", "/preview-token", undefined],
    ] as const) {
      const a = await t.web(method, `/v1/web/clients/${foreign.id}${path}`, other, body);
      const b = await t.web(method, `/v1/web/clients/missing-id${path}`, other, body);
      expect(a.status, `${method} ${path}`).toBe(404);
      expect(withoutRequestId(a.body)).toEqual(withoutRequestId(b.body));
      expect(a.body.message).toBe("client not found");
    }
    const [row] = await t.deps.database.db.select().from(clients).where(eq(clients.id, foreign.id));
    expect(row).toMatchObject({ firstName: "Noa", deletedAt: null });
    expect(ids(await t.web("GET", "/v1/web/clients", other))).toEqual([]);
  });
});

describe("coach scoping on /v1/web/clients", () => {
  it("a coach limited to assigned trainees lists only theirs and gets 404 client not found for any other trainee id, exactly like another studio's", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const mine = await addClient(t, owner, { coachIds: [coach.id] });
    const notMine = await addClient(t, owner);
    const foreign = await addClient(t, newOwner());
    const list = await t.web("GET", "/v1/web/clients", as);
    expect(list.body.data).toMatchObject({ total: 1, items: [expect.objectContaining({ id: mine.id })] });
    expect((await t.web("GET", `/v1/web/clients/${mine.id}`, as)).status).toBe(200);
    expect((await t.web("PATCH", `/v1/web/clients/${mine.id}`, as, { goal: "mine" })).status).toBe(200);
    for (const [method, body] of [["GET"], ["PATCH", { firstName: "x" }], ["DELETE"]] as const) {
      const other = await t.web(method, `/v1/web/clients/${notMine.id}`, as, body);
      const away = await t.web(method, `/v1/web/clients/${foreign.id}`, as, body);
      expect(other.status).toBe(404);
      expect(withoutRequestId(other.body)).toEqual(withoutRequestId(away.body));
      expect(other.body.message).toBe("client not found");
    }
    // Filters cannot widen the scope.
    expect(
      ids(await t.web("GET", `/v1/web/clients?search=${encodeURIComponent(notMine.firstName)}`, as)),
    ).toEqual([mine.id]);
  });

  it("a HEAD_COACH holds every permission whatever is stored; a SUB_COACH with no blob reaches the whole studio", async () => {
    const owner = newOwner();
    const { as: head } = await addCoach(t, owner, {
      role: "HEAD_COACH",
      permissions: { trainees: "assigned" },
    });
    const { as: open } = await addCoach(t, owner);
    const client = await addClient(t, owner);
    expect((await t.web("GET", `/v1/web/clients/${client.id}`, head)).status).toBe(200);
    expect((await t.web("GET", `/v1/web/clients/${client.id}`, open)).status).toBe(200);
  });

  it("a dismissed coach is refused with 403 this team member has been removed", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner);
    await t.web("DELETE", `/v1/web/coaches/${coach.id}`, owner);
    const res = await t.web("GET", "/v1/web/clients", as);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("this team member has been removed");
  });
});

describe("POST /v1/web/clients/:id/preview-token", () => {
  it("OWNER or HEAD_COACH get {token, expiresAt}: a read-only trainee token for 15 minutes", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const client = await addClient(t, owner);
    const res = await t.web("POST", `/v1/web/clients/${client.id}/preview-token`, owner);
    expect(res.status).toBe(200);
    expect(res.body.data.expiresAt).toBe(new Date(clock + 15 * 60_000).toISOString());
    expect(verifyTraineeToken(res.body.data.token, t.config.sessionSigningSecret, clock)).toMatchObject({
      clientId: client.id,
      studioId,
      preview: true,
    });
    const { as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    expect((await t.web("POST", `/v1/web/clients/${client.id}/preview-token`, head)).status).toBe(200);
  });

  it("a SUB_COACH gets 403 insufficient role", async () => {
    const owner = newOwner();
    const client = await addClient(t, owner);
    const { as } = await addCoach(t, owner);
    const res = await t.web("POST", `/v1/web/clients/${client.id}/preview-token`, as);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("insufficient role");
  });
});
