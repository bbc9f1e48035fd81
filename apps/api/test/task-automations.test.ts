import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  formAssignments,
  notifications,
  plans,
  pushTokens,
  subscriptions,
  taskAutomations,
  tasks,
} from "@studio/db";
import { DUE_WORK, runTaskAutomations } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addClient, addCoach, studioIdOf } from "./support/team-fixtures";
import { addForm } from "./support/form-fixtures";
import { automationKey } from "./support/automation-fixtures";

// Task automations (issue 28, item 7; document 3 "the subscription-assigned task hook"):
// /v1/web/task-automations CRUD, the tasks the scheduler creates once per rule and subject on
// the tick's clock, and the push and hook of a subscription assignment.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;
const HOUR = 3600_000;
const tick = (iso: string) => {
  const now = new Date(iso);
  return runTaskAutomations(db(), { now, since: new Date(now.getTime() - 3 * HOUR), graceMs: 3 * HOUR });
};
const tasksOf = (clientId: string) => db().select().from(tasks).where(eq(tasks.traineeId, clientId));
const base = "/v1/web/task-automations";

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const { coach, as: coachUser } = await addCoach(t, owner);
  const trainee = await addClient(t, owner, { coachIds: [coach.id] });
  return { owner, studioId, coach, coachUser, trainee };
}

async function rule(owner: WebUserContext, body: Record<string, unknown>) {
  const res = await t.web("POST", base, owner, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // Rules act from the day they are made: date this one back so the fixed test days count.
  await db()
    .update(taskAutomations)
    .set({ createdAt: new Date("2026-01-01T00:00:00Z") })
    .where(eq(taskAutomations.id, res.body.data.id));
  return res.body.data;
}

async function addSubscription(
  studioId: string,
  clientId: string,
  fields: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const [plan] = await db()
    .insert(plans)
    .values({ studioId, name: "Gold", durationValue: 30, durationUnit: "DAYS" })
    .returning();
  const [row] = await db()
    .insert(subscriptions)
    .values({
      studioId,
      clientId,
      planId: plan!.id,
      status: "ACTIVE",
      startDate: "2026-02-08",
      endDate: "2026-03-10",
      durationValue: 30,
      durationUnit: "DAYS",
      ...fields,
    })
    .returning();
  return row!;
}

describe("/v1/web/task-automations", () => {
  it("create (defaults), list, get, PATCH and DELETE", async () => {
    const s = await studio();
    const created = await t.web("POST", base, s.owner, {
      trigger: "SUBSCRIPTION_ENDING",
      title: "Call {{name}}",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Call {{name}}",
      trigger: "SUBSCRIPTION_ENDING",
      offsetDays: 0,
      title: "Call {{name}}",
      description: null,
      priority: 1,
      assigneeRule: "PRIMARY_COACH",
      coachIds: [],
      isActive: true,
    });
    const id = created.body.data.id;
    const list = await t.web("GET", `${base}?trigger=SUBSCRIPTION_ENDING`, s.owner);
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id }] });
    expect((await t.web("GET", `${base}?trigger=CHECK_IN_OVERDUE`, s.owner)).body.data.total).toBe(0);
    expect((await t.web("GET", `${base}/${id}`, s.owner)).body.data.id).toBe(id);
    const patched = await t.web("PATCH", `${base}/${id}`, s.owner, {
      offsetDays: 3,
      assigneeRule: "COACHES",
      coachIds: [s.coach.id, s.coach.id],
      isActive: false,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({
      offsetDays: 3,
      assigneeRule: "COACHES",
      coachIds: [s.coach.id],
      isActive: false,
    });
    const deleted = await t.web("DELETE", `${base}/${id}`, s.owner);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect((await t.web("GET", `${base}/${id}`, s.owner)).status).toBe(404);
  });

  it("writes need OWNER or HEAD_COACH; a sub-coach may read", async () => {
    const s = await studio();
    const made = await rule(s.owner, { trigger: "CHECK_IN_OVERDUE", title: "Nudge" });
    const sub = { ...s.coachUser, role: "SUB_COACH" as const };
    expect((await t.web("POST", base, sub, { trigger: "CHECK_IN_OVERDUE", title: "x" })).status).toBe(403);
    expect((await t.web("PATCH", `${base}/${made.id}`, sub, { title: "x" })).status).toBe(403);
    expect((await t.web("DELETE", `${base}/${made.id}`, sub)).status).toBe(403);
    expect((await t.web("GET", base, sub)).status).toBe(200);
  });

  it("another studio's rule answers like a missing one", async () => {
    const s = await studio();
    const made = await rule(s.owner, { trigger: "CHECK_IN_OVERDUE", title: "Nudge" });
    const other = newOwner();
    await studioIdOf(t, other);
    for (const [method, body] of [["GET"], ["PATCH", { title: "mine" }], ["DELETE"]] as const) {
      const res = await t.web(method, `${base}/${made.id}`, other, body);
      expect(res.status, method).toBe(404);
      expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "task automation not found" });
    }
    expect((await t.web("GET", base, other)).body.data.total).toBe(0);
    expect((await t.web("GET", `${base}/${made.id}`, s.owner)).body.data.title).toBe("Nudge");
  });

  it("bad input is VALIDATION 422: unknown trigger, negative or huge offset, no title, COACHES without coaches, a coach of another studio", async () => {
    const s = await studio();
    const other = await studio();
    const bodies: Record<string, unknown>[] = [
      { trigger: "SOMETHING", title: "x" },
      { trigger: "SUBSCRIPTION_ENDED", title: "x", offsetDays: -1 },
      { trigger: "SUBSCRIPTION_ENDED", title: "x", offsetDays: 366 },
      { trigger: "SUBSCRIPTION_ENDED", title: "" },
      { trigger: "SUBSCRIPTION_ENDED", title: "x", assigneeRule: "COACHES" },
      { trigger: "SUBSCRIPTION_ENDED", title: "x", coachIds: [other.coach.id] },
      { trigger: "SUBSCRIPTION_ENDED", title: "x", priority: 9 },
    ];
    for (const body of bodies) {
      const res = await t.web("POST", base, s.owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    expect((await t.web("GET", base, s.owner)).body.data.total).toBe(0);
  });

  it("a dismissed coach leaves the rules' assignee lists", async () => {
    const s = await studio();
    const made = await rule(s.owner, {
      trigger: "SUBSCRIPTION_ENDED",
      title: "x",
      assigneeRule: "COACHES",
      coachIds: [s.coach.id],
    });
    const res = await t.web("DELETE", `/v1/web/coaches/${s.coach.id}`, s.owner, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.web("GET", `${base}/${made.id}`, s.owner)).body.data.coachIds).toEqual([]);
  });
});

describe("the tasks the scheduler creates, once per rule and subject", () => {
  it("is registered as the scheduler's due work", () => {
    expect(DUE_WORK.map((w) => w.name)).toContain("task-automations");
  });

  it("SUBSCRIPTION_ENDING: offsetDays before the last live subscription's end, at 00:00 in the trainee's zone, for the primary coach, once", async () => {
    const s = await studio();
    await rule(s.owner, {
      trigger: "SUBSCRIPTION_ENDING",
      offsetDays: 3,
      title: "{{name}}: {{plan}} ends {{date}}",
      description: "Offer a renewal",
      priority: 3,
    });
    await addSubscription(s.studioId, s.trainee.id);
    // 2026-03-07 00:00 in Asia/Jerusalem is 2026-03-06T22:00Z.
    await tick("2026-03-06T21:59:00Z");
    expect(await tasksOf(s.trainee.id)).toEqual([]);
    const run = await tick("2026-03-06T22:00:30Z");
    expect(run.created).toBe(1);
    const [task] = await tasksOf(s.trainee.id);
    expect(task).toMatchObject({
      title: "Noa Cohen: Gold ends 10/03/2026",
      description: "Offer a renewal",
      priority: 3,
      status: "OPEN",
      coachIds: [s.coach.id],
      type: "SUBSCRIPTION_ENDING",
      source: "system",
    });
    expect(task!.dueDate!.toISOString()).toBe("2026-03-06T22:00:00.000Z");
    // Again, or two ticks at once: still one.
    await Promise.all([tick("2026-03-06T22:01:00Z"), tick("2026-03-06T22:01:00Z")]);
    await tick("2026-03-07T10:00:00Z");
    expect(await tasksOf(s.trainee.id)).toHaveLength(1);
  });

  it("SUBSCRIPTION_ENDED: the day after the end (+offset), not when a renewal takes over; an inactive rule makes nothing", async () => {
    const s = await studio();
    await rule(s.owner, {
      trigger: "SUBSCRIPTION_ENDED",
      title: "Win back {{name}}",
      assigneeRule: "TRAINEE_COACHES",
    });
    await addSubscription(s.studioId, s.trainee.id);
    const renewed = await addClient(t, s.owner, { coachIds: [s.coach.id] });
    await addSubscription(s.studioId, renewed.id);
    await addSubscription(s.studioId, renewed.id, {
      status: "PENDING",
      startDate: "2026-03-10",
      endDate: "2026-04-09",
    });
    await tick("2026-03-10T22:00:30Z"); // 2026-03-11 00:00:30 local
    expect((await tasksOf(s.trainee.id)).map((task) => [task.title, task.coachIds])).toEqual([
      ["Win back Noa Cohen", [s.coach.id]],
    ]);
    expect(await tasksOf(renewed.id)).toEqual([]);

    const quiet = await studio();
    await rule(quiet.owner, { trigger: "SUBSCRIPTION_ENDED", title: "x", isActive: false });
    await addSubscription(quiet.studioId, quiet.trainee.id);
    await tick("2026-03-10T22:00:30Z");
    expect(await tasksOf(quiet.trainee.id)).toEqual([]);
  });

  it("CHECK_IN_OVERDUE: a check-in copy still pending the day after its form day; a filled one makes none", async () => {
    const s = await studio();
    await rule(s.owner, { trigger: "CHECK_IN_OVERDUE", title: "{{name}} skipped {{form}} of {{date}}" });
    const form = await addForm(t, s.studioId, { name: "Weekly", type: "CHECK_IN" });
    const filled = await addClient(t, s.owner, { coachIds: [s.coach.id] });
    for (const [clientId, status] of [
      [s.trainee.id, "PENDING"],
      [filled.id, "SUBMITTED"],
    ] as const)
      await db()
        .insert(formAssignments)
        .values({
          studioId: s.studioId,
          formId: form.id,
          clientId,
          status,
          visibleFrom: new Date("2026-03-04T07:00:00Z"),
          frozenSchema: { fields: [], documentUrl: null },
        });
    await tick("2026-03-04T21:59:00Z");
    expect(await tasksOf(s.trainee.id)).toEqual([]);
    await tick("2026-03-04T22:00:30Z");
    expect((await tasksOf(s.trainee.id)).map((task) => task.title)).toEqual([
      "Noa Cohen skipped Weekly of 04/03/2026",
    ]);
    expect(await tasksOf(filled.id)).toEqual([]);
  });
});

describe("assigning a subscription: its push and the subscription-assigned task hook", () => {
  it("sends PLAN_UPDATED unless notify is false, and a same-day SUBSCRIPTION_ASSIGNED rule creates its task at once, once", async () => {
    const s = await studio();
    await db()
      .insert(pushTokens)
      .values({
        studioId: s.studioId,
        clientId: s.trainee.id,
        token: `ExponentPushToken[${s.trainee.id}]`,
        platform: "ios",
      });
    const made = await t.web("POST", base, s.owner, {
      trigger: "SUBSCRIPTION_ASSIGNED",
      title: "Welcome {{name}} to {{plan}}",
    });
    expect(made.status).toBe(201);
    const plan = await t.web("POST", "/v1/web/plans", s.owner, {
      name: "Silver",
      priceAgorot: 10000,
      durationValue: 1,
      durationUnit: "MONTHS",
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const key = await automationKey(t, s.owner);

    const res = await key.call("POST", `/trainees/${s.trainee.id}/subscription`, {
      planId: plan.body.data.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pushes = await db().select().from(notifications).where(eq(notifications.clientId, s.trainee.id));
    expect(pushes.map((p) => [p.type, p.status])).toEqual([["PLAN_UPDATED", "queued"]]);
    expect(pushes[0]!.body).toContain("Silver");
    const [task] = await tasksOf(s.trainee.id);
    expect(task).toMatchObject({
      title: "Welcome Noa Cohen to Silver",
      coachIds: [s.coach.id],
      type: "SUBSCRIPTION_ASSIGNED",
    });
    await runTaskAutomations(db(), {
      now: new Date(),
      since: new Date(Date.now() - 3 * HOUR),
      graceMs: 3 * HOUR,
    });
    expect(await tasksOf(s.trainee.id)).toHaveLength(1);

    const silent = await key.call("POST", `/trainees/${s.trainee.id}/subscription`, {
      planId: plan.body.data.id,
      notify: false,
    });
    expect(silent.status, JSON.stringify(silent.body)).toBe(200);
    const after = await db().select().from(notifications).where(eq(notifications.clientId, s.trainee.id));
    expect(after).toHaveLength(1);
    expect(await tasksOf(s.trainee.id)).toHaveLength(2);
  });
});
