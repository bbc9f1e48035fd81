import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { subscriptions } from "@studio/db";
import {
  activateFirstPlanSubscriptions,
  assignSubscription,
  cancelSubscription,
  createPlan,
  freezeSubscription,
  listLiveSubscriptions,
  listProducts,
  reactivateSubscription,
} from "@studio/domain";
import { addDays, localParts } from "@studio/domain";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { addCoach, studioIdOf } from "./support/team-fixtures";
import { addTemplate, addTraineeWithDevice, pushesOf } from "./support/program-fixtures";

// The subscription operations (document 3 "Plans and subscriptions", "States and transitions"
// subscription rows; decisions.md "Subscriptions and forms") through a studio scope, over the
// real database. Dates: "today" is the studio's (Asia/Jerusalem) civil date; fixed dates are sent
// explicitly (past ones end before today, 2099 ones start after it).
let t: TestApp;
const today = () => localParts(new Date(), "Asia/Jerusalem").date;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  return { owner, studioId, scope: t.scopeFor(studioId) };
}
type Plan = Parameters<typeof createPlan>[2];
const plan = (studioId: string, fields: Partial<Plan> = {}) =>
  createPlan(t.deps.database.db, t.scopeFor(studioId), { name: "חודשי", ...fields });
const monthly = { durationValue: 1, durationUnit: "MONTHS" as const, priceAgorot: 30_000 };
const db = () => t.deps.database.db;

describe("assignSubscription", () => {
  it("starts today, ACTIVE, with the plan's price and duration; months clamp to the month's last day", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    const sub = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    expect(sub.endDate! > today()).toBe(true);
    expect(sub).toMatchObject({
      clientId: trainee.id,
      planId: p.id,
      status: "ACTIVE",
      startDate: today(),
      priceAgorot: 30_000,
      durationValue: 1,
      durationUnit: "MONTHS",
      frozenAt: null,
      waitingForTrigger: "NONE",
    });
    const jan31 = await assignSubscription(db(), scope, {
      clientId: (await addTrainee(t, studioId)).id,
      planId: p.id,
      startDate: "2026-01-31",
    });
    expect(jan31).toMatchObject({ startDate: "2026-01-31", endDate: "2026-02-28", status: "ACTIVE" });
    const march = await assignSubscription(db(), scope, {
      clientId: (await addTrainee(t, studioId)).id,
      planId: p.id,
      startDate: "2026-03-10",
    });
    expect(march).toMatchObject({ startDate: "2026-03-10", endDate: "2026-04-10" });
  });

  it("a price override, a duration sent and a future start date (PENDING until it comes)", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    const sub = await assignSubscription(db(), scope, {
      clientId: trainee.id,
      planId: p.id,
      priceOverrideAgorot: 0,
      durationValue: 10,
      durationUnit: "DAYS",
      startDate: "2099-03-20",
    });
    expect(sub).toMatchObject({
      status: "PENDING",
      startDate: "2099-03-20",
      endDate: "2099-03-30",
      priceAgorot: 0,
      durationValue: 10,
      durationUnit: "DAYS",
    });
  });

  it("a plan with no duration needs one sent: BAD_REQUEST naming the plan; with one sent it is assigned", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, { name: "Flexible" });
    const trainee = await addTrainee(t, studioId);
    await expect(
      assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: 'plan "Flexible" has no duration: send durationValue and durationUnit',
    });
    await expect(
      assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id, durationValue: 2 }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const sub = await assignSubscription(db(), scope, {
      clientId: trainee.id,
      planId: p.id,
      durationValue: 2,
      durationUnit: "MONTHS",
      startDate: "2026-03-10",
    });
    expect(sub).toMatchObject({ priceAgorot: null, endDate: "2026-05-10" });
  });

  it("unknown trainee, unknown plan, another studio's plan, an inactive plan, an end past 9999 are refused", async () => {
    const { studioId, scope } = await studio();
    const other = await studio();
    const p = await plan(studioId, monthly);
    const foreign = await plan(other.studioId, monthly);
    const inactive = await plan(studioId, { ...monthly, name: "Old", isActive: false });
    const trainee = await addTrainee(t, studioId);
    const foreignTrainee = await addTrainee(t, other.studioId);
    await expect(assignSubscription(db(), scope, { clientId: "nope", planId: p.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "client not found",
    });
    await expect(
      assignSubscription(db(), scope, { clientId: foreignTrainee.id, planId: p.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "client not found" });
    for (const planId of ["nope", foreign.id])
      await expect(assignSubscription(db(), scope, { clientId: trainee.id, planId })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "plan not found",
      });
    await expect(
      assignSubscription(db(), scope, { clientId: trainee.id, planId: inactive.id }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: 'plan "Old" is not active' });
    for (const unit of ["DAYS", "MONTHS"] as const)
      await expect(
        assignSubscription(db(), scope, {
          clientId: trainee.id,
          planId: p.id,
          durationValue: 2_000_000_000,
          durationUnit: unit,
        }),
      ).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "the subscription would end after 9999-12-31",
      });
    expect(await listLiveSubscriptions(db(), scope, { clientId: trainee.id })).toEqual([]);
  });

  it("a coach who does not reach the trainee gets client not found", async () => {
    const { owner, studioId } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    const { as } = await addCoach(t, owner, {
      role: "SUB_COACH",
      permissions: { trainees: "assigned" },
    });
    const coachScope = await t.coachScopeFor(studioId, as.userId!, "SUB_COACH");
    await expect(
      assignSubscription(db(), coachScope, { clientId: trainee.id, planId: p.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "client not found" });
    const ownerScope = await t.coachScopeFor(studioId, owner.userId!);
    expect(await assignSubscription(db(), ownerScope, { clientId: trainee.id, planId: p.id })).toMatchObject({
      status: "ACTIVE",
    });
  });

  it("a renewal queues behind the running one: its start is the running one's end, PENDING, and the next one behind that", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    const first = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    const second = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    const third = await assignSubscription(db(), scope, {
      clientId: trainee.id,
      planId: p.id,
      durationValue: 7,
      durationUnit: "DAYS",
    });
    expect(second).toMatchObject({ status: "PENDING", startDate: first.endDate });
    expect(second.endDate! > second.startDate!).toBe(true);
    expect(third).toMatchObject({
      status: "PENDING",
      startDate: second.endDate,
      endDate: addDays(second.endDate!, 7),
    });
    const live = await listLiveSubscriptions(db(), scope, { clientId: trainee.id });
    expect(live.map((s) => s.id)).toEqual([first.id, second.id, third.id]);
  });

  it("an ended running plan does not hold a renewal back: it starts today", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id, startDate: "2025-12-01" });
    const renewal = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    expect(renewal).toMatchObject({ status: "ACTIVE", startDate: today() });
  });

  it("sends PLAN_UPDATED (docs/decisions/task-automations.md), none with notify false", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTraineeWithDevice(t, studioId);
    await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id, notify: false });
    expect(await pushesOf(t, trainee.id)).toEqual([]);
    await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    expect((await pushesOf(t, trainee.id)).map((x) => [x.type, x.status])).toEqual([
      ["PLAN_UPDATED", "queued"],
    ]);
  });
});

describe("FIRST_PLAN", () => {
  it("creates a PENDING subscription without dates waiting for the first program; the hook starts it once", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, { durationValue: 30, durationUnit: "DAYS", trigger: "FIRST_PLAN" });
    const trainee = await addTrainee(t, studioId);
    const sub = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    expect(sub).toMatchObject({
      status: "PENDING",
      startDate: null,
      endDate: null,
      waitingForTrigger: "FIRST_PLAN",
    });
    const started = await activateFirstPlanSubscriptions(db(), scope, {
      clientId: trainee.id,
      programId: "gone",
    });
    expect(started).toEqual({ started: 1 });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row).toMatchObject({
      status: "ACTIVE",
      startDate: today(),
      endDate: addDays(today(), 30),
      waitingForTrigger: "NONE",
    });
    expect(
      await activateFirstPlanSubscriptions(db(), scope, { clientId: trainee.id, programId: "gone" }),
    ).toEqual({
      started: 0,
    });
  });

  it("a trainee who already holds an ACTIVE program starts the FIRST_PLAN plan at once", async () => {
    const { owner, studioId, scope } = await studio();
    const p = await plan(studioId, { ...monthly, trigger: "FIRST_PLAN" });
    const trainee = await addTrainee(t, studioId);
    const template = await addTemplate(t, studioId);
    const res = await t.web("POST", `/v1/web/program-templates/${template.id}/assign`, owner, {
      clientId: trainee.id,
    });
    expect(res.status).toBe(201);
    const sub = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    expect(sub).toMatchObject({ status: "ACTIVE", startDate: today(), waitingForTrigger: "NONE" });
  });

  it("end to end: a program assignment (worker running) starts the waiting subscription on the program's start date", async () => {
    const w = await startTestApp({ database: "postgres", worker: true });
    try {
      const owner = newOwner();
      const studioId = await studioIdOf(w, owner);
      const wdb = w.deps.database.db;
      const p = await createPlan(wdb, w.scopeFor(studioId), {
        name: "First",
        durationValue: 30,
        durationUnit: "DAYS",
        trigger: "FIRST_PLAN",
      });
      const trainee = await addTrainee(w, studioId);
      const other = await addTrainee(w, studioId);
      const sub = await assignSubscription(wdb, w.scopeFor(studioId), { clientId: trainee.id, planId: p.id });
      const untouched = await assignSubscription(wdb, w.scopeFor(studioId), {
        clientId: other.id,
        planId: p.id,
      });
      const template = await addTemplate(w, studioId);
      const res = await w.web("POST", `/v1/web/program-templates/${template.id}/assign`, owner, {
        clientId: trainee.id,
        startDate: "2026-03-01",
      });
      expect(res.status).toBe(201);
      let row = (await wdb.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!;
      for (let i = 0; i < 80 && row.status === "PENDING"; i++) {
        await new Promise((r) => setTimeout(r, 250));
        row = (await wdb.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!;
      }
      expect(row).toMatchObject({
        status: "ACTIVE",
        startDate: "2026-03-01",
        endDate: "2026-03-31",
        waitingForTrigger: "NONE",
      });
      const [still] = await wdb.select().from(subscriptions).where(eq(subscriptions.id, untouched.id));
      expect(still).toMatchObject({ status: "PENDING", waitingForTrigger: "FIRST_PLAN", startDate: null });
    } finally {
      await w.close();
    }
  });
});

describe("freeze, reactivate, cancel", () => {
  it("freeze: FROZEN with frozenAt now, SUBSCRIPTION_FROZEN push, returns the live subscriptions; twice is plan is already frozen", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTraineeWithDevice(t, studioId);
    const sub = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    const queued = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    const live = await freezeSubscription(db(), scope, { clientId: trainee.id });
    expect(live.map((s) => [s.id, s.status, s.frozenAt === null])).toEqual([
      [sub.id, "FROZEN", false],
      [queued.id, "PENDING", true],
    ]);
    expect(Math.abs(Date.parse(live[0]!.frozenAt!) - Date.now())).toBeLessThan(60_000);
    const pushes = await pushesOf(t, trainee.id, "SUBSCRIPTION_FROZEN");
    expect(pushes.map((x) => [x.type, x.status])).toEqual([["SUBSCRIPTION_FROZEN", "queued"]]);
    await expect(freezeSubscription(db(), scope, { clientId: trainee.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "plan is already frozen",
    });
  });

  it("freeze without a running plan: client has no active plan (none, only a future one, only a waiting FIRST_PLAN)", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const first = await plan(studioId, { ...monthly, trigger: "FIRST_PLAN" });
    const none = await addTrainee(t, studioId);
    const future = await addTrainee(t, studioId);
    await assignSubscription(db(), scope, { clientId: future.id, planId: p.id, startDate: "2099-06-01" });
    const waiting = await addTrainee(t, studioId);
    await assignSubscription(db(), scope, { clientId: waiting.id, planId: first.id });
    for (const trainee of [none, future, waiting])
      await expect(freezeSubscription(db(), scope, { clientId: trainee.id })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "client has no active plan",
      });
    await expect(freezeSubscription(db(), scope, { clientId: "nope" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("a queued renewal whose start has come counts as the running plan", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    const sub = await assignSubscription(db(), scope, {
      clientId: trainee.id,
      planId: p.id,
      startDate: "2099-03-15",
    });
    expect(sub.status).toBe("PENDING");
    await db()
      .update(subscriptions)
      .set({ startDate: addDays(today(), -1), endDate: addDays(today(), 20) })
      .where(eq(subscriptions.id, sub.id));
    const live = await freezeSubscription(db(), scope, { clientId: trainee.id });
    expect(live).toEqual([expect.objectContaining({ id: sub.id, status: "FROZEN" })]);
  });

  it("reactivate: FROZEN → ACTIVE with frozenAt cleared; without a frozen plan: plan is not frozen", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    await expect(reactivateSubscription(db(), scope, { clientId: trainee.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "plan is not frozen",
    });
    const sub = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    await expect(reactivateSubscription(db(), scope, { clientId: trainee.id })).rejects.toMatchObject({
      message: "plan is not frozen",
    });
    await freezeSubscription(db(), scope, { clientId: trainee.id });
    const live = await reactivateSubscription(db(), scope, { clientId: trainee.id });
    expect(live).toEqual([
      expect.objectContaining({ id: sub.id, status: "ACTIVE", frozenAt: null, endDate: sub.endDate }),
    ]);
  });

  it("cancel: any live subscription of the trainee becomes CANCELED and leaves the live list; twice is refused", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    const running = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    const queued = await assignSubscription(db(), scope, { clientId: trainee.id, planId: p.id });
    await freezeSubscription(db(), scope, { clientId: trainee.id });
    for (const sub of [queued, running]) {
      const canceled = await cancelSubscription(db(), scope, {
        clientId: trainee.id,
        subscriptionId: sub.id,
      });
      expect(canceled).toMatchObject({ id: sub.id, status: "CANCELED", frozenAt: null });
    }
    expect(await listLiveSubscriptions(db(), scope, { clientId: trainee.id })).toEqual([]);
    await expect(
      cancelSubscription(db(), scope, { clientId: trainee.id, subscriptionId: running.id }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "subscription is not live" });
  });

  it("cancel: another trainee's subscription or an unknown id is subscription not found, and nothing changes", async () => {
    const { studioId, scope } = await studio();
    const p = await plan(studioId, monthly);
    const trainee = await addTrainee(t, studioId);
    const other = await addTrainee(t, studioId);
    const theirs = await assignSubscription(db(), scope, { clientId: other.id, planId: p.id });
    for (const subscriptionId of [theirs.id, "nope"])
      await expect(
        cancelSubscription(db(), scope, { clientId: trainee.id, subscriptionId }),
      ).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "subscription not found",
      });
    const foreign = await studio();
    await expect(
      cancelSubscription(db(), foreign.scope, { clientId: other.id, subscriptionId: theirs.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "client not found" });
    expect(await listLiveSubscriptions(db(), scope, { clientId: other.id })).toEqual([
      expect.objectContaining({ id: theirs.id, status: "ACTIVE" }),
    ]);
  });
});

describe("listProducts", () => {
  it("active plans only, case-insensitive search on the name, limit and offset with the total", async () => {
    const { studioId, scope } = await studio();
    await plan(studioId, { name: "Gold" });
    await plan(studioId, { name: "golden hour" });
    await plan(studioId, { name: "Silver" });
    await plan(studioId, { name: "Gold retired", isActive: false });
    await plan((await studio()).studioId, { name: "Gold elsewhere" });
    const all = await listProducts(db(), scope, { limit: 50, offset: 0 });
    expect(all.items.map((p) => p.name)).toEqual(["Gold", "Silver", "golden hour"]);
    const gold = await listProducts(db(), scope, { search: "GOLD", limit: 1, offset: 1 });
    expect(gold).toMatchObject({ total: 2, items: [expect.objectContaining({ name: "golden hour" })] });
  });
});
