import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { clientCoaches, coaches, organizationMembers, taskAutomations, tasks } from "@studio/db";
import { dismissCoach } from "@studio/domain";
import { newOwner, recordingPorts, startTestApp, type TestApp } from "./support/harness";
import { addClient, addCoach, studioIdOf } from "./support/team-fixtures";

let t: TestApp;
const ports = recordingPorts();
const clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", ports, now: () => new Date(clock) });
});
afterAll(async () => t?.close());

/**
 * A studio with the coach X to dismiss, active coaches A, B, C, a dismissed coach D, shared
 * and single-assignee tasks in every state, trainees with X first, second, primary or not,
 * one soft-deleted trainee, and two task automations.
 */
async function buildStudio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const X = (await addCoach(t, owner, { firstName: "X" })).coach;
  const A = (await addCoach(t, owner, { firstName: "A" })).coach;
  const B = (await addCoach(t, owner, { firstName: "B" })).coach;
  const C = (await addCoach(t, owner, { firstName: "C" })).coach;
  const D = (await addCoach(t, owner, { firstName: "D" })).coach;
  expect((await t.web("DELETE", `/v1/web/coaches/${D.id}`, owner)).status).toBe(200);

  const task = async (title: string, coachIds: string[], status = "OPEN") => {
    const res = await t.web("POST", "/v1/web/tasks", owner, { title, coachIds, status });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const taskIds = {
    T1: await task("T1", [X.id]),
    T2: await task("T2", [X.id, A.id]),
    T3: await task("T3", [X.id], "SNOOZED"),
    T4: await task("T4", [A.id]),
    T5: await task("T5", [X.id], "DONE"),
    T6: await task("T6", [B.id, X.id]),
    T7: await task("T7", [X.id]),
  };
  const C1 = await addClient(t, owner, { firstName: "C1", coachIds: [X.id] });
  const C2 = await addClient(t, owner, { firstName: "C2", coachIds: [A.id, X.id] });
  const C3 = await addClient(t, owner, { firstName: "C3", coachIds: [X.id, B.id] });
  const C4 = await addClient(t, owner, { firstName: "C4", coachIds: [B.id] });
  const C5 = await addClient(t, owner, { firstName: "C5", coachIds: [X.id] });
  expect((await t.web("DELETE", `/v1/web/clients/${C5.id}`, owner)).status).toBe(200);
  const C6 = await addClient(t, owner, { firstName: "C6", coachIds: [X.id, A.id] });
  const [auto1, auto2] = await t.deps.database.db
    .insert(taskAutomations)
    .values([
      { studioId, name: "plan assigned", trigger: "SUBSCRIPTION_ASSIGNED", assigneeCoachIds: [X.id, A.id] },
      { studioId, name: "form filled", trigger: "FORM_FILLED", assigneeCoachIds: [B.id] },
    ])
    .returning();
  return {
    owner,
    studioId,
    X,
    A,
    B,
    C,
    D,
    taskIds,
    clients: { C1, C2, C3, C4, C5, C6 },
    automations: { auto1: auto1!, auto2: auto2! },
  };
}

type Studio = Awaited<ReturnType<typeof buildStudio>>;

async function readBack(s: Studio) {
  const db = t.deps.database.db;
  const taskRows = await db.select().from(tasks).where(eq(tasks.studioId, s.studioId));
  const byTitle = Object.fromEntries(taskRows.map((r) => [r.title, r]));
  const assignments = await db
    .select()
    .from(clientCoaches)
    .where(eq(clientCoaches.studioId, s.studioId))
    .orderBy(asc(clientCoaches.position), asc(clientCoaches.createdAt));
  const coachesOf = (clientId: string) =>
    assignments.filter((a) => a.clientId === clientId).map((a) => a.coachId);
  const primaryOf = (clientId: string) =>
    assignments.find((a) => a.clientId === clientId && a.isPrimary)?.coachId ?? null;
  const autos = await db.select().from(taskAutomations).where(eq(taskAutomations.studioId, s.studioId));
  const [xRow] = await db.select().from(coaches).where(eq(coaches.id, s.X.id));
  const members = await db
    .select()
    .from(organizationMembers)
    .where(eq(organizationMembers.studioId, s.studioId));
  return {
    byTitle,
    coachesOf,
    primaryOf,
    autos: Object.fromEntries(autos.map((a) => [a.id, a.assigneeCoachIds])),
    xRow: xRow!,
    members,
  };
}

describe("DELETE /v1/web/coaches/:id (dismissal)", () => {
  it("defaults (tasks discard, clients unassign): open tasks lose the coach, tasks left with no assignee are DISMISSED with resolvedAt, trainees keep their other coaches, primary moves to the first remaining", async () => {
    const s = await buildStudio();
    const { X, A, B, clients: c, taskIds } = s;
    const sentBefore = { mail: ports.sent.mail.length, chat: ports.sent.chat.length };
    const res = await t.web("DELETE", `/v1/web/coaches/${X.id}`, s.owner);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tasksReassigned: 2,
      tasksDiscarded: 3,
      clientsReassigned: 3,
      clientsUnassigned: 1,
    });
    expect(res.body.data.coach).toMatchObject({ id: X.id, active: false, name: X.name, email: X.email });

    const after = await readBack(s);
    const resolvedAt = new Date(clock).toISOString();
    for (const title of ["T1", "T3", "T7"]) {
      expect(after.byTitle[title], title).toMatchObject({ status: "DISMISSED", coachIds: [] });
      expect(after.byTitle[title]!.resolvedAt?.toISOString(), title).toBe(resolvedAt);
    }
    expect(after.byTitle.T2).toMatchObject({ status: "OPEN", coachIds: [A.id], resolvedAt: null });
    expect(after.byTitle.T6).toMatchObject({ status: "OPEN", coachIds: [B.id], resolvedAt: null });
    expect(after.byTitle.T4).toMatchObject({ status: "OPEN", coachIds: [A.id] });
    // A resolved task is not an open task: it keeps its assignee.
    expect(after.byTitle.T5).toMatchObject({ status: "DONE", coachIds: [X.id] });
    expect(Object.keys(after.byTitle).sort()).toEqual(Object.keys(taskIds).sort());

    expect([after.coachesOf(c.C1.id), after.primaryOf(c.C1.id)]).toEqual([[], null]);
    expect([after.coachesOf(c.C2.id), after.primaryOf(c.C2.id)]).toEqual([[A.id], A.id]);
    expect([after.coachesOf(c.C3.id), after.primaryOf(c.C3.id)]).toEqual([[B.id], B.id]);
    expect([after.coachesOf(c.C4.id), after.primaryOf(c.C4.id)]).toEqual([[B.id], B.id]);
    expect(after.coachesOf(c.C5.id)).toEqual([]);
    expect([after.coachesOf(c.C6.id), after.primaryOf(c.C6.id)]).toEqual([[A.id], A.id]);

    expect(after.autos).toEqual({ [s.automations.auto1.id]: [A.id], [s.automations.auto2.id]: [B.id] });
    expect(after.xRow.active).toBe(false);
    expect(after.members.map((m) => m.userId)).not.toContain(X.externalUserId);
    expect(after.members.find((m) => m.userId === s.owner.userId)?.role).toBe("owner");
    // Step 6: no email or push.
    expect({ mail: ports.sent.mail.length, chat: ports.sent.chat.length }).toEqual(sentBefore);
  });

  it("reassign modes: duplicates and the dismissed coach removed from the lists, replacements rotate round-robin by index over oldest-first tasks and trainees, shared tasks keep other assignees, the primary is kept when still listed", async () => {
    const s = await buildStudio();
    const { X, A, B, C, clients: c } = s;
    const res = await t.web("DELETE", `/v1/web/coaches/${X.id}`, s.owner, {
      tasks: { mode: "reassign", coachIds: [A.id, X.id, B.id, A.id] },
      clients: { mode: "reassign", coachIds: [B.id, C.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tasksReassigned: 5,
      tasksDiscarded: 0,
      clientsReassigned: 4,
      clientsUnassigned: 0,
    });

    const after = await readBack(s);
    // Open tasks listing X, oldest first: T1, T2, T3, T6, T7 take A, B, A, B, A.
    expect(after.byTitle.T1).toMatchObject({ status: "OPEN", coachIds: [A.id] });
    expect(after.byTitle.T2).toMatchObject({ status: "OPEN", coachIds: [B.id, A.id] });
    expect(after.byTitle.T3).toMatchObject({ status: "SNOOZED", coachIds: [A.id], resolvedAt: null });
    expect(after.byTitle.T6).toMatchObject({ status: "OPEN", coachIds: [B.id] });
    expect(after.byTitle.T7).toMatchObject({ status: "OPEN", coachIds: [A.id] });
    expect(after.byTitle.T4).toMatchObject({ coachIds: [A.id] });
    expect(after.byTitle.T5).toMatchObject({ status: "DONE", coachIds: [X.id] });

    // Trainees of X, oldest first: C1, C2, C3, C6 take B, C, B, C (C5 is deleted).
    expect([after.coachesOf(c.C1.id), after.primaryOf(c.C1.id)]).toEqual([[B.id], B.id]);
    expect([after.coachesOf(c.C2.id), after.primaryOf(c.C2.id)]).toEqual([[A.id, C.id], A.id]);
    expect([after.coachesOf(c.C3.id), after.primaryOf(c.C3.id)]).toEqual([[B.id], B.id]);
    expect([after.coachesOf(c.C4.id), after.primaryOf(c.C4.id)]).toEqual([[B.id], B.id]);
    expect(after.coachesOf(c.C5.id)).toEqual([]);
    expect([after.coachesOf(c.C6.id), after.primaryOf(c.C6.id)]).toEqual([[C.id, A.id], C.id]);
    // The web answer shows the same lists.
    expect((await t.web("GET", `/v1/web/clients/${c.C6.id}`, s.owner)).body.data).toMatchObject({
      coachIds: [C.id, A.id],
      primaryCoachId: C.id,
    });

    expect(after.autos).toEqual({ [s.automations.auto1.id]: [A.id], [s.automations.auto2.id]: [B.id] });
    expect(after.xRow.active).toBe(false);
    expect(after.members.map((m) => m.userId)).not.toContain(X.externalUserId);
    // Impact of the dismissed coach is now empty; the replacements carry the load.
    expect((await t.web("GET", `/v1/web/coaches/${X.id}/impact`, s.owner)).body.data).toEqual({
      openTasks: 0,
      clients: 0,
    });
    expect((await t.web("GET", `/v1/web/coaches/${A.id}/impact`, s.owner)).body.data).toEqual({
      openTasks: 5,
      clients: 2,
    });
  });

  it("mixed modes: tasks reassigned to one coach while trainees are unassigned", async () => {
    const s = await buildStudio();
    const { X, A, C, clients: c } = s;
    const res = await t.web("DELETE", `/v1/web/coaches/${X.id}`, s.owner, {
      tasks: { mode: "reassign", coachIds: [C.id] },
      clients: { mode: "unassign" },
    });
    expect(res.body.data).toMatchObject({
      tasksReassigned: 5,
      tasksDiscarded: 0,
      clientsReassigned: 3,
      clientsUnassigned: 1,
    });
    const after = await readBack(s);
    expect(after.byTitle.T1!.coachIds).toEqual([C.id]);
    expect(after.byTitle.T2!.coachIds).toEqual([C.id, A.id]);
    expect(after.coachesOf(c.C1.id)).toEqual([]);
    expect(after.coachesOf(c.C6.id)).toEqual([A.id]);
  });

  it("the organization member row is deleted unless its role is owner", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const [ownerCoach] = await t.deps.database.db
      .select()
      .from(coaches)
      .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, owner.userId!)));
    // The owner dismissing their own row (always allowed) keeps the owner member.
    const res = await t.web("DELETE", `/v1/web/coaches/${ownerCoach!.id}`, owner);
    expect(res.status).toBe(200);
    const members = await t.deps.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.studioId, studioId));
    expect(members).toEqual([expect.objectContaining({ userId: owner.userId, role: "owner" })]);
  });

  it("replacement validation: select at least one other team member; unknown team member selected (inactive, foreign or missing); nothing changes", async () => {
    const s = await buildStudio();
    const { X, A, D } = s;
    const { coach: foreign } = await addCoach(t, newOwner());
    const cases: [unknown, string][] = [
      [{ tasks: { mode: "reassign", coachIds: [X.id, X.id] } }, "select at least one other team member"],
      [{ clients: { mode: "reassign", coachIds: [X.id] } }, "select at least one other team member"],
      [{ tasks: { mode: "reassign", coachIds: [A.id, D.id] } }, "unknown team member selected"],
      [{ clients: { mode: "reassign", coachIds: [foreign.id] } }, "unknown team member selected"],
      [{ tasks: { mode: "reassign", coachIds: ["missing"] } }, "unknown team member selected"],
    ];
    for (const [body, message] of cases) {
      const res = await t.web("DELETE", `/v1/web/coaches/${X.id}`, s.owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ code: "VALIDATION", message });
    }
    const empty = await t.web("DELETE", `/v1/web/coaches/${X.id}`, s.owner, {
      tasks: { mode: "reassign", coachIds: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toContain("select at least one other team member");
    const tooMany = await t.web("DELETE", `/v1/web/coaches/${X.id}`, s.owner, {
      tasks: { mode: "reassign", coachIds: Array.from({ length: 51 }, (_, i) => `c${i}`) },
    });
    expect(tooMany.status).toBe(422);
    expect(
      (await t.web("DELETE", `/v1/web/coaches/${X.id}`, s.owner, { tasks: { mode: "move" } })).status,
    ).toBe(422);

    const after = await readBack(s);
    expect(after.xRow.active).toBe(true);
    expect(after.byTitle.T1!.coachIds).toEqual([X.id]);
    expect(after.coachesOf(s.clients.C1.id)).toEqual([X.id]);
  });

  it("roles OWNER or HEAD_COACH: a SUB_COACH gets 403 and nothing changes", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner);
    const { as } = await addCoach(t, owner);
    const res = await t.web("DELETE", `/v1/web/coaches/${coach.id}`, as);
    expect(res.status).toBe(403);
    expect((await t.web("GET", `/v1/web/coaches/${coach.id}`, owner)).body.data.active).toBe(true);
  });

  it("a HEAD_COACH may dismiss a SUB_COACH; the dismissed row stays readable with active false", async () => {
    const owner = newOwner();
    const { as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { coach } = await addCoach(t, owner);
    expect((await t.web("DELETE", `/v1/web/coaches/${coach.id}`, head)).status).toBe(200);
    expect((await t.web("GET", `/v1/web/coaches/${coach.id}`, owner)).body.data).toMatchObject({
      id: coach.id,
      active: false,
    });
  });

  it("one transaction with a timeout: a dismissal blocked past its timeout gives up and changes nothing", async () => {
    const s = await buildStudio();
    const db = t.deps.database.db;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another writer holds task T7 (the last row the dismissal must update).
    const holder = db.transaction(async (tx) => {
      await tx.select().from(tasks).where(eq(tasks.id, s.taskIds.T7)).for("update");
      locked();
      await released;
    });
    await isLocked;
    try {
      const scope = { ...(await t.coachScopeFor(s.studioId, s.owner.userId!)), now: new Date(clock) };
      const attempt = dismissCoach(
        db,
        scope,
        { id: s.X.id, tasks: { mode: "discard" }, clients: { mode: "unassign" } },
        { timeoutMs: 300 },
      );
      await expect(attempt).rejects.toMatchObject({ cause: expect.objectContaining({ code: "57014" }) });
    } finally {
      release();
      await holder;
    }
    const after = await readBack(s);
    expect(after.xRow.active).toBe(true);
    expect(after.byTitle.T1).toMatchObject({ status: "OPEN", coachIds: [s.X.id] });
    expect(after.coachesOf(s.clients.C1.id)).toEqual([s.X.id]);
    expect(after.autos[s.automations.auto1.id]).toEqual([s.X.id, s.A.id]);
  });
});
