import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { auditEntries, tasks } from "@studio/db";
import { automationKey } from "./support/automation-fixtures";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { addCoach, studioIdOf } from "./support/team-fixtures";

// The automation lane's tasks (document 3 "Task (work board item)", "Weights, message, tasks",
// "Response envelope", "Limits"; decisions.md field names) over the real app with a studio API key.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const key = await automationKey(t, owner, "Make");
  const { call } = key;
  const create = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/tasks", body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.task as { id: string; [key: string]: unknown };
  };
  return {
    owner,
    studioId,
    key,
    call,
    create,
    trainee: () => addTrainee(t, studioId),
    coach: async () => (await addCoach(t, owner)).coach as { id: string },
  };
}

const auditOf = (studioId: string) =>
  db().select().from(auditEntries).where(eq(auditEntries.studioId, studioId));
const tasksOf = (studioId: string) => db().select().from(tasks).where(eq(tasks.studioId, studioId));

describe("POST /v1/automation/tasks", () => {
  it("answers 200 with data task, message Task created, type MANUAL, source automation and one audit entry", async () => {
    const s = await studio();
    const trainee = await s.trainee();
    const coach = await s.coach();
    const res = await s.call("POST", "/tasks", {
      title: "Call back",
      description: "about the plan",
      traineeId: trainee.id,
      coachId: coach.id,
      dueDate: "2030-01-15",
      priority: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Task created",
      data: {
        task: expect.objectContaining({
          title: "Call back",
          description: "about the plan",
          traineeId: trainee.id,
          coachIds: [coach.id],
          dueDate: "2030-01-15T00:00:00.000Z",
          priority: 3,
          status: "OPEN",
          type: "MANUAL",
          source: "automation",
          resolvedAt: null,
        }),
      },
    });
    expect(await auditOf(s.studioId)).toEqual([
      expect.objectContaining({
        actorType: "api_key",
        actorId: s.key.id,
        action: "automation.task.create",
        entityType: "task",
        entityId: res.body.data.task.id,
      }),
    ]);
  });

  it("string inputs: blank fields are omitted, priority defaults to 1, a numeric string priority is accepted", async () => {
    const s = await studio();
    const blank = await s.create({
      title: "Blank",
      description: "",
      traineeId: " ",
      coachId: "",
      dueDate: "",
      priority: "",
    });
    expect(blank).toMatchObject({
      description: null,
      traineeId: null,
      coachIds: [],
      dueDate: null,
      priority: 1,
      type: "MANUAL",
      source: "automation",
    });
    expect((await s.create({ title: "Nulls", description: null, priority: null })).priority).toBe(1);
    expect((await s.create({ title: "Three", priority: "3" })).priority).toBe(3);
    expect((await s.create({ title: "Zero", priority: " 0 " })).priority).toBe(0);
    expect((await s.create({ title: "Five", priority: 5 })).priority).toBe(5);
  });

  it("400: missing or blank title, priority outside 0 to 5 or not whole, description over 2000; nothing written", async () => {
    const s = await studio();
    for (const body of [
      {},
      { title: "" },
      { title: "   " },
      { title: null },
      { title: "x", priority: 6 },
      { title: "x", priority: "-1" },
      { title: "x", priority: "2.5" },
      { title: "x", priority: "high" },
      { title: "x", description: "d".repeat(2001) },
      { title: "x", dueDate: "someday" },
    ]) {
      const res = await s.call("POST", "/tasks", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
    expect((await s.create({ title: "x", description: "d".repeat(2000) })).description).toHaveLength(2000);
    expect(await tasksOf(s.studioId)).toHaveLength(1);
  });

  it("400 client not found for an unknown trainee, unknown team member selected for an unknown coach; no task, no audit", async () => {
    const s = await studio();
    const noTrainee = await s.call("POST", "/tasks", { title: "x", traineeId: "missing" });
    expect(noTrainee.status).toBe(400);
    expect(noTrainee.body).toEqual({ success: false, message: "client not found" });
    const noCoach = await s.call("POST", "/tasks", { title: "x", coachId: "missing" });
    expect(noCoach.status).toBe(400);
    expect(noCoach.body).toEqual({ success: false, message: "unknown team member selected" });
    expect(await tasksOf(s.studioId)).toEqual([]);
    expect(await auditOf(s.studioId)).toEqual([]);
  });

  it("the audit entry is written in the task's transaction: a failing audit insert leaves no task", async () => {
    const s = await studio();
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION audit_refuse_task() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER audit_refuse_task BEFORE INSERT ON audit_entries FOR EACH ROW
        WHEN (NEW.studio_id = '${s.studioId}') EXECUTE FUNCTION audit_refuse_task()`),
    );
    try {
      const res = await s.call("POST", "/tasks", { title: "Rolled back" });
      expect(res.body.success).toBe(false);
      expect(await tasksOf(s.studioId)).toEqual([]);
      expect(await auditOf(s.studioId)).toEqual([]);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER audit_refuse_task ON audit_entries"));
    }
    await s.create({ title: "Written" });
    expect(await tasksOf(s.studioId)).toHaveLength(1);
  });

  it("another studio's trainee or coach answers exactly like a missing one", async () => {
    const a = await studio();
    const b = await studio();
    const traineeB = await b.trainee();
    const coachB = await b.coach();
    const foreignTrainee = await a.call("POST", "/tasks", { title: "x", traineeId: traineeB.id });
    const missingTrainee = await a.call("POST", "/tasks", { title: "x", traineeId: "nope" });
    expect(foreignTrainee.status).toBe(400);
    expect(foreignTrainee.body).toEqual(missingTrainee.body);
    const foreignCoach = await a.call("POST", "/tasks", { title: "x", coachId: coachB.id });
    const missingCoach = await a.call("POST", "/tasks", { title: "x", coachId: "nope" });
    expect(foreignCoach.status).toBe(400);
    expect(foreignCoach.body).toEqual(missingCoach.body);
    expect(await tasksOf(a.studioId)).toEqual([]);
  });
});

describe("PATCH /v1/automation/tasks/{id}", () => {
  it("changes status, snoozedUntil and priority with message Task updated; blank fields leave values unchanged", async () => {
    const s = await studio();
    const task = await s.create({ title: "Follow up", priority: 2 });
    const snoozed = await s.call("PATCH", `/tasks/${task.id}`, {
      status: "SNOOZED",
      snoozedUntil: "2030-02-01T09:00:00Z",
      priority: "4",
    });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toEqual({
      success: true,
      message: "Task updated",
      data: {
        task: expect.objectContaining({
          id: task.id,
          status: "SNOOZED",
          snoozedUntil: "2030-02-01T09:00:00.000Z",
          priority: 4,
          title: "Follow up",
        }),
      },
    });
    const blank = await s.call("PATCH", `/tasks/${task.id}`, {
      status: "",
      snoozedUntil: "",
      priority: null,
    });
    expect(blank.body.data.task).toMatchObject({
      status: "SNOOZED",
      snoozedUntil: "2030-02-01T09:00:00.000Z",
      priority: 4,
    });
    const done = await s.call("PATCH", `/tasks/${task.id}`, { status: "DONE" });
    expect(done.body.data.task).toMatchObject({
      status: "DONE",
      snoozedUntil: null,
      resolvedAt: expect.any(String),
    });
    const reopened = await s.call("PATCH", `/tasks/${task.id}`, { status: "OPEN", priority: 0 });
    expect(reopened.body.data.task).toMatchObject({ status: "OPEN", resolvedAt: null, priority: 0 });
    const dismissed = await s.call("PATCH", `/tasks/${task.id}`, { status: "DISMISSED" });
    expect(dismissed.body.data.task.status).toBe("DISMISSED");
  });

  it("400 for an unknown status or a priority outside 0 to 5; the task is unchanged", async () => {
    const s = await studio();
    const task = await s.create({ title: "Keep", priority: 2 });
    for (const body of [
      { status: "CLOSED" },
      { priority: 6 },
      { priority: "-1" },
      { snoozedUntil: "soon" },
    ]) {
      const res = await s.call("PATCH", `/tasks/${task.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
    const [row] = await tasksOf(s.studioId);
    expect(row).toMatchObject({ status: "OPEN", priority: 2 });
  });

  it("400 task not found for a missing task and for another studio's task, which stays unchanged", async () => {
    const a = await studio();
    const b = await studio();
    const taskB = await b.create({ title: "B", priority: 2 });
    const missing = await a.call("PATCH", "/tasks/nope", { status: "DONE" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ success: false, message: "task not found" });
    const foreign = await a.call("PATCH", `/tasks/${taskB.id}`, { status: "DONE" });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual(missing.body);
    const [row] = await tasksOf(b.studioId);
    expect(row).toMatchObject({ status: "OPEN", priority: 2 });
  });
});

describe("GET /v1/automation/tasks", () => {
  async function seeded() {
    const s = await studio();
    const trainee = await s.trainee();
    const coach = await s.coach();
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await s.create({
          title: `T${i}`,
          traineeId: i % 2 === 0 ? trainee.id : "",
          coachId: i < 2 ? coach.id : "",
        }),
      );
    }
    // Distinct creation times, oldest T0 .. newest T4.
    for (const [i, task] of made.entries()) {
      await db()
        .update(tasks)
        .set({ createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)) })
        .where(and(eq(tasks.id, task.id), eq(tasks.studioId, s.studioId)));
    }
    await s.call("PATCH", `/tasks/${made[1]!.id}`, { status: "DONE" });
    await s.call("PATCH", `/tasks/${made[3]!.id}`, { status: "SNOOZED", snoozedUntil: "2030-03-01" });
    return { s, trainee, coach, made };
  }
  const titles = (body: { data: { items: { title: string }[] } }) => body.data.items.map((x) => x.title);

  it("answers a page newest first with total, limit 50, offset 0, hasMore false by default", async () => {
    const { s } = await seeded();
    const res = await s.call("GET", "/tasks");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: "Tasks",
      data: { total: 5, limit: 50, offset: 0, hasMore: false },
    });
    expect(titles(res.body)).toEqual(["T4", "T3", "T2", "T1", "T0"]);
    expect(res.body.data.items[0]).toMatchObject({ type: "MANUAL", source: "automation" });
  });

  it("offset pagination with hasMore; numeric strings and blank paging values", async () => {
    const { s } = await seeded();
    const first = await s.call("GET", "/tasks?limit=2");
    expect(first.body.data).toMatchObject({ total: 5, limit: 2, offset: 0, hasMore: true });
    expect(titles(first.body)).toEqual(["T4", "T3"]);
    const second = await s.call("GET", "/tasks?limit=2&offset=2");
    expect(titles(second.body)).toEqual(["T2", "T1"]);
    expect(second.body.data.hasMore).toBe(true);
    const last = await s.call("GET", "/tasks?limit=2&offset=4");
    expect(titles(last.body)).toEqual(["T0"]);
    expect(last.body.data.hasMore).toBe(false);
    const beyond = await s.call("GET", "/tasks?offset=10");
    expect(beyond.body.data).toMatchObject({ items: [], total: 5, hasMore: false });
    const blank = await s.call("GET", "/tasks?limit=&offset=&status=&traineeId=&coachId=");
    expect(blank.body.data).toMatchObject({ total: 5, limit: 50, offset: 0 });
    expect((await s.call("GET", "/tasks?limit=200")).body.data.limit).toBe(200);
    for (const query of ["limit=0", "limit=201", "offset=-1", "limit=abc", "status=CLOSED"]) {
      const res = await s.call("GET", `/tasks?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
  });

  it("filters by status, traineeId and coachId (combined as AND)", async () => {
    const { s, trainee, coach } = await seeded();
    expect(titles((await s.call("GET", "/tasks?status=OPEN")).body)).toEqual(["T4", "T2", "T0"]);
    expect(titles((await s.call("GET", "/tasks?status=DONE")).body)).toEqual(["T1"]);
    expect(titles((await s.call("GET", "/tasks?status=SNOOZED")).body)).toEqual(["T3"]);
    expect(titles((await s.call("GET", "/tasks?status=DISMISSED")).body)).toEqual([]);
    expect(titles((await s.call("GET", `/tasks?traineeId=${trainee.id}`)).body)).toEqual(["T4", "T2", "T0"]);
    expect(titles((await s.call("GET", `/tasks?coachId=${coach.id}`)).body)).toEqual(["T1", "T0"]);
    const both = await s.call("GET", `/tasks?traineeId=${trainee.id}&coachId=${coach.id}&status=OPEN`);
    expect(titles(both.body)).toEqual(["T0"]);
    expect(both.body.data.total).toBe(1);
  });

  it("another studio's tasks are never listed, also when filtering by its trainee or coach", async () => {
    const { s: b, trainee, coach } = await seeded();
    const a = await studio();
    expect((await a.call("GET", "/tasks")).body.data).toMatchObject({ items: [], total: 0, hasMore: false });
    expect((await a.call("GET", `/tasks?traineeId=${trainee.id}`)).body.data.total).toBe(0);
    expect((await a.call("GET", `/tasks?coachId=${coach.id}`)).body.data.total).toBe(0);
    expect((await b.call("GET", "/tasks")).body.data.total).toBe(5);
  });
});

describe("credentials", () => {
  it("every task route answers 401 in the automation envelope without a key or with a wrong one", async () => {
    for (const [method, path] of [
      ["GET", "/tasks"],
      ["POST", "/tasks"],
      ["PATCH", "/tasks/x"],
    ] as const) {
      const res = await t.request(method, `/v1/automation${path}`);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
      const wrong = await t.request(method, `/v1/automation${path}`, {
        headers: { "x-api-key": "sk_wrong" },
      });
      expect(wrong.status, path).toBe(401);
    }
  });
});
