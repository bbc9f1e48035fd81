import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditEntries, subscriptions } from "@studio/db";
import { createPlan, localParts } from "@studio/domain";
import { automationKey } from "./support/automation-fixtures";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { studioIdOf } from "./support/team-fixtures";

// The automation lane's plans and subscriptions (document 3 "Plans and subscriptions",
// "Response envelope"; decisions.md field names) over the real app with a studio API key.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const today = () => localParts(new Date(), "Asia/Jerusalem").date;
const db = () => t.deps.database.db;

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const key = await automationKey(t, owner, "Zapier");
  const { call } = key;
  const plan = (fields: Partial<Parameters<typeof createPlan>[2]> = {}) =>
    createPlan(db(), t.scopeFor(studioId), {
      name: "חודשי",
      durationValue: 1,
      durationUnit: "MONTHS",
      priceAgorot: 30_000,
      ...fields,
    });
  return { owner, studioId, key, call, plan, trainee: () => addTrainee(t, studioId) };
}

const auditOf = (studioId: string) =>
  db().select().from(auditEntries).where(eq(auditEntries.studioId, studioId));

describe("POST /v1/automation/trainees/{id}/subscription", () => {
  it("answers 200 (a create) with data subscription, message Plan assigned, and one audit entry by the key", async () => {
    const s = await studio();
    const p = await s.plan();
    const trainee = await s.trainee();
    const res = await s.call("POST", `/trainees/${trainee.id}/subscription`, { planId: p.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Plan assigned",
      data: {
        subscription: expect.objectContaining({ clientId: trainee.id, planId: p.id, status: "ACTIVE" }),
      },
    });
    expect(res.body.data.subscription.startDate).toBe(today());
    const audit = await auditOf(s.studioId);
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: "api_key",
        actorId: s.key.id,
        action: "automation.subscription.assign",
        entityType: "subscription",
        entityId: res.body.data.subscription.id,
      }),
    ]);
  });

  it("string inputs: blank fields are omitted, numeric and boolean strings accepted, null never clears", async () => {
    const s = await studio();
    const p = await s.plan();
    const res = await s.call("POST", `/trainees/${(await s.trainee()).id}/subscription`, {
      planId: p.id,
      startDate: "",
      priceOverrideAgorot: "12000",
      durationValue: " 3 ",
      durationUnit: "DAYS",
      notify: "FALSE",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription).toMatchObject({
      startDate: today(),
      priceAgorot: 12_000,
      durationValue: 3,
      durationUnit: "DAYS",
    });
    // null and blank leave the plan's values in place (never a clear).
    const plain = await s.call("POST", `/trainees/${(await s.trainee()).id}/subscription`, {
      planId: p.id,
      priceOverrideAgorot: null,
      durationValue: "",
      durationUnit: null,
      startDate: "   ",
      notify: "",
    });
    expect(plain.status).toBe(200);
    expect(plain.body.data.subscription).toMatchObject({
      priceAgorot: 30_000,
      durationValue: 1,
      durationUnit: "MONTHS",
    });
  });

  it("bad values answer 400 in the automation envelope", async () => {
    const s = await studio();
    const p = await s.plan();
    const trainee = await s.trainee();
    for (const body of [
      {},
      { planId: "" },
      { planId: null },
      { planId: p.id, priceOverrideAgorot: "-1" },
      { planId: p.id, priceOverrideAgorot: "12.5" },
      { planId: p.id, priceOverrideAgorot: "2147483648" },
      { planId: p.id, durationValue: "0" },
      { planId: p.id, durationUnit: "YEARS" },
      { planId: p.id, notify: "maybe" },
      { planId: p.id, startDate: "tomorrow" },
      { planId: `a\u0000b` },
    ]) {
      const res = await s.call("POST", `/trainees/${trainee.id}/subscription`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
    expect(await db().select().from(subscriptions).where(eq(subscriptions.clientId, trainee.id))).toEqual([]);
    expect(await auditOf(s.studioId)).toEqual([]);
  });

  it("unknown trainee, unknown plan and a plan with no duration are 400 with the service's messages; no audit row", async () => {
    const s = await studio();
    const p = await s.plan();
    const open = await s.plan({ name: "פתוח", durationValue: undefined, durationUnit: undefined });
    const trainee = await s.trainee();
    const noTrainee = await s.call("POST", "/trainees/missing/subscription", { planId: p.id });
    expect(noTrainee.status).toBe(400);
    expect(noTrainee.body).toEqual({ success: false, message: "client not found" });
    const noPlan = await s.call("POST", `/trainees/${trainee.id}/subscription`, { planId: "missing" });
    expect(noPlan.body).toEqual({ success: false, message: "plan not found" });
    const noDuration = await s.call("POST", `/trainees/${trainee.id}/subscription`, { planId: open.id });
    expect(noDuration.status).toBe(400);
    expect(noDuration.body.message).toContain('plan "פתוח" has no duration');
    expect(await auditOf(s.studioId)).toEqual([]);
  });

  it("the audit entry is written in the assignment's transaction: a failing audit insert leaves no subscription", async () => {
    const s = await studio();
    const p = await s.plan();
    const trainee = await s.trainee();
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION audit_refuse() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER audit_refuse BEFORE INSERT ON audit_entries FOR EACH ROW
        WHEN (NEW.studio_id = '${s.studioId}') EXECUTE FUNCTION audit_refuse()`),
    );
    try {
      const res = await s.call("POST", `/trainees/${trainee.id}/subscription`, { planId: p.id });
      expect(res.body.success).toBe(false);
      expect(await db().select().from(subscriptions).where(eq(subscriptions.clientId, trainee.id))).toEqual(
        [],
      );
      expect(await auditOf(s.studioId)).toEqual([]);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER audit_refuse ON audit_entries"));
    }
  });

  it("another studio's trainee or plan answers exactly like a missing one", async () => {
    const a = await studio();
    const b = await studio();
    const planB = await b.plan();
    const traineeB = await b.trainee();
    const planA = await a.plan();
    const traineeA = await a.trainee();
    const foreignTrainee = await a.call("POST", `/trainees/${traineeB.id}/subscription`, {
      planId: planA.id,
    });
    const missingTrainee = await a.call("POST", "/trainees/nope/subscription", { planId: planA.id });
    expect(foreignTrainee.status).toBe(400);
    expect(foreignTrainee.body).toEqual(missingTrainee.body);
    const foreignPlan = await a.call("POST", `/trainees/${traineeA.id}/subscription`, { planId: planB.id });
    const missingPlan = await a.call("POST", `/trainees/${traineeA.id}/subscription`, { planId: "nope" });
    expect(foreignPlan.status).toBe(400);
    expect(foreignPlan.body).toEqual(missingPlan.body);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.clientId, traineeB.id))).toEqual(
      [],
    );
  });
});

describe("freeze, reactivate, cancel and the subscriptions list", () => {
  it("freeze answers Plan frozen, reactivate Plan reactivated, cancel Plan canceled, with their refusals", async () => {
    const s = await studio();
    const p = await s.plan();
    const trainee = await s.trainee();
    const base = `/trainees/${trainee.id}/subscription`;
    const noPlan = await s.call("POST", `${base}/freeze`);
    expect(noPlan.status).toBe(400);
    expect(noPlan.body).toEqual({ success: false, message: "client has no active plan" });
    const notFrozen = await s.call("POST", `${base}/reactivate`);
    expect(notFrozen.body).toEqual({ success: false, message: "plan is not frozen" });

    const assigned = (await s.call("POST", base, { planId: p.id })).body.data.subscription;
    const frozen = await s.call("POST", `${base}/freeze`, {});
    expect(frozen.status).toBe(200);
    expect(frozen.body.message).toBe("Plan frozen");
    expect(frozen.body.data.subscriptions).toEqual([
      expect.objectContaining({ id: assigned.id, status: "FROZEN" }),
    ]);
    const again = await s.call("POST", `${base}/freeze`);
    expect(again.body).toEqual({ success: false, message: "plan is already frozen" });
    const reactivated = await s.call("POST", `${base}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.message).toBe("Plan reactivated");
    expect(reactivated.body.data.subscriptions).toEqual([
      expect.objectContaining({ id: assigned.id, status: "ACTIVE" }),
    ]);

    const list = await s.call("GET", `/trainees/${trainee.id}/subscriptions`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({ items: [expect.objectContaining({ id: assigned.id })] });

    const missingId = await s.call("POST", `${base}/cancel`, { subscriptionId: "" });
    expect(missingId.status).toBe(400);
    expect(missingId.body.success).toBe(false);
    const unknown = await s.call("POST", `${base}/cancel`, { subscriptionId: "nope" });
    expect(unknown.body).toEqual({ success: false, message: "subscription not found" });
    const canceled = await s.call("POST", `${base}/cancel`, { subscriptionId: assigned.id });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({
      success: true,
      message: "Plan canceled",
      data: { subscription: expect.objectContaining({ id: assigned.id, status: "CANCELED" }) },
    });
    const twice = await s.call("POST", `${base}/cancel`, { subscriptionId: assigned.id });
    expect(twice.body).toEqual({ success: false, message: "subscription is not live" });
    expect((await s.call("GET", `/trainees/${trainee.id}/subscriptions`)).body.data.items).toEqual([]);
  });

  it("another studio's trainee or subscription answers like a missing one and changes nothing", async () => {
    const a = await studio();
    const b = await studio();
    const traineeB = await b.trainee();
    const subB = (
      await b.call("POST", `/trainees/${traineeB.id}/subscription`, { planId: (await b.plan()).id })
    ).body.data.subscription;
    const traineeA = await a.trainee();
    for (const path of ["subscriptions"]) {
      const foreign = await a.call("GET", `/trainees/${traineeB.id}/${path}`);
      const missing = await a.call("GET", `/trainees/nope/${path}`);
      expect(foreign.status).toBe(400);
      expect(foreign.body).toEqual(missing.body);
    }
    for (const action of ["freeze", "reactivate"]) {
      const foreign = await a.call("POST", `/trainees/${traineeB.id}/subscription/${action}`);
      const missing = await a.call("POST", `/trainees/nope/subscription/${action}`);
      expect(foreign.status).toBe(400);
      expect(foreign.body).toEqual(missing.body);
    }
    const foreignSub = await a.call("POST", `/trainees/${traineeA.id}/subscription/cancel`, {
      subscriptionId: subB.id,
    });
    const missingSub = await a.call("POST", `/trainees/${traineeA.id}/subscription/cancel`, {
      subscriptionId: "nope",
    });
    expect(foreignSub.status).toBe(400);
    expect(foreignSub.body).toEqual(missingSub.body);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, subB.id));
    expect(row!.status).toBe("ACTIVE");
  });
});

describe("GET /v1/automation/products", () => {
  it("active plans only, search on the name, offset pagination with hasMore and the 50/200 limits", async () => {
    const s = await studio();
    for (const name of ["Gold 1", "Gold 2", "Gold 3", "Silver"]) await s.plan({ name });
    await s.plan({ name: "Gold old", isActive: false });
    const first = await s.call("GET", "/products?search=gold&limit=2&offset=0");
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Products");
    expect(first.body.data).toMatchObject({ total: 3, limit: 2, offset: 0, hasMore: true });
    expect(first.body.data.items.map((p: { name: string }) => p.name)).toEqual(["Gold 1", "Gold 2"]);
    const last = await s.call("GET", "/products?search=gold&limit=2&offset=2");
    expect(last.body.data).toMatchObject({ total: 3, limit: 2, offset: 2, hasMore: false });
    expect(last.body.data.items.map((p: { name: string }) => p.name)).toEqual(["Gold 3"]);
    const defaults = await s.call("GET", "/products?search=&limit=&offset=");
    expect(defaults.body.data).toMatchObject({ total: 4, limit: 50, offset: 0, hasMore: false });
    for (const query of ["limit=0", "limit=201", "offset=-1", "limit=abc"]) {
      const res = await s.call("GET", `/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await s.call("GET", "/products?limit=200")).body.data.limit).toBe(200);
  });

  it("another studio's plans are not listed", async () => {
    const a = await studio();
    const b = await studio();
    await b.plan({ name: "B only" });
    expect((await a.call("GET", "/products")).body.data).toMatchObject({
      items: [],
      total: 0,
      hasMore: false,
    });
  });
});

describe("credentials", () => {
  it("every route answers 401 in the automation envelope without a key", async () => {
    for (const [method, path] of [
      ["GET", "/products"],
      ["GET", "/trainees/x/subscriptions"],
      ["POST", "/trainees/x/subscription"],
      ["POST", "/trainees/x/subscription/freeze"],
      ["POST", "/trainees/x/subscription/reactivate"],
      ["POST", "/trainees/x/subscription/cancel"],
    ] as const) {
      const res = await t.request(method, `/v1/automation${path}`);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
  });
});
