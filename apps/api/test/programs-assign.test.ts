import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, programs } from "@studio/db";
import { assignTemplate, releaseHeldProgram } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { addClient, addCoach, studioIdOf, withoutRequestId } from "./support/team-fixtures";
import {
  activitiesOf,
  addFormResponse,
  addTemplate,
  addTraineeWithDevice,
  deliveryJobs,
  planActivatedJobs,
  programsOf,
  pushesOf,
} from "./support/program-fixtures";

// POST /v1/web/program-templates/:id/assign and the release of hold mode (document 2 "assign",
// "States and transitions" Program rows), over the real app, database and job queue (jobs are
// enqueued, not worked: the worker test is programs-bulk.test.ts).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const assign = (owner: WebUserContext, templateId: string, body: Record<string, unknown>) =>
  t.web("POST", `/v1/web/program-templates/${templateId}/assign`, owner, body);

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  return { owner, studioId };
}

describe("POST /v1/web/program-templates/:id/assign", () => {
  it("copies the template into an ACTIVE program, writes the activity, queues TRAINING_PLAN_ASSIGNED with {{plan}} the display name and enqueues plan-activated, all for this one program", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId, {
      pdfUrl: "https://cdn.example.com/plan.pdf",
      content: {},
    });
    const trainee = await addTraineeWithDevice(t, studioId);
    const res = await assign(owner, template.id, { clientId: trainee.id, startDate: "2026-05-01" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const program = res.body.data;
    expect(program).toMatchObject({
      clientId: trainee.id,
      type: "TRAINING",
      name: template.name,
      displayName: template.displayName,
      content: {},
      pdfUrl: "https://cdn.example.com/plan.pdf",
      sourceTemplateId: template.id,
      status: "ACTIVE",
      startDate: "2026-05-01",
      releasePending: false,
      releaseResponseId: null,
    });
    const [row] = await programsOf(t, trainee.id);
    expect(row).toMatchObject({ id: program.id, status: "ACTIVE", startDate: "2026-05-01" });

    const activities = await activitiesOf(t, trainee.id);
    expect(activities).toEqual([
      expect.objectContaining({
        actor: "TRAINER",
        action: "ASSIGNED",
        entityType: "PROGRAM",
        entityId: program.id,
        type: "TRAINING_PLAN",
        data: { templateId: template.id, templateName: template.name },
      }),
    ]);

    const pushes = await pushesOf(t, trainee.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ type: "TRAINING_PLAN_ASSIGNED", status: "queued" });
    expect(pushes[0]!.body).toContain("תוכנית הכוח שלך");
    expect(pushes[0]!.data).toMatchObject({ programId: program.id, type: "TRAINING_PLAN_ASSIGNED" });
    expect((await deliveryJobs(t, studioId)).map((j) => j.data.notificationId)).toEqual([pushes[0]!.id]);

    const hooks = await planActivatedJobs(t, studioId);
    expect(hooks.map((j) => j.data)).toEqual([
      { studioId, clientId: trainee.id, programId: program.id, requestId: res.body.requestId },
    ]);
  });

  it("NUTRITION: activity NUTRITION_PLAN, push NUTRITION_PLAN_ASSIGNED, {{plan}} falls back to the name; {{coach}} is the calling coach's name", async () => {
    const { owner, studioId } = await studio();
    const { as } = await addCoach(t, owner, { firstName: "Avi", lastName: "Ron" });
    const template = await addTemplate(t, studioId, {
      type: "NUTRITION",
      name: "תפריט חיטוב",
      displayName: null,
    });
    const trainee = await addTraineeWithDevice(t, studioId);
    const res = await assign(as, template.id, { clientId: trainee.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.startDate).toBeNull();
    expect((await activitiesOf(t, trainee.id)).map((a) => a.type)).toEqual(["NUTRITION_PLAN"]);
    const pushes = await pushesOf(t, trainee.id);
    expect(pushes.map((p) => p.type)).toEqual(["NUTRITION_PLAN_ASSIGNED"]);
    expect(pushes[0]!.body).toBe("Avi Ron הכין/ה לך את תפריט חיטוב");
  });

  it("COMBINED: activity TRAINING_AND_NUTRITION_PLAN and both pushes, signed with the owner's Coach row name", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId, { type: "COMBINED", content: { anything: [1, 2] } });
    const trainee = await addTraineeWithDevice(t, studioId);
    const res = await assign(owner, template.id, { clientId: trainee.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.content).toEqual({ anything: [1, 2] });
    expect((await activitiesOf(t, trainee.id)).map((a) => a.type)).toEqual(["TRAINING_AND_NUTRITION_PLAN"]);
    const pushes = await pushesOf(t, trainee.id);
    expect(pushes.map((p) => p.type).sort()).toEqual(["NUTRITION_PLAN_ASSIGNED", "TRAINING_PLAN_ASSIGNED"]);
    for (const push of pushes) expect(push.body).toBe(`Dana Levi הכין/ה לך את ${template.displayName}`);
    expect(await planActivatedJobs(t, studioId)).toHaveLength(1);
  });

  it("the push goes through notify: a trainee who muted PLANS gets a skipped record and no delivery job (the program, activity and hook still happen)", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId);
    const trainee = await addTraineeWithDevice(t, studioId, { mutedNotificationGroups: ["PLANS"] });
    expect((await assign(owner, template.id, { clientId: trainee.id })).status).toBe(201);
    expect(await pushesOf(t, trainee.id)).toEqual([
      expect.objectContaining({ type: "TRAINING_PLAN_ASSIGNED", status: "skipped", skipReason: "MUTED" }),
    ]);
    expect(await deliveryJobs(t, studioId)).toEqual([]);
    expect(await activitiesOf(t, trainee.id)).toHaveLength(1);
    expect(await planActivatedJobs(t, studioId)).toHaveLength(1);
  });

  it("program, activity, push and hook are one transaction: when the enqueue fails nothing is left", async () => {
    const { studioId } = await studio();
    const template = await addTemplate(t, studioId);
    const trainee = await addTraineeWithDevice(t, studioId);
    const scope = t.scopeFor(studioId);
    const failing = {
      ...scope,
      jobs: {
        enqueue: async () => {
          throw new Error("queue down");
        },
      },
    };
    await expect(
      assignTemplate(t.deps.database.db, failing, { id: template.id, clientId: trainee.id }),
    ).rejects.toThrow("queue down");
    expect(await programsOf(t, trainee.id)).toEqual([]);
    expect(await activitiesOf(t, trainee.id)).toEqual([]);
    expect(await pushesOf(t, trainee.id)).toEqual([]);
  });

  it("NOT_FOUND program template not found for a missing or another studio's template, same answer; nothing is created", async () => {
    const { owner, studioId } = await studio();
    const other = await studio();
    const foreign = await addTemplate(t, other.studioId);
    const trainee = await addTraineeWithDevice(t, studioId);
    const missing = await assign(owner, "no-such-template", { clientId: trainee.id });
    const away = await assign(owner, foreign.id, { clientId: trainee.id });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "program template not found" });
    expect(withoutRequestId(away.body)).toEqual(withoutRequestId(missing.body));
    expect(await programsOf(t, trainee.id)).toEqual([]);
  });

  it("NOT_FOUND client not found for a missing, another studio's or deleted trainee, same answer; nothing is created", async () => {
    const { owner, studioId } = await studio();
    const other = await studio();
    const template = await addTemplate(t, studioId);
    const foreign = await addTrainee(t, other.studioId);
    const deleted = await addTrainee(t, studioId, { deletedAt: new Date() });
    const missing = await assign(owner, template.id, { clientId: "no-such-client" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "client not found" });
    for (const clientId of [foreign.id, deleted.id]) {
      const res = await assign(owner, template.id, { clientId });
      expect(withoutRequestId(res.body)).toEqual(withoutRequestId(missing.body));
    }
    expect(await programsOf(t, foreign.id)).toEqual([]);
    expect(await programsOf(t, deleted.id)).toEqual([]);
    expect(await planActivatedJobs(t, studioId)).toEqual([]);
  });

  it("a coach limited to assigned trainees assigns to theirs and hears client not found for any other", async () => {
    const { owner, studioId } = await studio();
    const { coach, as } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const mine = await addClient(t, owner, { coachIds: [coach.id] });
    const notMine = await addClient(t, owner);
    const template = await addTemplate(t, studioId);
    expect((await assign(as, template.id, { clientId: mine.id })).status).toBe(201);
    const refused = await assign(as, template.id, { clientId: notMine.id });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("client not found");
    expect(await programsOf(t, notMine.id)).toEqual([]);
  });

  it("VALIDATION for a missing clientId or a bad startDate", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId);
    expect((await assign(owner, template.id, {})).status).toBe(422);
    const trainee = await addTrainee(t, studioId);
    expect((await assign(owner, template.id, { clientId: trainee.id, startDate: "2026-13-01" })).status).toBe(
      422,
    );
  });
});

describe("hold mode and release", () => {
  it("holds the program PAUSED with releasePending and the response id; writes the activity; no push and no hook until release", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId, { type: "COMBINED" });
    const trainee = await addTraineeWithDevice(t, studioId);
    const response = await addFormResponse(t, studioId, trainee.id);
    const res = await assign(owner, template.id, { clientId: trainee.id, holdForResponseId: response.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      status: "PAUSED",
      releasePending: true,
      releaseResponseId: response.id,
    });
    expect(await activitiesOf(t, trainee.id)).toHaveLength(1);
    expect(await pushesOf(t, trainee.id)).toEqual([]);
    expect(await planActivatedJobs(t, studioId)).toEqual([]);

    // The forms module calls the release when the intake response is submitted.
    const db = t.deps.database.db;
    const first = await releaseHeldProgram(db, t.scopeFor(studioId), { responseId: response.id });
    expect(first.released).toEqual([
      expect.objectContaining({ id: res.body.data.id, status: "ACTIVE", releasePending: false }),
    ]);
    const [row] = await programsOf(t, trainee.id);
    expect(row).toMatchObject({ status: "ACTIVE", releasePending: false, releaseResponseId: response.id });
    const pushes = await pushesOf(t, trainee.id);
    expect(pushes.map((p) => p.type).sort()).toEqual(["NUTRITION_PLAN_ASSIGNED", "TRAINING_PLAN_ASSIGNED"]);
    expect(pushes.every((p) => p.status === "queued")).toBe(true);
    // A job has no coach: {{coach}} is the studio's name.
    const studioName = (await t.web("GET", "/v1/web/studio", owner)).body.data.name as string;
    for (const push of pushes) expect(push.body).toBe(`${studioName} הכין/ה לך את ${template.displayName}`);
    expect((await planActivatedJobs(t, studioId)).map((j) => j.data)).toEqual([
      { studioId, clientId: trainee.id, programId: res.body.data.id, requestId: "test" },
    ]);
    expect(await activitiesOf(t, trainee.id)).toHaveLength(1);

    // Idempotent: a second release does nothing.
    const second = await releaseHeldProgram(db, t.scopeFor(studioId), { responseId: response.id });
    expect(second.released).toEqual([]);
    expect(await pushesOf(t, trainee.id)).toHaveLength(2);
    expect(await planActivatedJobs(t, studioId)).toHaveLength(1);
  });

  it("release is scoped to the studio: another studio's scope releases nothing", async () => {
    const { owner, studioId } = await studio();
    const other = await studio();
    const template = await addTemplate(t, studioId);
    const trainee = await addTraineeWithDevice(t, studioId);
    const response = await addFormResponse(t, studioId, trainee.id);
    expect(
      (await assign(owner, template.id, { clientId: trainee.id, holdForResponseId: response.id })).status,
    ).toBe(201);
    const result = await releaseHeldProgram(t.deps.database.db, t.scopeFor(other.studioId), {
      responseId: response.id,
    });
    expect(result.released).toEqual([]);
    expect((await programsOf(t, trainee.id))[0]).toMatchObject({ status: "PAUSED", releasePending: true });
  });

  it("a trainee deleted before the release gets the program ACTIVE but no push and no hook", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId);
    const trainee = await addTraineeWithDevice(t, studioId);
    const response = await addFormResponse(t, studioId, trainee.id);
    expect(
      (await assign(owner, template.id, { clientId: trainee.id, holdForResponseId: response.id })).status,
    ).toBe(201);
    await t.deps.database.db.update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, trainee.id));
    const result = await releaseHeldProgram(t.deps.database.db, t.scopeFor(studioId), {
      responseId: response.id,
    });
    expect(result.released.map((p) => p.status)).toEqual(["ACTIVE"]);
    expect(await pushesOf(t, trainee.id)).toEqual([]);
    expect(await planActivatedJobs(t, studioId)).toEqual([]);
  });

  it("BAD_REQUEST when the response is missing or another studio's (same answer), another trainee's, or not of an INTAKE form; nothing is created", async () => {
    const { owner, studioId } = await studio();
    const other = await studio();
    const template = await addTemplate(t, studioId);
    const trainee = await addTraineeWithDevice(t, studioId);
    const sibling = await addTrainee(t, studioId);
    const foreignTrainee = await addTrainee(t, other.studioId);
    const foreign = await addFormResponse(t, other.studioId, foreignTrainee.id);
    const siblings = await addFormResponse(t, studioId, sibling.id);
    const checkIn = await addFormResponse(t, studioId, trainee.id, "CHECK_IN");

    const missing = await assign(owner, template.id, { clientId: trainee.id, holdForResponseId: "nope" });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "BAD_REQUEST", message: "intake response not found" });
    const away = await assign(owner, template.id, { clientId: trainee.id, holdForResponseId: foreign.id });
    expect(withoutRequestId(away.body)).toEqual(withoutRequestId(missing.body));

    const notTheirs = await assign(owner, template.id, {
      clientId: trainee.id,
      holdForResponseId: siblings.id,
    });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.message).toBe("the intake response belongs to another trainee");

    const notIntake = await assign(owner, template.id, {
      clientId: trainee.id,
      holdForResponseId: checkIn.id,
    });
    expect(notIntake.status).toBe(400);
    expect(notIntake.body.message).toBe("the response does not answer an intake form");

    expect(await programsOf(t, trainee.id)).toEqual([]);
    expect(await activitiesOf(t, trainee.id)).toEqual([]);
  });

  it("holdForResponseId null is no hold", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId);
    const trainee = await addTraineeWithDevice(t, studioId);
    const res = await assign(owner, template.id, { clientId: trainee.id, holdForResponseId: null });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("ACTIVE");
    const [row] = await t.deps.database.db.select().from(programs).where(eq(programs.id, res.body.data.id));
    expect(row!.releasePending).toBe(false);
  });
});
