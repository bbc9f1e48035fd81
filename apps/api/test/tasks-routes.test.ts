import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tasks } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addClient, addCoach, withoutRequestId } from "./support/team-fixtures";

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());

async function addTask(user: WebUserContext, body: Record<string, unknown> = {}) {
  const res = await t.web("POST", "/v1/web/tasks", user, { title: "Follow up", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
const titles = (res: { body: any }) => res.body.data.items.map((x: { title: string }) => x.title);

describe("POST /v1/web/tasks", () => {
  it("defaults: status OPEN, priority 1, type MANUAL, source web, no assignees, resolvedAt null", async () => {
    const task = await addTask(newOwner());
    expect(task).toMatchObject({
      title: "Follow up",
      description: null,
      status: "OPEN",
      priority: 1,
      type: "MANUAL",
      source: "web",
      coachIds: [],
      traineeId: null,
      dueDate: null,
      snoozedUntil: null,
      resolvedAt: null,
    });
  });

  it("stores trainee, assignees, due date (a date or a timestamp), priority and description", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner);
    const client = await addClient(t, owner);
    const task = await addTask(owner, {
      traineeId: client.id,
      coachIds: [coach.id, coach.id],
      dueDate: "2026-12-01",
      priority: 5,
      description: "d".repeat(2000),
    });
    expect(task).toMatchObject({
      traineeId: client.id,
      coachIds: [coach.id],
      dueDate: "2026-12-01T00:00:00.000Z",
      priority: 5,
    });
    expect(task.description).toHaveLength(2000);
    const timed = await addTask(owner, { dueDate: "2026-12-01T09:30:00+02:00", priority: 0 });
    expect(timed).toMatchObject({ dueDate: "2026-12-01T07:30:00.000Z", priority: 0 });
  });

  it("VALIDATION: title required, description at most 2000, priority an integer 0 to 5, a known status", async () => {
    const owner = newOwner();
    for (const body of [
      { title: "" },
      { title: "x", description: "d".repeat(2001) },
      { title: "x", priority: 6 },
      { title: "x", priority: -1 },
      { title: "x", priority: 1.5 },
      { title: "x", status: "LATER" },
      { title: "x", dueDate: "soon" },
    ]) {
      expect(
        (await t.web("POST", "/v1/web/tasks", owner, body)).status,
        JSON.stringify(body).slice(0, 60),
      ).toBe(422);
    }
  });

  it("a task created as DONE is resolved at once", async () => {
    expect((await addTask(newOwner(), { status: "DONE" })).resolvedAt).toBe(new Date(clock).toISOString());
  });

  it("the trainee must be a trainee of the studio (404 client not found); assignees active coaches of the studio (VALIDATION)", async () => {
    const owner = newOwner();
    const foreignClient = await addClient(t, newOwner());
    const { coach: foreignCoach } = await addCoach(t, newOwner());
    const trainee = await t.web("POST", "/v1/web/tasks", owner, { title: "x", traineeId: foreignClient.id });
    expect(trainee.status).toBe(404);
    expect(trainee.body.message).toBe("client not found");
    const coach = await t.web("POST", "/v1/web/tasks", owner, { title: "x", coachIds: [foreignCoach.id] });
    expect(coach.status).toBe(422);
    expect(coach.body.message).toBe("unknown team member selected");
  });
});

describe("PATCH /v1/web/tasks/:id", () => {
  it("resolvedAt is set when moving to DONE or DISMISSED and cleared when reopened; leaving SNOOZED clears snoozedUntil", async () => {
    const owner = newOwner();
    const task = await addTask(owner);
    const patch = (body: Record<string, unknown>) => t.web("PATCH", `/v1/web/tasks/${task.id}`, owner, body);
    const snoozed = await patch({ status: "SNOOZED", snoozedUntil: "2026-12-24T08:00:00Z" });
    expect(snoozed.body.data).toMatchObject({
      status: "SNOOZED",
      snoozedUntil: "2026-12-24T08:00:00.000Z",
      resolvedAt: null,
    });
    const doneAt = clock;
    const done = await patch({ status: "DONE" });
    expect(done.body.data).toMatchObject({
      status: "DONE",
      resolvedAt: new Date(doneAt).toISOString(),
      snoozedUntil: null,
    });
    clock += 60_000;
    // Moving between resolved states keeps the first resolution time.
    expect((await patch({ status: "DISMISSED" })).body.data).toMatchObject({
      status: "DISMISSED",
      resolvedAt: new Date(doneAt).toISOString(),
    });
    expect((await patch({ status: "OPEN" })).body.data).toMatchObject({ status: "OPEN", resolvedAt: null });
    expect((await patch({ status: "DISMISSED" })).body.data.resolvedAt).toBe(new Date(clock).toISOString());
  });

  it("every field is optional; null clears description and dates; VALIDATION for a bad priority", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner);
    const task = await addTask(owner, { description: "x", dueDate: "2026-12-01" });
    const res = await t.web("PATCH", `/v1/web/tasks/${task.id}`, owner, {
      title: "Renamed",
      description: null,
      dueDate: null,
      priority: 3,
      coachIds: [coach.id],
    });
    expect(res.body.data).toMatchObject({
      title: "Renamed",
      description: null,
      dueDate: null,
      priority: 3,
      coachIds: [coach.id],
      status: "OPEN",
    });
    expect((await t.web("PATCH", `/v1/web/tasks/${task.id}`, owner, { priority: 9 })).status).toBe(422);
    expect((await t.web("PATCH", `/v1/web/tasks/${task.id}`, owner, {})).body.data).toMatchObject({
      title: "Renamed",
      priority: 3,
    });
    expect((await t.web("PATCH", `/v1/web/tasks/${task.id}`, owner, { coachIds: ["ghost"] })).status).toBe(
      422,
    );
  });
});

describe("GET /v1/web/tasks", () => {
  it("lists newest first with total; filters status, traineeId and coachId; paging", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner);
    const client = await addClient(t, owner);
    await addTask(owner, { title: "one" });
    await addTask(owner, { title: "two", coachIds: [coach.id] });
    await addTask(owner, { title: "three", traineeId: client.id, status: "SNOOZED" });
    const all = await t.web("GET", "/v1/web/tasks", owner);
    expect(titles(all)).toEqual(["three", "two", "one"]);
    expect(all.body.data.total).toBe(3);
    expect(titles(await t.web("GET", "/v1/web/tasks?status=SNOOZED", owner))).toEqual(["three"]);
    expect(titles(await t.web("GET", `/v1/web/tasks?traineeId=${client.id}`, owner))).toEqual(["three"]);
    expect(titles(await t.web("GET", `/v1/web/tasks?coachId=${coach.id}`, owner))).toEqual(["two"]);
    const page = await t.web("GET", "/v1/web/tasks?page=2&pageSize=2", owner);
    expect(page.body.data).toMatchObject({ total: 3, items: [expect.objectContaining({ title: "one" })] });
  });

  it("GET /v1/web/tasks/:id answers the task", async () => {
    const owner = newOwner();
    const task = await addTask(owner);
    expect((await t.web("GET", `/v1/web/tasks/${task.id}`, owner)).body.data).toEqual(task);
  });
});

describe("tenancy and coach scoping", () => {
  it("another studio's task id answers 404 task not found exactly like a missing one (GET and PATCH), and is never listed", async () => {
    const foreign = await addTask(newOwner(), { title: "theirs" });
    const other = newOwner();
    for (const [method, body] of [["GET"], ["PATCH", { status: "DONE" }]] as const) {
      const a = await t.web(method, `/v1/web/tasks/${foreign.id}`, other, body);
      const b = await t.web(method, "/v1/web/tasks/missing", other, body);
      expect(a.status).toBe(404);
      expect(a.body.message).toBe("task not found");
      expect(withoutRequestId(a.body)).toEqual(withoutRequestId(b.body));
    }
    expect((await t.web("GET", "/v1/web/tasks", other)).body.data.total).toBe(0);
    const [row] = await t.deps.database.db.select().from(tasks).where(eq(tasks.id, foreign.id));
    expect(row!.status).toBe("OPEN");
  });

  it("a coach limited to assigned trainees sees tasks assigned to them or about their trainees; others answer 404", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const mine = await addClient(t, owner, { coachIds: [coach.id] });
    const notMine = await addClient(t, owner);
    await addTask(owner, { title: "assigned to me", coachIds: [coach.id] });
    await addTask(owner, { title: "about my trainee", traineeId: mine.id });
    const hidden = await addTask(owner, { title: "about another trainee", traineeId: notMine.id });
    expect(titles(await t.web("GET", "/v1/web/tasks", as))).toEqual(["about my trainee", "assigned to me"]);
    const res = await t.web("GET", `/v1/web/tasks/${hidden.id}`, as);
    expect(res.status).toBe(404);
    expect((await t.web("PATCH", `/v1/web/tasks/${hidden.id}`, as, { status: "DONE" })).status).toBe(404);
    // Nor can they attach a task to a trainee they cannot reach.
    expect(
      (await t.web("POST", "/v1/web/tasks", as, { title: "x", traineeId: notMine.id })).body.message,
    ).toBe("client not found");
  });
});
