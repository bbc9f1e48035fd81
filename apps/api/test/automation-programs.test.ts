import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditEntries, programs, subscriptions } from "@studio/db";
import { assignSubscription, createPlan } from "@studio/domain";
import { automationKey } from "./support/automation-fixtures";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import {
  activitiesOf,
  addTemplate,
  addTraineeWithDevice,
  deliveryJobs,
  planActivatedJobs,
  programsOf,
  pushesOf,
} from "./support/program-fixtures";
import { studioIdOf } from "./support/team-fixtures";
import { waitUntil } from "./support/push-stub";

// The automation lane's program templates, programs and program assignment, and the
// program-templates dropdown (document 3 "Program template reference and program", "Programs",
// "Dropdown sources"; decisions.md "Field names" programs/assign) over the real app.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;

async function studio(app: TestApp = t) {
  const owner = newOwner();
  const studioId = await studioIdOf(app, owner);
  const key = await automationKey(app, owner, "Make");
  return { owner, studioId, key, call: key.call };
}

const auditOf = (studioId: string) =>
  db().select().from(auditEntries).where(eq(auditEntries.studioId, studioId));

describe("GET /v1/automation/program-templates", () => {
  it("answers a page of id, name, type ordered by name, message Program templates; only the studio's", async () => {
    const s = await studio();
    const other = await studio();
    const b = await addTemplate(t, s.studioId, { name: "בטן", type: "NUTRITION" });
    const a = await addTemplate(t, s.studioId, { name: "Alpha", type: "TRAINING" });
    const c = await addTemplate(t, s.studioId, { name: "גב", type: "COMBINED" });
    await addTemplate(t, other.studioId, { name: "Foreign" });
    const res = await s.call("GET", "/program-templates");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Program templates",
      data: {
        items: [
          { id: a.id, name: "Alpha", type: "TRAINING" },
          { id: b.id, name: "בטן", type: "NUTRITION" },
          { id: c.id, name: "גב", type: "COMBINED" },
        ],
        total: 3,
        limit: 50,
        offset: 0,
        hasMore: false,
      },
    });
  });

  it("search is a case-insensitive contains on the name; limit and offset accept strings; blank is the default", async () => {
    const s = await studio();
    for (const name of ["Strength A", "strength B", "Cardio", "STRENGTH C"])
      await addTemplate(t, s.studioId, { name });
    const page = await s.call("GET", "/program-templates?search=strength&limit=2&offset=1");
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 3, limit: 2, offset: 1, hasMore: false });
    expect(page.body.data.items.map((i: { name: string }) => i.name)).toEqual(["strength B", "STRENGTH C"]);
    const first = await s.call("GET", "/program-templates?search=&limit=1&offset=");
    expect(first.body.data).toMatchObject({ total: 4, limit: 1, offset: 0, hasMore: true });
    expect((await s.call("GET", "/program-templates?limit=201")).status).toBe(400);
    expect((await s.call("GET", "/program-templates?offset=-1")).status).toBe(400);
  });

  it("needs the API key (401)", async () => {
    const res = await t.request("GET", "/v1/automation/program-templates");
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe("GET /v1/automation/trainees/{id}/programs", () => {
  it("answers the trainee's programs newest first, without content, message Programs", async () => {
    const s = await studio();
    const template = await addTemplate(t, s.studioId, { name: "Strength" });
    const trainee = await addTrainee(t, s.studioId);
    const first = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
      templateId: template.id,
    });
    const other = await addTemplate(t, s.studioId, { name: "Meals", type: "NUTRITION" });
    const second = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
      templateId: other.id,
      startDate: "2030-01-01",
    });
    const res = await s.call("GET", `/trainees/${trainee.id}/programs`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Programs");
    expect(res.body.data.items).toEqual([
      {
        id: second.body.data.program.id,
        name: "Meals",
        displayName: "תוכנית הכוח שלך",
        type: "NUTRITION",
        status: "ACTIVE",
        startDate: "2030-01-01",
        sourceTemplateId: other.id,
        pdfUrl: null,
        releasePending: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      expect.objectContaining({ id: first.body.data.program.id, type: "TRAINING", startDate: null }),
    ]);
  });

  it("at most 50 entries, every status, the newest ones", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const base = Date.parse("2026-01-01T00:00:00Z");
    await db()
      .insert(programs)
      .values(
        Array.from({ length: 52 }, (_, i) => ({
          studioId: s.studioId,
          clientId: trainee.id,
          type: "TRAINING",
          name: `P${i}`,
          status: i % 3 === 1 ? "ENDED" : "ACTIVE",
          createdAt: new Date(base + i * 60_000),
          updatedAt: new Date(base + i * 60_000),
        })),
      );
    const res = await s.call("GET", `/trainees/${trainee.id}/programs`);
    expect(res.body.data.items).toHaveLength(50);
    expect(res.body.data.items[0]).toMatchObject({ name: "P51", status: "ACTIVE" });
    expect(res.body.data.items[49]).toMatchObject({ name: "P2" });
    expect(res.body.data.items.some((p: { status: string }) => p.status === "ENDED")).toBe(true);
  });

  it("an unknown, deleted or another studio's trainee answers 400 client not found, all alike", async () => {
    const a = await studio();
    const b = await studio();
    const foreign = await addTrainee(t, b.studioId);
    const deleted = await addTrainee(t, a.studioId, { deletedAt: new Date() });
    const answers = await Promise.all(
      ["nope", foreign.id, deleted.id].map((id) => a.call("GET", `/trainees/${id}/programs`)),
    );
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: "client not found" });
    }
  });
});

describe("POST /v1/automation/trainees/{id}/programs/assign", () => {
  it("assigns like the coach app: ACTIVE copy, activity row, plan push, plan-activated job, audit entry; 200 Program assigned", async () => {
    const s = await studio();
    const template = await addTemplate(t, s.studioId, { name: "כוח", displayName: null });
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const res = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
      templateId: template.id,
      startDate: "2026-05-01",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Program assigned",
      data: {
        program: expect.objectContaining({
          clientId: trainee.id,
          type: "TRAINING",
          name: "כוח",
          sourceTemplateId: template.id,
          status: "ACTIVE",
          startDate: "2026-05-01",
          content: template.content,
        }),
        replacedProgramIds: [],
      },
    });
    const programId = res.body.data.program.id;
    expect(await activitiesOf(t, trainee.id)).toEqual([
      expect.objectContaining({
        actor: "TRAINER",
        action: "ASSIGNED",
        entityId: programId,
        type: "TRAINING_PLAN",
      }),
    ]);
    const pushes = await pushesOf(t, trainee.id);
    expect(pushes.map((p) => [p.type, p.status, p.body.includes("כוח")])).toEqual([
      ["TRAINING_PLAN_ASSIGNED", "queued", true],
    ]);
    expect((await deliveryJobs(t, s.studioId)).map((j) => j.data.notificationId)).toEqual([pushes[0]!.id]);
    expect((await planActivatedJobs(t, s.studioId)).map((j) => j.data.programId)).toEqual([programId]);
    expect(await auditOf(s.studioId)).toEqual([
      expect.objectContaining({
        actorType: "api_key",
        actorId: s.key.id,
        action: "automation.program.assign",
        entityType: "program",
        entityId: programId,
        data: expect.objectContaining({ clientId: trainee.id, templateId: template.id, notify: true }),
      }),
    ]);
  });

  it("notify false (also as a string) sends no push and enqueues no delivery; the plan-activated job still runs", async () => {
    const s = await studio();
    const template = await addTemplate(t, s.studioId, { type: "COMBINED" });
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const res = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
      templateId: template.id,
      notify: "FALSE",
    });
    expect(res.status).toBe(200);
    expect(await pushesOf(t, trainee.id)).toEqual([]);
    expect(await deliveryJobs(t, s.studioId)).toEqual([]);
    expect(await planActivatedJobs(t, s.studioId)).toHaveLength(1);
    expect(await activitiesOf(t, trainee.id)).toHaveLength(1);
    // notify true (the string "1") sends both plan pushes of a COMBINED template.
    const other = await addTemplate(t, s.studioId, { type: "COMBINED", name: "Other" });
    await s.call("POST", `/trainees/${trainee.id}/programs/assign`, { templateId: other.id, notify: "1" });
    expect((await pushesOf(t, trainee.id)).map((p) => p.type).sort()).toEqual([
      "NUTRITION_PLAN_ASSIGNED",
      "TRAINING_PLAN_ASSIGNED",
    ]);
  });

  it("replaceExisting default (false, blank): a second run of the same template is refused while the first is ACTIVE; nothing is written", async () => {
    const s = await studio();
    const template = await addTemplate(t, s.studioId);
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const first = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
      templateId: template.id,
    });
    expect(first.status).toBe(200);
    for (const replaceExisting of [undefined, "", "false", false]) {
      const again = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
        templateId: template.id,
        replaceExisting,
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        success: false,
        message: "trainee already has an active program from this template",
      });
    }
    expect((await programsOf(t, trainee.id)).map((p) => [p.id, p.status])).toEqual([
      [first.body.data.program.id, "ACTIVE"],
    ]);
    expect(await auditOf(s.studioId)).toHaveLength(1);
    expect(await activitiesOf(t, trainee.id)).toHaveLength(1);
    expect(await pushesOf(t, trainee.id)).toHaveLength(1);
    expect(await planActivatedJobs(t, s.studioId)).toHaveLength(1);
  });

  it("only an ACTIVE program of the same template refuses: ENDED or PAUSED ones, other templates and other trainees do not", async () => {
    const s = await studio();
    const template = await addTemplate(t, s.studioId);
    const other = await addTemplate(t, s.studioId, { name: "Other" });
    const trainee = await addTrainee(t, s.studioId);
    const neighbour = await addTrainee(t, s.studioId);
    await db()
      .insert(programs)
      .values([
        {
          studioId: s.studioId,
          clientId: trainee.id,
          type: "TRAINING",
          name: "x",
          sourceTemplateId: template.id,
          status: "ENDED",
        },
        {
          studioId: s.studioId,
          clientId: trainee.id,
          type: "TRAINING",
          name: "y",
          sourceTemplateId: template.id,
          status: "PAUSED",
        },
        {
          studioId: s.studioId,
          clientId: trainee.id,
          type: "TRAINING",
          name: "z",
          sourceTemplateId: other.id,
          status: "ACTIVE",
        },
        {
          studioId: s.studioId,
          clientId: neighbour.id,
          type: "TRAINING",
          name: "n",
          sourceTemplateId: template.id,
          status: "ACTIVE",
        },
      ]);
    const res = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, { templateId: template.id });
    expect(res.status).toBe(200);
    expect(res.body.data.replacedProgramIds).toEqual([]);
  });

  it('replaceExisting true (also "true"): the ACTIVE program of the template becomes ENDED and a new one is assigned', async () => {
    const s = await studio();
    const template = await addTemplate(t, s.studioId);
    const other = await addTemplate(t, s.studioId, { name: "Other" });
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const first = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
      templateId: template.id,
    });
    const kept = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, { templateId: other.id });
    const res = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
      templateId: template.id,
      replaceExisting: "true",
    });
    expect(res.status).toBe(200);
    const oldId = first.body.data.program.id;
    expect(res.body.data.replacedProgramIds).toEqual([oldId]);
    const rows = await programsOf(t, trainee.id);
    const statusOf = new Map(rows.map((p) => [p.id, p.status]));
    expect(statusOf.get(oldId)).toBe("ENDED");
    expect(statusOf.get(kept.body.data.program.id)).toBe("ACTIVE");
    expect(statusOf.get(res.body.data.program.id)).toBe("ACTIVE");
    const audit = await auditOf(s.studioId);
    expect(audit.find((a) => a.entityId === res.body.data.program.id)?.data).toMatchObject({
      replaceExisting: true,
      replacedProgramIds: [oldId],
    });
    // replaceExisting true with nothing to replace assigns as usual.
    const fresh = await addTemplate(t, s.studioId, { name: "Fresh" });
    const plain = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
      templateId: fresh.id,
      replaceExisting: true,
    });
    expect(plain.body.data.replacedProgramIds).toEqual([]);
  });

  it("validation and not-found answer 400: templateId missing or blank, bad dates and booleans, unknown template or trainee", async () => {
    const s = await studio();
    const template = await addTemplate(t, s.studioId);
    const trainee = await addTrainee(t, s.studioId);
    const path = `/trainees/${trainee.id}/programs/assign`;
    for (const body of [
      {},
      { templateId: "" },
      { templateId: null },
      { templateId: template.id, startDate: "01/05/2026" },
      { templateId: template.id, notify: "maybe" },
      { templateId: template.id, replaceExisting: "yes" },
    ]) {
      const res = await s.call("POST", path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await s.call("POST", path, { templateId: "nope" })).body).toEqual({
      success: false,
      message: "program template not found",
    });
    expect(
      (await s.call("POST", "/trainees/nope/programs/assign", { templateId: template.id })).body,
    ).toEqual({
      success: false,
      message: "client not found",
    });
    expect(await programsOf(t, trainee.id)).toEqual([]);
    expect(await auditOf(s.studioId)).toEqual([]);
  });

  it("another studio's template or trainee answers exactly like a missing one", async () => {
    const a = await studio();
    const b = await studio();
    const templateA = await addTemplate(t, a.studioId);
    const templateB = await addTemplate(t, b.studioId);
    const traineeA = await addTrainee(t, a.studioId);
    const traineeB = await addTrainee(t, b.studioId);
    const foreignTemplate = await a.call("POST", `/trainees/${traineeA.id}/programs/assign`, {
      templateId: templateB.id,
    });
    const missingTemplate = await a.call("POST", `/trainees/${traineeA.id}/programs/assign`, {
      templateId: "missing",
    });
    expect(foreignTemplate.status).toBe(400);
    expect(foreignTemplate.body).toEqual(missingTemplate.body);
    const foreignTrainee = await a.call("POST", `/trainees/${traineeB.id}/programs/assign`, {
      templateId: templateA.id,
    });
    const missingTrainee = await a.call("POST", "/trainees/missing/programs/assign", {
      templateId: templateA.id,
    });
    expect(foreignTrainee.status).toBe(400);
    expect(foreignTrainee.body).toEqual(missingTrainee.body);
    expect(await programsOf(t, traineeB.id)).toEqual([]);
    expect(await programsOf(t, traineeA.id)).toEqual([]);
  });

  it("the audit entry is written in the assignment's transaction: a refused audit insert leaves no program, push or job", async () => {
    const s = await studio();
    const template = await addTemplate(t, s.studioId);
    const trainee = await addTraineeWithDevice(t, s.studioId);
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION program_audit_refuse() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER program_audit_refuse BEFORE INSERT ON audit_entries FOR EACH ROW
        WHEN (NEW.studio_id = '${s.studioId}') EXECUTE FUNCTION program_audit_refuse()`),
    );
    try {
      const res = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
        templateId: template.id,
      });
      expect(res.body.success).toBe(false);
      expect(await programsOf(t, trainee.id)).toEqual([]);
      expect(await activitiesOf(t, trainee.id)).toEqual([]);
      expect(await pushesOf(t, trainee.id)).toEqual([]);
      expect(await planActivatedJobs(t, s.studioId)).toEqual([]);
      expect(await deliveryJobs(t, s.studioId)).toEqual([]);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER program_audit_refuse ON audit_entries"));
    }
  });

  it("a first plan starts the subscription that was waiting for one (worker running)", async () => {
    const w = await startTestApp({ database: "postgres", worker: true });
    try {
      const s = await studio(w);
      const wdb = w.deps.database.db;
      const plan = await createPlan(wdb, w.scopeFor(s.studioId), {
        name: "First plan",
        durationValue: 30,
        durationUnit: "DAYS",
        trigger: "FIRST_PLAN",
      });
      const trainee = await addTrainee(w, s.studioId);
      const sub = await assignSubscription(wdb, w.scopeFor(s.studioId), {
        clientId: trainee.id,
        planId: plan.id,
      });
      expect(sub).toMatchObject({ status: "PENDING", waitingForTrigger: "FIRST_PLAN" });
      const template = await addTemplate(w, s.studioId);
      const res = await s.call("POST", `/trainees/${trainee.id}/programs/assign`, {
        templateId: template.id,
        startDate: "2026-03-01",
        notify: false,
      });
      expect(res.status).toBe(200);
      const row = await waitUntil(
        async () => (await wdb.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!,
        (r) => r.waitingForTrigger !== "FIRST_PLAN",
      );
      expect(row).toMatchObject({
        status: "ACTIVE",
        startDate: "2026-03-01",
        endDate: "2026-03-31",
        waitingForTrigger: "NONE",
      });
    } finally {
      await w.close();
    }
  });
});

describe("GET /v1/automation/rpc/program-templates", () => {
  it('every template of the studio by name as id and value "name (TYPE)"; a plain array', async () => {
    const s = await studio();
    const other = await studio();
    const b = await addTemplate(t, s.studioId, { name: "Bulk", type: "NUTRITION" });
    const a = await addTemplate(t, s.studioId, { name: "Abs", type: "TRAINING" });
    const c = await addTemplate(t, s.studioId, { name: "כוח ותזונה", type: "COMBINED" });
    await addTemplate(t, other.studioId, { name: "Aaa foreign" });
    const res = await s.call("GET", "/rpc/program-templates");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Program templates",
      data: [
        { id: a.id, value: "Abs (TRAINING)" },
        { id: b.id, value: "Bulk (NUTRITION)" },
        { id: c.id, value: "כוח ותזונה (COMBINED)" },
      ],
    });
    expect((await other.call("GET", "/rpc/program-templates")).body.data).toEqual([
      expect.objectContaining({ value: "Aaa foreign (TRAINING)" }),
    ]);
  });
});
