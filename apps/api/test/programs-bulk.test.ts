import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { notifications, programs, traineeActivities } from "@studio/db";
import {
  notify,
  notifyMany,
  releaseHeldProgram,
  toNotificationRecord,
  type NotifyInput,
} from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { addClient, addCoach, studioIdOf, withoutRequestId } from "./support/team-fixtures";
import {
  addFormResponse,
  addTemplate,
  addTraineeWithDevice,
  deliveryJobs,
  planActivatedJobs,
  programsOf,
  programsOfTemplate,
  pushesOf,
} from "./support/program-fixtures";

// POST /v1/web/program-templates/:id/assign-bulk and GET .../assignments (document 2), over the
// real app, database and job queue.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const bulk = (owner: WebUserContext, templateId: string, body: Record<string, unknown>) =>
  t.web("POST", `/v1/web/program-templates/${templateId}/assign-bulk`, owner, body);
const assign = (owner: WebUserContext, templateId: string, body: Record<string, unknown>) =>
  t.web("POST", `/v1/web/program-templates/${templateId}/assign`, owner, body);
const assignments = (owner: WebUserContext, templateId: string) =>
  t.web("GET", `/v1/web/program-templates/${templateId}/assignments`, owner);

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  return { owner, studioId };
}

describe("POST /v1/web/program-templates/:id/assign-bulk", () => {
  it("creates ACTIVE copies for new trainees (duplicates removed), returns existing holders' programs, and answers one entry per holder including those not in the request", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId, { type: "NUTRITION", displayName: null, name: "תפריט" });
    const [a, b, c, outside, paused, ended] = await Promise.all(
      Array.from({ length: 6 }, () => addTraineeWithDevice(t, studioId)),
    );
    // Existing holders: b (ACTIVE, in the request), outside (ACTIVE, not in the request), paused (PAUSED, in the request).
    const bFirst = (await assign(owner, template.id, { clientId: b!.id })).body.data;
    const outsideFirst = (await assign(owner, template.id, { clientId: outside!.id })).body.data;
    const response = await addFormResponse(t, studioId, paused!.id);
    const pausedFirst = (
      await assign(owner, template.id, { clientId: paused!.id, holdForResponseId: response.id })
    ).body.data;
    // ended holds an ENDED program: not a holder, gets a new copy.
    const endedOld = (await assign(owner, template.id, { clientId: ended!.id })).body.data;
    await t.deps.database.db.update(programs).set({ status: "ENDED" }).where(eq(programs.id, endedOld.id));
    const hooksBefore = (await planActivatedJobs(t, studioId)).length;

    const res = await bulk(owner, template.id, {
      clientIds: [a!.id, b!.id, a!.id, c!.id, paused!.id, ended!.id],
      startDate: "2026-06-01",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const items = res.body.data.items as {
      clientId: string;
      programId: string;
      status: string;
      created: boolean;
    }[];
    expect(items).toHaveLength(6);
    const byClient = new Map(items.map((i) => [i.clientId, i]));
    expect(byClient.get(b!.id)).toEqual({
      clientId: b!.id,
      programId: bFirst.id,
      status: "ACTIVE",
      created: false,
    });
    expect(byClient.get(outside!.id)).toEqual({
      clientId: outside!.id,
      programId: outsideFirst.id,
      status: "ACTIVE",
      created: false,
    });
    expect(byClient.get(paused!.id)).toEqual({
      clientId: paused!.id,
      programId: pausedFirst.id,
      status: "PAUSED",
      created: false,
    });
    for (const trainee of [a!, c!, ended!])
      expect(byClient.get(trainee.id)).toMatchObject({ created: true, status: "ACTIVE" });
    // Oldest first: the pre-existing holders, then the new ones.
    expect(items.slice(0, 3).map((i) => i.created)).toEqual([false, false, false]);

    // One copy each for a (despite the duplicate id), c and ended; none for b and paused.
    expect(await programsOf(t, a!.id)).toHaveLength(1);
    expect(await programsOf(t, b!.id)).toHaveLength(1);
    expect(await programsOf(t, paused!.id)).toHaveLength(1);
    expect(await programsOf(t, ended!.id)).toHaveLength(2);
    const [copy] = await programsOf(t, a!.id);
    expect(copy).toMatchObject({
      type: "NUTRITION",
      name: "תפריט",
      displayName: null,
      content: template.content,
      pdfUrl: null,
      sourceTemplateId: template.id,
      status: "ACTIVE",
      startDate: "2026-06-01",
      releasePending: false,
      releaseResponseId: null,
    });

    const newIds = items.filter((i) => i.created).map((i) => i.programId);
    const activities = await t.deps.database.db
      .select()
      .from(traineeActivities)
      .where(inArray(traineeActivities.entityId, newIds));
    expect(activities).toHaveLength(3);
    for (const activity of activities)
      expect(activity).toMatchObject({
        actor: "TRAINER",
        action: "ASSIGNED",
        entityType: "PROGRAM",
        type: "NUTRITION_PLAN",
        data: { templateId: template.id, templateName: "תפריט" },
      });

    for (const trainee of [a!, c!]) {
      const pushes = await pushesOf(t, trainee.id);
      expect(pushes).toEqual([
        expect.objectContaining({
          type: "NUTRITION_PLAN_ASSIGNED",
          status: "queued",
          body: "Dana Levi הכין/ה לך את תפריט",
        }),
      ]);
    }
    // b got its one push from the single assignment, none from the bulk run.
    expect(await pushesOf(t, b!.id)).toHaveLength(1);
    const hooks = (await planActivatedJobs(t, studioId)).slice(hooksBefore);
    expect(hooks.map((j) => j.data.programId).sort()).toEqual([...newIds].sort());
    expect(hooks.every((j) => j.data.requestId === res.body.requestId)).toBe(true);
  });

  it("COMBINED: both pushes per new program in the one batch, each with its delivery job", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId, { type: "COMBINED" });
    const trainees = await Promise.all(Array.from({ length: 3 }, () => addTraineeWithDevice(t, studioId)));
    const res = await bulk(owner, template.id, { clientIds: trainees.map((x) => x.id) });
    expect(res.status).toBe(201);
    for (const trainee of trainees)
      expect((await pushesOf(t, trainee.id)).map((p) => p.type).sort()).toEqual([
        "NUTRITION_PLAN_ASSIGNED",
        "TRAINING_PLAN_ASSIGNED",
      ]);
    expect(await deliveryJobs(t, studioId)).toHaveLength(6);
    expect(await planActivatedJobs(t, studioId)).toHaveLength(3);
  });

  it("a second identical run creates nothing and answers the same holders", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId);
    const trainees = await Promise.all(Array.from({ length: 4 }, () => addTraineeWithDevice(t, studioId)));
    const first = await bulk(owner, template.id, { clientIds: trainees.map((x) => x.id) });
    const second = await bulk(owner, template.id, { clientIds: trainees.map((x) => x.id) });
    expect(second.status).toBe(201);
    expect(second.body.data.items.map((i: { programId: string }) => i.programId)).toEqual(
      first.body.data.items.map((i: { programId: string }) => i.programId),
    );
    expect(second.body.data.items.every((i: { created: boolean }) => !i.created)).toBe(true);
    expect(await programsOfTemplate(t, template.id)).toHaveLength(4);
    expect(await planActivatedJobs(t, studioId)).toHaveLength(4);
  });

  it("two concurrent runs of one template copy it once per trainee", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId);
    const trainees = await Promise.all(Array.from({ length: 20 }, () => addTrainee(t, studioId)));
    const ids = trainees.map((x) => x.id);
    const [one, two] = await Promise.all([
      bulk(owner, template.id, { clientIds: ids }),
      bulk(owner, template.id, { clientIds: [...ids].reverse() }),
    ]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(await programsOfTemplate(t, template.id)).toHaveLength(20);
  });

  it("all or nothing: one id outside the studio (missing, foreign, deleted) answers NOT_FOUND client not found and nothing is created", async () => {
    const { owner, studioId } = await studio();
    const other = await studio();
    const template = await addTemplate(t, studioId);
    const trainees = await Promise.all(Array.from({ length: 3 }, () => addTraineeWithDevice(t, studioId)));
    const foreign = await addTrainee(t, other.studioId);
    const deleted = await addTrainee(t, studioId, { deletedAt: new Date() });
    for (const intruder of ["no-such-client", foreign.id, deleted.id]) {
      const res = await bulk(owner, template.id, { clientIds: [...trainees.map((x) => x.id), intruder] });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: "NOT_FOUND",
        message: "client not found",
        details: { clientIds: [intruder] },
      });
    }
    expect(await programsOfTemplate(t, template.id)).toEqual([]);
    for (const trainee of trainees) expect(await pushesOf(t, trainee.id)).toEqual([]);
    expect(await planActivatedJobs(t, studioId)).toEqual([]);
  });

  it("NOT_FOUND program template not found for a missing or another studio's template, same answer", async () => {
    const { owner, studioId } = await studio();
    const other = await studio();
    const foreign = await addTemplate(t, other.studioId);
    const trainee = await addTrainee(t, studioId);
    const missing = await bulk(owner, "no-such-template", { clientIds: [trainee.id] });
    const away = await bulk(owner, foreign.id, { clientIds: [trainee.id] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("program template not found");
    expect(withoutRequestId(away.body)).toEqual(withoutRequestId(missing.body));
    expect(await programsOfTemplate(t, foreign.id)).toEqual([]);
  });

  it("VALIDATION for no ids and for more than 500; 500 ids pass validation", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId);
    expect((await bulk(owner, template.id, { clientIds: [] })).status).toBe(422);
    expect((await bulk(owner, template.id, {})).status).toBe(422);
    const tooMany = await bulk(owner, template.id, {
      clientIds: Array.from({ length: 501 }, (_, i) => `id-${i}`),
    });
    expect(tooMany.status).toBe(422);
    const atLimit = await bulk(owner, template.id, {
      clientIds: Array.from({ length: 500 }, (_, i) => `id-${i}`),
    });
    expect(atLimit.status).toBe(404); // past validation: the ids are unknown
  });

  it("a coach limited to assigned trainees: another trainee's id fails the run, and holders they cannot reach are not answered", async () => {
    const { owner, studioId } = await studio();
    const { coach, as } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const mine = await addClient(t, owner, { coachIds: [coach.id] });
    const notMine = await addClient(t, owner);
    const template = await addTemplate(t, studioId);
    expect((await assign(owner, template.id, { clientId: notMine.id })).status).toBe(201);
    const refused = await bulk(as, template.id, { clientIds: [mine.id, notMine.id] });
    expect(refused.status).toBe(404);
    expect(refused.body.details.clientIds).toEqual([notMine.id]);
    const ok = await bulk(as, template.id, { clientIds: [mine.id] });
    expect(ok.status).toBe(201);
    expect(ok.body.data.items.map((i: { clientId: string }) => i.clientId)).toEqual([mine.id]);
  });
});

describe("GET /v1/web/program-templates/:id/assignments", () => {
  it("lists ACTIVE and PAUSED holders oldest first, a trainee twice for two programs; ENDED, other templates and deleted trainees are left out", async () => {
    const { owner, studioId } = await studio();
    const template = await addTemplate(t, studioId);
    const otherTemplate = await addTemplate(t, studioId, { name: "another" });
    const first = await addTrainee(t, studioId, { firstName: "Ada", lastName: "One" });
    const second = await addTrainee(t, studioId, { firstName: "Bo", lastName: "Two" });
    const gone = await addTrainee(t, studioId);
    const p1 = (await assign(owner, template.id, { clientId: first.id, startDate: "2026-01-01" })).body.data;
    const response = await addFormResponse(t, studioId, second.id);
    const p2 = (await assign(owner, template.id, { clientId: second.id, holdForResponseId: response.id }))
      .body.data;
    const p3 = (await assign(owner, template.id, { clientId: first.id })).body.data;
    const ended = (await assign(owner, template.id, { clientId: second.id })).body.data;
    await t.deps.database.db.update(programs).set({ status: "ENDED" }).where(eq(programs.id, ended.id));
    await assign(owner, otherTemplate.id, { clientId: second.id });
    await assign(owner, template.id, { clientId: gone.id });
    await t.web("DELETE", `/v1/web/clients/${gone.id}`, owner);

    const res = await assignments(owner, template.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items).toEqual([
      {
        programId: p1.id,
        clientId: first.id,
        firstName: "Ada",
        lastName: "One",
        status: "ACTIVE",
        startDate: "2026-01-01",
        assignedAt: p1.createdAt,
      },
      {
        programId: p2.id,
        clientId: second.id,
        firstName: "Bo",
        lastName: "Two",
        status: "PAUSED",
        startDate: null,
        assignedAt: p2.createdAt,
      },
      expect.objectContaining({ programId: p3.id, clientId: first.id, status: "ACTIVE" }),
    ]);

    // A released program stays listed, now ACTIVE.
    await releaseHeldProgram(t.deps.database.db, t.scopeFor(studioId), { responseId: response.id });
    const after = await assignments(owner, template.id);
    expect(after.body.data.items[1]).toMatchObject({ programId: p2.id, status: "ACTIVE" });
  });

  it("an empty list for a template nobody holds; NOT_FOUND for a missing or another studio's template, same answer", async () => {
    const { owner, studioId } = await studio();
    const other = await studio();
    const template = await addTemplate(t, studioId);
    const foreign = await addTemplate(t, other.studioId);
    await assign(other.owner, foreign.id, { clientId: (await addTrainee(t, other.studioId)).id });
    expect((await assignments(owner, template.id)).body.data).toEqual({ items: [] });
    const missing = await assignments(owner, "no-such-template");
    const away = await assignments(owner, foreign.id);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("program template not found");
    expect(withoutRequestId(away.body)).toEqual(withoutRequestId(missing.body));
  });

  it("a coach limited to assigned trainees sees only theirs", async () => {
    const { owner, studioId } = await studio();
    const { coach, as } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const mine = await addClient(t, owner, { coachIds: [coach.id] });
    const notMine = await addClient(t, owner);
    const template = await addTemplate(t, studioId);
    await bulk(owner, template.id, { clientIds: [mine.id, notMine.id] });
    expect((await assignments(owner, template.id)).body.data.items).toHaveLength(2);
    const seen = await assignments(as, template.id);
    expect(seen.body.data.items.map((i: { clientId: string }) => i.clientId)).toEqual([mine.id]);
  });
});

describe("notifyMany decides like notify", () => {
  it("same records (status, skip reason, title, body, data) for queued, muted, no device, disabled and throttled pushes; one delivery job per queued record", async () => {
    const { owner, studioId } = await studio();
    await t.web("PATCH", "/v1/web/notification-configs/NUTRITION_PLAN_ASSIGNED", owner, { enabled: false });
    const db = t.deps.database.db;
    const scope = t.scopeFor(studioId);
    const cases = async () => {
      const ok = await addTraineeWithDevice(t, studioId, { firstName: "Lia" });
      const muted = await addTraineeWithDevice(t, studioId, { mutedNotificationGroups: ["PLANS"] });
      const noDevice = await addTrainee(t, studioId);
      const inputs: NotifyInput[] = [
        {
          clientId: ok.id,
          type: "TRAINING_PLAN_ASSIGNED",
          variables: { plan: "P", coach: "C" },
          data: { programId: "x" },
        },
        { clientId: muted.id, type: "TRAINING_PLAN_ASSIGNED", variables: { plan: "P" } },
        { clientId: noDevice.id, type: "TRAINING_PLAN_ASSIGNED" },
        { clientId: ok.id, type: "NUTRITION_PLAN_ASSIGNED" },
        { clientId: ok.id, type: "PLAN_UPDATED" },
        { clientId: ok.id, type: "PLAN_UPDATED" },
      ];
      return inputs;
    };
    /** The record without its identity, plus the stored app payload without its notification id. */
    const comparable = async (r: Awaited<ReturnType<typeof notify>>) => {
      const { id, createdAt: _c, clientId: _client, ...rest } = r;
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      const { notificationId, ...payload } = row!.data;
      expect(notificationId).toBe(id);
      return { ...rest, data: payload };
    };
    const single = [];
    for (const input of await cases()) single.push(await comparable(await notify(db, scope, input)));
    const deliveriesBefore = (await deliveryJobs(t, studioId)).length;
    const batch = await notifyMany(db, scope, await cases());
    expect(await Promise.all(batch.map(comparable))).toEqual(single);
    expect(single.map((r) => [r.status, r.skipReason])).toEqual([
      ["queued", null],
      ["skipped", "MUTED"],
      ["skipped", "NO_PUSH_TOKEN"],
      ["skipped", "DISABLED"],
      ["queued", null],
      ["skipped", "THROTTLED"],
    ]);
    const deliveries = (await deliveryJobs(t, studioId)).slice(deliveriesBefore);
    expect(deliveries.map((j) => j.data.notificationId).sort()).toEqual(
      batch
        .filter((r) => r.status === "queued")
        .map((r) => r.id)
        .sort(),
    );
    await expect(
      notifyMany(db, scope, [{ clientId: "nobody", type: "TRAINING_PLAN_ASSIGNED" }]),
    ).rejects.toThrow("trainee not found");
  });
});

describe("notifyMany's one-statement insert", () => {
  it("stores each record as answered, in input order: 1,200 pushes (each trainee listed 400 times), quotes, emoji, newlines and every data value type; an empty list writes nothing", async () => {
    const { studioId } = await studio();
    const db = t.deps.database.db;
    const scope = t.scopeFor(studioId);
    expect(await notifyMany(db, scope, [])).toEqual([]);
    const trainees: Awaited<ReturnType<typeof addTraineeWithDevice>>[] = [];
    for (const firstName of [`O'Brien "Bo"`, "נועה 🏋️", "Line\nTwo \\ back"])
      trainees.push(await addTraineeWithDevice(t, studioId, { firstName }));
    const inputs: NotifyInput[] = Array.from({ length: 1_200 }, (_, i) => ({
      clientId: trainees[i % 3]!.id,
      type: i % 2 ? "TRAINING_PLAN_ASSIGNED" : "NUTRITION_PLAN_ASSIGNED",
      variables: { plan: `Plan ${i} "x" {{y}}`, coach: "C'oach" },
      data: { programId: `p${i}`, i, note: `ü "q" \\ ${i}`, flag: i % 3 === 0, none: null },
    }));
    const deliveriesBefore = (await deliveryJobs(t, studioId)).length;
    const records = await notifyMany(db, scope, inputs);
    expect(records.map((r) => [r.clientId, r.type])).toEqual(inputs.map((i) => [i.clientId, i.type]));
    const rows = await db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          records.map((r) => r.id),
        ),
      );
    expect(rows).toHaveLength(1_200);
    const byId = new Map(rows.map((r) => [r.id, r]));
    records.forEach((record, i) => {
      const row = byId.get(record.id)!;
      expect(toNotificationRecord(row)).toEqual(record);
      expect(row).toMatchObject({
        studioId,
        sound: true,
        error: null,
        attempts: 0,
        sentAt: null,
        createdAt: scope.now,
        updatedAt: scope.now,
      });
      expect(row.data).toEqual({ notificationId: record.id, type: inputs[i]!.type, ...inputs[i]!.data });
    });
    expect(records.every((r) => r.status === "queued" && r.createdAt === scope.now.toISOString())).toBe(true);
    expect(new Set(records.map((r) => r.title)).size).toBeGreaterThan(1);
    const deliveries = (await deliveryJobs(t, studioId)).slice(deliveriesBefore);
    expect(deliveries).toHaveLength(1_200);
  });
});

describe("batched enqueue", () => {
  it("enqueueMany inserts every job in the caller's transaction with the queue's retry policy; a rollback leaves none", async () => {
    const { studioId } = await studio();
    const db = t.deps.database.db;
    const payloads = [1, 2, 3].map((n) => ({ studioId, clientId: `c${n}`, programId: `p${n}` }));
    await expect(
      db.transaction(async (tx) => {
        await t.deps.jobs.enqueueMany("plan-activated", payloads, { tx });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await planActivatedJobs(t, studioId)).toEqual([]);
    await db.transaction((tx) => t.deps.jobs.enqueueMany("plan-activated", payloads, { tx }));
    const jobs = await planActivatedJobs(t, studioId);
    expect(jobs.map((j) => j.data.programId).sort()).toEqual(["p1", "p2", "p3"]);
    const { rows } = await t.deps.database.executor.executeSql(
      "select retry_limit, retry_delay, retry_backoff, state::text from pgboss.job where name = 'plan-activated' and data->>'studioId' = $1",
      [studioId],
    );
    expect(
      rows.every(
        (r) =>
          r.retry_limit === 5 && r.retry_delay === 30 && r.retry_backoff === true && r.state === "created",
      ),
    ).toBe(true);
    await expect(
      t.deps.jobs.enqueueMany("plan-activated", [{ studioId, clientId: "", programId: "p" }]),
    ).rejects.toThrow();
  });
});

describe("the plan-activated job runs on the worker", () => {
  it("completes for an assignment (a trainee without a waiting FIRST_PLAN subscription: it starts none; subscriptions-operations.test.ts shows one started)", async () => {
    const w = await startTestApp({ database: "postgres", worker: true });
    try {
      const owner = newOwner();
      const studioId = await studioIdOf(w, owner);
      const template = await addTemplate(w, studioId);
      const trainee = await addTrainee(w, studioId);
      const res = await w.web("POST", `/v1/web/program-templates/${template.id}/assign`, owner, {
        clientId: trainee.id,
      });
      expect(res.status).toBe(201);
      let jobs = await planActivatedJobs(w, studioId);
      for (let i = 0; i < 60 && jobs[0]?.state !== "completed"; i++) {
        await sleep(250);
        jobs = await planActivatedJobs(w, studioId);
      }
      expect(jobs.map((j) => [j.state, j.data.programId])).toEqual([["completed", res.body.data.id]]);
    } finally {
      await w.close();
    }
  });
});
