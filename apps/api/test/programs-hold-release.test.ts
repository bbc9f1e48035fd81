import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { formAssignments, forms, plans, subscriptions } from "@studio/db";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { studioIdOf } from "./support/team-fixtures";
import {
  addFormResponse,
  addTemplate,
  addTraineeWithDevice,
  planActivatedJobs,
  programsOf,
  pushesOf,
} from "./support/program-fixtures";
import { field } from "./support/form-fixtures";

// Hold mode's release (document 2 "States and transitions": "push and hook fire on release";
// the release operation is ours: docs/decisions/templates-and-programs.md "Release"): a coach's
// POST /v1/web/programs/:id/release, and the trainee's next INTAKE submission. End to end over
// the real app: until the release nothing is pushed and a FIRST_PLAN subscription keeps waiting.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;

async function heldProgram() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const template = await addTemplate(t, studioId);
  const trainee = await addTraineeWithDevice(t, studioId);
  const response = await addFormResponse(t, studioId, trainee.id);
  const [plan] = await db()
    .insert(plans)
    .values({ studioId, name: "Gold", durationValue: 30, durationUnit: "DAYS", trigger: "FIRST_PLAN" })
    .returning();
  const [subscription] = await db()
    .insert(subscriptions)
    .values({
      studioId,
      clientId: trainee.id,
      planId: plan!.id,
      status: "PENDING",
      durationValue: 30,
      durationUnit: "DAYS",
      waitingForTrigger: "FIRST_PLAN",
    })
    .returning();
  const res = await t.web("POST", `/v1/web/program-templates/${template.id}/assign`, owner, {
    clientId: trainee.id,
    holdForResponseId: response.id,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data).toMatchObject({
    status: "PAUSED",
    releasePending: true,
    releaseResponseId: response.id,
  });
  return { owner, studioId, trainee, program: res.body.data, subscriptionId: subscription!.id };
}

const subscriptionOf = async (id: string) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

async function expectStillHeld(s: Awaited<ReturnType<typeof heldProgram>>) {
  expect(await pushesOf(t, s.trainee.id)).toEqual([]);
  expect(await planActivatedJobs(t, s.studioId)).toEqual([]);
  expect(await subscriptionOf(s.subscriptionId)).toMatchObject({
    status: "PENDING",
    waitingForTrigger: "FIRST_PLAN",
  });
}

async function expectReleased(s: Awaited<ReturnType<typeof heldProgram>>) {
  const [program] = await programsOf(t, s.trainee.id);
  expect(program).toMatchObject({ id: s.program.id, status: "ACTIVE", releasePending: false });
  const pushes = await pushesOf(t, s.trainee.id);
  expect(pushes.map((p) => p.type)).toEqual(["TRAINING_PLAN_ASSIGNED"]);
  expect((await planActivatedJobs(t, s.studioId)).map((j) => j.data.programId)).toEqual([s.program.id]);
  expect(await subscriptionOf(s.subscriptionId)).toMatchObject({
    status: "ACTIVE",
    waitingForTrigger: "NONE",
  });
}

const release = (owner: WebUserContext, id: string) => t.web("POST", `/v1/web/programs/${id}/release`, owner);

describe("POST /v1/web/programs/:id/release", () => {
  it("releases a held program: ACTIVE, then its push, the FIRST_PLAN start and the plan-activated job; a second call is CONFLICT", async () => {
    const s = await heldProgram();
    await expectStillHeld(s);
    const res = await release(s.owner, s.program.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.program.id, status: "ACTIVE", releasePending: false });
    await expectReleased(s);

    const again = await release(s.owner, s.program.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      ok: false,
      code: "CONFLICT",
      message: "program is not held for release",
    });
    expect(await pushesOf(t, s.trainee.id)).toHaveLength(1);
  });

  it("another studio's program, an unknown id and an ACTIVE program are refused and nothing changes", async () => {
    const s = await heldProgram();
    const stranger = newOwner();
    await studioIdOf(t, stranger);
    const foreign = await release(stranger, s.program.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: "NOT_FOUND", message: "program not found" });
    const missing = await release(s.owner, "no-such-program");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "program not found" });
    await expectStillHeld(s);

    const template = await addTemplate(t, s.studioId);
    const active = await t.web("POST", `/v1/web/program-templates/${template.id}/assign`, s.owner, {
      clientId: s.trainee.id,
    });
    const refused = await release(s.owner, active.body.data.id);
    expect(refused.status).toBe(409);
  });
});

describe("the trainee's next INTAKE submission releases what was held for their intake", () => {
  async function sendForm(studioId: string, clientId: string, type: string) {
    const [form] = await db()
      .insert(forms)
      .values({ studioId, name: `${type} again`, type, fields: [field("q1", "text")] })
      .returning();
    const [assignment] = await db()
      .insert(formAssignments)
      .values({
        studioId,
        formId: form!.id,
        clientId,
        frozenSchema: { fields: form!.fields, documentUrl: null },
      })
      .returning();
    return assignment!;
  }
  const submit = (s: Awaited<ReturnType<typeof heldProgram>>, assignmentId: string) =>
    t.request("POST", `/v1/trainee/forms/${assignmentId}/submit`, {
      headers: {
        authorization: `Bearer ${t.traineeToken(s.trainee.id, s.studioId)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ answers: { q1: "ready" } }),
    });

  it("an INTAKE submission releases the trainee's held program with its push and hook", async () => {
    const s = await heldProgram();
    const other = await sendForm(s.studioId, s.trainee.id, "ONE_TIME");
    const notIntake = await submit(s, other.id);
    expect(notIntake.status, JSON.stringify(notIntake.body)).toBe(201);
    await expectStillHeld(s);

    const intake = await sendForm(s.studioId, s.trainee.id, "INTAKE");
    const res = await submit(s, intake.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expectReleased(s);
  });

  it("another trainee's INTAKE submission releases nothing", async () => {
    const s = await heldProgram();
    const otherTrainee = await addTraineeWithDevice(t, s.studioId);
    const intake = await sendForm(s.studioId, otherTrainee.id, "INTAKE");
    const res = await t.request("POST", `/v1/trainee/forms/${intake.id}/submit`, {
      headers: {
        authorization: `Bearer ${t.traineeToken(otherTrainee.id, s.studioId)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ answers: { q1: "ready" } }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expectStillHeld(s);
  });
});
