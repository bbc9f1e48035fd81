import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import type { Sql } from "postgres";
import {
  schema,
  type Db,
  auditEntries,
  calendarEvents,
  clientCoaches,
  clients,
  formAssignments,
  formResponses,
  forms,
  subscriptions,
  tasks,
  webhooks,
} from "@studio/db";
import { SEND_TRAINEE_INVITE_JOB } from "@studio/contracts";
import {
  cancelSubscription,
  createAutomationTrainee,
  createPlan,
  prepareFormFilledDelivery,
  registerWebhook,
  searchAutomationTrainees,
} from "@studio/domain";
import { createLogger } from "../src/logger";
import { automationKey } from "./support/automation-fixtures";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addCoach, setStudioSettings, studioIdOf } from "./support/team-fixtures";

// The automation lane's trainee routes (document 3 "Trainee object (automation lane)", "POST
// /v1/automation/trainees", "search", "by-phone", "GET, PATCH, DELETE /v1/automation/trainees/:id",
// "Response envelope", "Limits"; decisions.md field names) over the real app with a studio API key.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;

/** Every key of the lane's trainee object (the contract), nothing more. */
const TRAINEE_KEYS = [
  "id",
  "firstName",
  "lastName",
  "phone",
  "email",
  "birthDate",
  "gender",
  "heightCm",
  "weightKg",
  "goal",
  "goalWeightKg",
  "stepsGoal",
  "waterGoalMl",
  "tags",
  "coachIds",
  "updateFormId",
  "updateCadence",
  "status",
  "externalId",
  "createdAt",
  "updatedAt",
].sort();

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const key = await automationKey(t, owner, "Make");
  const { call } = key;
  const create = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/trainees", { firstName: "Dana", lastName: "Levi", ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { trainee: Record<string, any>; created: boolean; subscription: any };
  };
  const plan = (fields: Partial<Parameters<typeof createPlan>[2]> = {}) =>
    createPlan(db(), t.scopeFor(studioId), {
      name: "Monthly",
      durationValue: 1,
      durationUnit: "MONTHS",
      priceAgorot: 30_000,
      ...fields,
    });
  const form = async (fields: Partial<typeof forms.$inferInsert> = {}) => {
    const [row] = await db()
      .insert(forms)
      .values({ studioId, name: "Intake", type: "INTAKE", ...fields })
      .returning();
    return row!;
  };
  return {
    owner,
    studioId,
    key,
    call,
    create,
    plan,
    form,
    coach: async () => (await addCoach(t, owner)).coach as { id: string },
  };
}

const auditOf = (studioId: string) =>
  db().select().from(auditEntries).where(eq(auditEntries.studioId, studioId));
const clientsOf = (studioId: string) => db().select().from(clients).where(eq(clients.studioId, studioId));
const invitesFor = async (clientId: string) =>
  (await t.jobsNamed(SEND_TRAINEE_INVITE_JOB)).filter((job) => job.data.clientId === clientId);

describe("POST /v1/automation/trainees", () => {
  it("answers 200 with the full trainee, created true and message Trainee created; one audit entry by the key", async () => {
    const s = await studio();
    const res = await s.call("POST", "/trainees", {
      firstName: "Dana",
      lastName: "Levi",
      phone: "052-123-4567",
      email: "dana@example.com",
      birthDate: "1990-05-01",
      gender: "FEMALE",
      heightCm: 165,
      weightKg: 60.5,
      goal: "run 10k",
      goalWeightKg: 58,
      stepsGoal: 9000,
      waterGoalMl: 2500,
      tags: ["vip", "morning"],
      updateFormId: "form-x",
      updateCadence: "BIWEEKLY",
      externalId: "crm-1",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Trainee created",
      data: { trainee: expect.any(Object), created: true, subscription: null },
    });
    const trainee = res.body.data.trainee;
    expect(Object.keys(trainee).sort()).toEqual(TRAINEE_KEYS);
    expect(trainee).toMatchObject({
      firstName: "Dana",
      lastName: "Levi",
      phone: "+972521234567",
      email: "dana@example.com",
      birthDate: "1990-05-01",
      gender: "FEMALE",
      heightCm: 165,
      weightKg: 60.5,
      goal: "run 10k",
      goalWeightKg: 58,
      stepsGoal: 9000,
      waterGoalMl: 2500,
      tags: ["vip", "morning"],
      coachIds: [],
      updateFormId: "form-x",
      updateCadence: "BIWEEKLY",
      status: "ACTIVE",
      externalId: "crm-1",
    });
    expect(await auditOf(s.studioId)).toEqual([
      expect.objectContaining({
        actorType: "api_key",
        actorId: s.key.id,
        action: "automation.trainee.create",
        entityType: "trainee",
        entityId: trainee.id,
      }),
    ]);
    // Not an app invite unless asked (sendWhatsappInvite defaults to false).
    expect(await invitesFor(trainee.id)).toEqual([]);
  });

  it("string inputs: blank fields omitted, numeric and boolean strings accepted, tags and coachIds as comma strings", async () => {
    const s = await studio();
    const [c1, c2] = [await s.coach(), await s.coach()];
    const { trainee } = await s.create({
      phone: "+972 52 222 3333",
      email: "",
      birthDate: " ",
      gender: "",
      heightCm: "175",
      weightKg: " 72.5 ",
      goal: "",
      goalWeightKg: null,
      stepsGoal: "8000",
      waterGoalMl: "0",
      tags: " vip, morning ,,vip ",
      coachIds: `${c1.id}, ${c2.id}`,
      planId: "",
      startDate: "",
      onboardingFormId: "",
      updateFormId: "",
      updateCadence: "",
      externalId: "",
      onDuplicatePhone: "",
      sendWhatsappInvite: "TRUE",
    });
    expect(trainee).toMatchObject({
      phone: "+972522223333",
      email: null,
      birthDate: null,
      gender: null,
      heightCm: 175,
      weightKg: 72.5,
      goal: null,
      goalWeightKg: null,
      stepsGoal: 8000,
      waterGoalMl: 0,
      tags: ["vip", "morning"],
      coachIds: [c1.id, c2.id],
      updateFormId: null,
      updateCadence: null,
      externalId: null,
    });
    // sendWhatsappInvite "TRUE": the app invite is a job of the trainee's transaction.
    expect(await invitesFor(trainee.id)).toHaveLength(1);
    const quiet = (await s.create({ phone: "0523334444", sendWhatsappInvite: "false" })).trainee;
    expect(await invitesFor(quiet.id)).toEqual([]);
  });

  it("400 for invalid input (required names, phone, bounds, lists, enums); nothing written", async () => {
    const s = await studio();
    const tooManyTags = Array.from({ length: 51 }, (_, i) => `t${i}`);
    const tooManyCoaches = Array.from({ length: 21 }, (_, i) => `c${i}`);
    for (const body of [
      { lastName: "Levi", phone: "0521234567" },
      { firstName: "", lastName: "Levi", phone: "0521234567" },
      { firstName: "Dana", lastName: " ", phone: "0521234567" },
      { firstName: "Dana", lastName: "Levi" },
      { firstName: "Dana", lastName: "Levi", phone: "" },
      { firstName: "Dana", lastName: "Levi", phone: "12" },
      { firstName: "Dana", lastName: "Levi", phone: "not a phone" },
      // A valid number that normalizes to 8 characters (the spec asks for at least 9).
      { firstName: "Dana", lastName: "Levi", phone: "+683 4002" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", email: "nope" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", heightCm: "-1" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", heightCm: 0 },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", weightKg: "heavy" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", stepsGoal: "-5" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", stepsGoal: "12.5" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", gender: "X" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", birthDate: "1990-13-40" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", tags: tooManyTags },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", tags: tooManyTags.join(",") },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", coachIds: tooManyCoaches },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", coachIds: ["missing-coach"] },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", onDuplicatePhone: "merge" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", updateCadence: "DAILY" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", durationUnit: "YEARS" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", priceOverrideAgorot: "-1" },
      { firstName: "Dana", lastName: "Levi", phone: "0521234567", sendWhatsappInvite: "maybe" },
    ]) {
      const res = await s.call("POST", "/trainees", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
    const unknownCoach = await s.call("POST", "/trainees", {
      firstName: "Dana",
      lastName: "Levi",
      phone: "0521234567",
      coachIds: ["missing-coach"],
    });
    expect(unknownCoach.body.message).toBe("unknown team member selected");
    expect(await clientsOf(s.studioId)).toEqual([]);
    expect(await auditOf(s.studioId)).toEqual([]);
    // 50 tags is the limit, not over it.
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect((await s.create({ phone: "0521234567", tags: fifty })).trainee.tags).toHaveLength(50);
  });

  it("401 without a key or with an invalid key", async () => {
    const body = JSON.stringify({ firstName: "Dana", lastName: "Levi", phone: "0521234567" });
    const missing = await t.request("POST", "/v1/automation/trainees", {
      headers: { "content-type": "application/json" },
      body,
    });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, message: expect.any(String) });
    const wrong = await t.request("POST", "/v1/automation/trainees", {
      headers: { "content-type": "application/json", "x-api-key": `sk_live_${"0".repeat(40)}` },
      body,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.success).toBe(false);
  });

  it("externalId: a second call returns the existing trainee with created false and updates nothing", async () => {
    const s = await studio();
    const first = await s.create({ phone: "0521111111", externalId: "crm-7", tags: "a" });
    const again = await s.call("POST", "/trainees", {
      firstName: "Other",
      lastName: "Name",
      phone: "0529999999",
      tags: "b",
      externalId: "crm-7",
      onDuplicatePhone: "update",
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      message: "Trainee already existed, returned the existing one",
      data: { trainee: first.trainee, created: false, subscription: null },
    });
    expect(await clientsOf(s.studioId)).toHaveLength(1);
    expect((await auditOf(s.studioId)).map((a) => a.action)).toEqual(["automation.trainee.create"]);
    // The same externalId in another studio is another trainee.
    const other = await studio();
    expect((await other.create({ phone: "0521111111", externalId: "crm-7" })).created).toBe(true);
  });

  it("externalId is stored with a studio prefix that is never returned (lane, web lane, FORM_FILLED)", async () => {
    const s = await studio();
    const { trainee } = await s.create({ phone: "0521212121", externalId: "zap-42" });
    const [row] = await db().select().from(clients).where(eq(clients.id, trainee.id));
    expect(row!.externalId).toBe(`${s.studioId}:zap-42`);
    expect(trainee.externalId).toBe("zap-42");
    expect((await s.call("GET", `/trainees/${trainee.id}`)).body.data.trainee.externalId).toBe("zap-42");
    expect((await s.call("GET", "/trainees/search?search=Dana")).body.data.items[0].externalId).toBe(
      "zap-42",
    );
    expect((await s.call("GET", "/trainees/by-phone/0521212121")).body.data.trainee.externalId).toBe(
      "zap-42",
    );
    expect((await t.web("GET", `/v1/web/clients/${trainee.id}`, s.owner)).body.data.externalId).toBe(
      "zap-42",
    );
    const form = await s.form({ type: "CHECK_IN" });
    const [response] = await db()
      .insert(formResponses)
      .values({ studioId: s.studioId, formId: form.id, clientId: trainee.id })
      .returning();
    const scope = {
      ...t.scopeFor(s.studioId),
      actor: { kind: "apiKey" as const, apiKeyId: s.key.id, studioName: "x" },
    };
    const hook = await registerWebhook(db(), scope, { targetUrl: "https://hooks.example.com/x" });
    const delivery = await prepareFormFilledDelivery(db(), scope, {
      hookId: hook.id,
      responseId: response!.id,
    });
    expect(delivery.outcome === "send" && delivery.body.externalId).toBe("zap-42");
    await db().delete(webhooks).where(eq(webhooks.id, hook.id));
  });

  it("a trainee soft-deleted on the web lane frees its externalId", async () => {
    const s = await studio();
    const first = await s.create({ phone: "0521313131", externalId: "crm-9" });
    expect((await t.web("DELETE", `/v1/web/clients/${first.trainee.id}`, s.owner)).status).toBe(200);
    const again = await s.create({ phone: "0521313131", externalId: "crm-9" });
    expect(again.created).toBe(true);
    expect(again.trainee.id).not.toBe(first.trainee.id);
    expect(again.trainee.externalId).toBe("crm-9");
  });

  it("concurrent creates with one externalId make one trainee; the others answer it with created false", async () => {
    const s = await studio();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        s.call("POST", "/trainees", {
          firstName: "Race",
          lastName: `R${i}`,
          phone: i % 2 === 0 ? "0524444444" : `05244444${String(50 + i)}`,
          externalId: "race-1",
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.data.trainee.id)).size).toBe(1);
    expect(await clientsOf(s.studioId)).toHaveLength(1);
  });

  it("concurrent creates with one phone make one trainee: error mode answers 409, return_existing the winner", async () => {
    const s = await studio();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        s.call("POST", "/trainees", { firstName: "Race", lastName: `P${i}`, phone: "052-555-6666" }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const existing = await Promise.all(
      Array.from({ length: 4 }, () =>
        s.call("POST", "/trainees", {
          firstName: "Race",
          lastName: "Again",
          phone: "+972525556666",
          onDuplicatePhone: "return_existing",
        }),
      ),
    );
    expect(existing.every((a) => a.status === 200 && a.body.data.created === false)).toBe(true);
    expect(await clientsOf(s.studioId)).toHaveLength(1);
  });

  it("duplicate phone (any format): error 409 by default; return_existing returns it unchanged; update applies profile fields only", async () => {
    const s = await studio();
    const [c1, c2] = [await s.coach(), await s.coach()];
    const p = await s.plan();
    const { trainee } = await s.create({
      phone: "0527777777",
      tags: ["old"],
      coachIds: [c1.id],
      updateCadence: "WEEKLY",
    });

    const conflict = await s.call("POST", "/trainees", {
      firstName: "X",
      lastName: "Y",
      phone: "+972-52-777-7777",
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ success: false, message: "a client with this phone already exists" });
    const explicit = await s.call("POST", "/trainees", {
      firstName: "X",
      lastName: "Y",
      phone: "0527777777",
      onDuplicatePhone: "error",
    });
    expect(explicit.status).toBe(409);

    const returned = await s.call("POST", "/trainees", {
      firstName: "X",
      lastName: "Y",
      phone: "972527777777",
      onDuplicatePhone: "return_existing",
      planId: p.id,
    });
    expect(returned.status).toBe(200);
    expect(returned.body).toEqual({
      success: true,
      message: "Trainee already existed, returned the existing one",
      data: { trainee, created: false, subscription: null },
    });

    const updated = await s.call("POST", "/trainees", {
      firstName: "Dana2",
      lastName: "Levi2",
      phone: "0527777777",
      email: "new@example.com",
      heightCm: "170",
      goal: "",
      stepsGoal: "5000",
      tags: "new, other",
      coachIds: [c2.id],
      updateCadence: "MONTHLY",
      externalId: "late-id",
      planId: p.id,
      onDuplicatePhone: "update",
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe("Trainee already existed, returned the existing one");
    expect(updated.body.data).toMatchObject({
      created: false,
      subscription: null,
      trainee: {
        id: trainee.id,
        firstName: "Dana2",
        lastName: "Levi2",
        email: "new@example.com",
        heightCm: 170,
        stepsGoal: 5000,
        tags: ["new", "other"],
        coachIds: [c2.id],
        // Not profile fields: unchanged.
        updateCadence: "WEEKLY",
        externalId: null,
      },
    });
    // Subscription fields are not applied to an existing trainee; no creation was audited.
    expect(await db().select().from(subscriptions).where(eq(subscriptions.clientId, trainee.id))).toEqual([]);
    expect(await clientsOf(s.studioId)).toHaveLength(1);
    expect(await auditOf(s.studioId)).toHaveLength(1);
  });

  it("planId creates the subscription in the trainee's transaction (start date, price and duration overrides)", async () => {
    const s = await studio();
    const p = await s.plan({ durationValue: null, durationUnit: null });
    const res = await s.call("POST", "/trainees", {
      firstName: "Dana",
      lastName: "Levi",
      phone: "0528888888",
      planId: p.id,
      startDate: "2030-01-01",
      priceOverrideAgorot: "12000",
      durationValue: "3",
      durationUnit: "DAYS",
    });
    expect(res.status).toBe(200);
    const { trainee, subscription } = res.body.data;
    expect(subscription).toMatchObject({
      clientId: trainee.id,
      planId: p.id,
      startDate: "2030-01-01",
      endDate: "2030-01-04",
      priceAgorot: 12_000,
      durationValue: 3,
      durationUnit: "DAYS",
      status: "PENDING",
    });
    const detail = await s.call("GET", `/trainees/${trainee.id}`);
    expect(detail.body.data.subscriptions).toEqual([subscription]);
    expect(await auditOf(s.studioId)).toEqual([
      expect.objectContaining({
        action: "automation.trainee.create",
        entityId: trainee.id,
        data: expect.objectContaining({ subscriptionId: subscription.id, planId: p.id }),
      }),
    ]);
  });

  it("a refused subscription rolls the trainee back: unknown plan, a plan without duration and none sent", async () => {
    const s = await studio();
    const noDuration = await s.plan({ name: "Open", durationValue: null, durationUnit: null });
    const unknown = await s.call("POST", "/trainees", {
      firstName: "Dana",
      lastName: "Levi",
      phone: "0528888889",
      planId: "missing-plan",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ success: false, message: "plan not found" });
    const open = await s.call("POST", "/trainees", {
      firstName: "Dana",
      lastName: "Levi",
      phone: "0528888889",
      planId: noDuration.id,
    });
    expect(open.status).toBe(400);
    expect(open.body.message).toContain('plan "Open" has no duration');
    expect(await clientsOf(s.studioId)).toEqual([]);
    expect(await auditOf(s.studioId)).toEqual([]);
  });

  it("studio billing plan limits apply (403)", async () => {
    const s = await studio();
    await setStudioSettings(t, s.owner, { clientLimit: 1 });
    await s.create({ phone: "0521010101" });
    const over = await s.call("POST", "/trainees", { firstName: "A", lastName: "B", phone: "0521010102" });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({ success: false, message: expect.any(String) });
    expect(await clientsOf(s.studioId)).toHaveLength(1);
  });

  it("the audit entry is written in the trainee's transaction: a failing audit insert leaves no trainee", async () => {
    const s = await studio();
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION audit_refuse_trainee() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER audit_refuse_trainee BEFORE INSERT ON audit_entries FOR EACH ROW
        WHEN (NEW.studio_id = '${s.studioId}') EXECUTE FUNCTION audit_refuse_trainee()`),
    );
    try {
      const res = await s.call("POST", "/trainees", { firstName: "A", lastName: "B", phone: "0521919191" });
      expect(res.body.success).toBe(false);
      expect(await clientsOf(s.studioId)).toEqual([]);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER audit_refuse_trainee ON audit_entries"));
    }
    await s.create({ phone: "0521919191" });
    expect(await clientsOf(s.studioId)).toHaveLength(1);
  });

  it("onboardingFormId: a document to sign or an unknown form is refused before anything is written", async () => {
    const s = await studio();
    const other = await studio();
    const pdf = await s.form({ name: "Contract", type: "PDF_SIGNATURE", documentUrl: "https://x/doc.pdf" });
    const foreign = await other.form();
    for (const [formId, message] of [
      [pdf.id, expect.stringContaining("document to sign")],
      ["missing-form", "form not found"],
      [foreign.id, "form not found"],
    ] as const) {
      const res = await s.call("POST", "/trainees", {
        firstName: "A",
        lastName: "B",
        phone: "0521717171",
        externalId: "with-form",
        onboardingFormId: formId,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    }
    expect(await clientsOf(s.studioId)).toEqual([]);
    expect(await db().select().from(formAssignments).where(eq(formAssignments.studioId, s.studioId))).toEqual(
      [],
    );
  });
});

describe("POST /v1/automation/trainees: onboarding form", () => {
  const assignmentsOf = (clientId: string) =>
    db().select().from(formAssignments).where(eq(formAssignments.clientId, clientId));

  it("is sent after creation with its normal push (source onboarding), once: a re-run finds it pending", async () => {
    const s = await studio();
    const form = await s.form({ name: "Welcome", type: "INTAKE" });
    const body = { phone: "0521616161", externalId: "onb-1", onboardingFormId: form.id };
    const { trainee, created } = await s.create(body);
    expect(created).toBe(true);
    const [assignment, ...more] = await assignmentsOf(trainee.id);
    expect(more).toEqual([]);
    expect(assignment).toMatchObject({
      formId: form.id,
      status: "PENDING",
      source: "onboarding",
      pushMode: "NOW",
      announcedAt: expect.any(Date),
    });
    // The same call again (externalId) and a duplicate-phone return: still one pending assignment.
    expect((await s.create(body)).created).toBe(false);
    expect(
      (
        await s.create({
          phone: "0521616161",
          onboardingFormId: form.id,
          onDuplicatePhone: "return_existing",
        })
      ).created,
    ).toBe(false);
    expect(await assignmentsOf(trainee.id)).toHaveLength(1);
    // Once it is no longer pending, the next call sends it again.
    await db()
      .update(formAssignments)
      .set({ status: "SUBMITTED" })
      .where(eq(formAssignments.id, assignment!.id));
    await s.create(body);
    expect((await assignmentsOf(trainee.id)).map((a) => a.status).sort()).toEqual(["PENDING", "SUBMITTED"]);
  });

  it("concurrent calls with one externalId send the form once", async () => {
    const s = await studio();
    const form = await s.form();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.call("POST", "/trainees", {
          firstName: "A",
          lastName: "B",
          phone: "0521515151",
          externalId: "onb-race",
          onboardingFormId: form.id,
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const [row] = await clientsOf(s.studioId);
    expect(await assignmentsOf(row!.id)).toHaveLength(1);
  });

  it("a failure to send it is logged without personal data and does not fail the call", async () => {
    const s = await studio();
    const form = await s.form({ name: "Old", isActive: false });
    const res = await s.call("POST", "/trainees", {
      firstName: "Dana",
      lastName: "Levi",
      phone: "0521414141",
      onboardingFormId: form.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.created).toBe(true);
    expect(await assignmentsOf(res.body.data.trainee.id)).toEqual([]);
    expect(await clientsOf(s.studioId)).toHaveLength(1);

    // The log line (the operation called directly with a logger we can read).
    const logger = createLogger({ silent: true });
    const warn = vi.spyOn(logger, "warn");
    const scope = {
      ...t.scopeFor(s.studioId),
      logger,
      actor: { kind: "apiKey" as const, apiKeyId: s.key.id, studioName: "x" },
    };
    const direct = await createAutomationTrainee(db(), scope, {
      firstName: "Noa",
      lastName: "Cohen",
      phone: "0521414142",
      email: "noa@example.com",
      onboardingFormId: form.id,
    });
    expect(direct.created).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    const [message, fields] = warn.mock.calls[0]!;
    expect(message).toBe("onboarding form not sent");
    expect(fields).toEqual({
      requestId: "test",
      clientId: direct.trainee.id,
      formId: form.id,
      code: "BAD_REQUEST",
      reason: "form template is not active",
    });
    expect(JSON.stringify(fields)).not.toMatch(/Noa|Cohen|0521414142|972521414142|noa@example.com/);
  });
});

describe("GET /v1/automation/trainees/search", () => {
  it("phone-like searches match the stored phone in any common form; other text matches names case-insensitively", async () => {
    const s = await studio();
    const dana = (await s.create({ firstName: "Dana", lastName: "Levi", phone: "0521234567" })).trainee;
    const noa = (await s.create({ firstName: "Noa", lastName: "Cohen", phone: "0547654321" })).trainee;
    const ids = async (search: string) => {
      const res = await s.call("GET", `/trainees/search?search=${encodeURIComponent(search)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe("Trainees");
      return (res.body.data.items as { id: string }[]).map((i) => i.id);
    };
    for (const phone of [
      "052-123-4567",
      "0521234567",
      "+972521234567",
      "+972 52 123 4567",
      "972521234567",
      "00972521234567",
      "+972 (0)52 123 4567",
      "(052) 1234567",
      "1234567",
    ])
      expect(await ids(phone), phone).toEqual([dana.id]);
    expect(await ids("054")).toEqual([noa.id]);
    expect(await ids("dana")).toEqual([dana.id]);
    expect(await ids("LEVI")).toEqual([dana.id]);
    expect(await ids("dana lev")).toEqual([dana.id]);
    expect(await ids("cohen noa")).toEqual([noa.id]);
    expect(await ids("A")).toEqual([noa.id, dana.id]);
    // A name search never reads phone digits, and a phone search never reads names.
    expect(await ids("Dana 052")).toEqual([]);
    expect(await ids("%")).toEqual([]);
    expect(await ids("+-")).toEqual([]);
    expect(await ids("")).toEqual([noa.id, dana.id]);
  });

  it("filters status, coachId, tag (exact), createdFrom, updatedFrom; blank filters are ignored", async () => {
    const s = await studio();
    const coach = await s.coach();
    const a = (await s.create({ firstName: "A", phone: "0521000001", tags: ["vip"], coachIds: [coach.id] }))
      .trainee;
    const b = (await s.create({ firstName: "B", phone: "0521000002", tags: ["vipx"] })).trainee;
    await db().update(clients).set({ status: "PAUSED" }).where(eq(clients.id, b.id));
    await db()
      .update(clients)
      .set({ createdAt: new Date("2020-01-01T00:00:00Z"), updatedAt: new Date("2024-06-01T12:00:00Z") })
      .where(eq(clients.id, a.id));
    const ids = async (query: string) => {
      const res = await s.call("GET", `/trainees/search?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.items as { id: string }[]).map((i) => i.id);
    };
    expect(await ids("status=PAUSED")).toEqual([b.id]);
    expect(await ids(`coachId=${coach.id}`)).toEqual([a.id]);
    expect(await ids("tag=vip")).toEqual([a.id]);
    expect(await ids("tag=vi")).toEqual([]);
    expect(await ids("createdFrom=2021-01-01")).toEqual([b.id]);
    expect(await ids("createdFrom=2019-12-31")).toEqual([b.id, a.id]);
    expect(await ids("updatedFrom=2024-06-01T12:00:01Z")).toEqual([b.id]);
    expect(await ids("updatedFrom=2024-06-01T12:00:00Z")).toEqual([b.id, a.id]);
    expect(await ids("status=&coachId=&tag=&createdFrom=&updatedFrom=&search=&limit=&offset=")).toEqual([
      b.id,
      a.id,
    ]);
    for (const bad of [
      "status=GONE",
      "createdFrom=yesterday",
      "limit=0",
      "limit=201",
      "offset=-1",
      "limit=x",
    ]) {
      const res = await s.call("GET", `/trainees/search?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it("pagination: limit (default 50) and offset with items, total, limit, offset, hasMore, newest first", async () => {
    const s = await studio();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await s.create({ phone: `052300000${i}` })).trainee.id);
    const newest = [...made].reverse();
    const page = async (query: string) => (await s.call("GET", `/trainees/search?${query}`)).body.data;
    expect(await page("")).toMatchObject({ total: 5, limit: 50, offset: 0, hasMore: false });
    const first = await page("limit=2");
    expect(first).toMatchObject({ total: 5, limit: 2, offset: 0, hasMore: true });
    expect(first.items.map((i: { id: string }) => i.id)).toEqual(newest.slice(0, 2));
    const middle = await page("limit=2&offset=2");
    expect(middle.items.map((i: { id: string }) => i.id)).toEqual(newest.slice(2, 4));
    expect(middle.hasMore).toBe(true);
    const last = await page("limit=2&offset=4");
    expect(last).toMatchObject({ total: 5, hasMore: false });
    expect(last.items.map((i: { id: string }) => i.id)).toEqual(newest.slice(4));
    expect(await page("limit=2&offset=10")).toEqual({
      items: [],
      total: 5,
      limit: 2,
      offset: 10,
      hasMore: false,
    });
    expect(Object.keys(first.items[0]).sort()).toEqual(TRAINEE_KEYS);
  });

  it("a page is two statements whatever its size (coach ids in the rows statement, no query per trainee)", async () => {
    const s = await studio();
    const [c1, c2] = [await s.coach(), await s.coach()];
    for (let i = 0; i < 12; i++)
      await s.create({ phone: `05240000${String(10 + i)}`, coachIds: [c1.id, c2.id] });
    let statements = 0;
    const counted = drizzle((db() as unknown as { $client: Sql }).$client, {
      schema,
      logger: { logQuery: () => void (statements += 1) },
    }) as unknown as Db;
    const scope = {
      ...t.scopeFor(s.studioId),
      actor: { kind: "apiKey" as const, apiKeyId: s.key.id, studioName: "x" },
    };
    const page = await searchAutomationTrainees(counted, scope, {
      search: "Dana",
      tag: undefined,
      limit: 10,
      offset: 0,
    });
    expect(page.items).toHaveLength(10);
    expect(page.items.every((item) => item.coachIds.join() === [c1.id, c2.id].join())).toBe(true);
    expect(statements).toBe(2);
  });

  it("only this studio's live trainees", async () => {
    const a = await studio();
    const b = await studio();
    await b.create({ firstName: "Shared", phone: "0526000000" });
    const gone = (await a.create({ firstName: "Shared", phone: "0526000001" })).trainee;
    await t.web("DELETE", `/v1/web/clients/${gone.id}`, a.owner);
    const res = await a.call("GET", "/trainees/search?search=Shared");
    expect(res.body.data).toEqual({ items: [], total: 0, limit: 50, offset: 0, hasMore: false });
    expect((await a.call("GET", "/trainees/search?search=0526000000")).body.data.total).toBe(0);
  });
});

describe("GET /v1/automation/trainees/by-phone/{phone}", () => {
  it("found: data found true and the trainee, for any common form of the phone", async () => {
    const s = await studio();
    const { trainee } = await s.create({ phone: "0521234567" });
    for (const phone of [
      "0521234567",
      "052-123-4567",
      "+972521234567",
      "972521234567",
      "00972521234567",
      "+972 (0)52 123 4567",
    ]) {
      const res = await s.call("GET", `/trainees/by-phone/${encodeURIComponent(phone)}`);
      expect(res.status, phone).toBe(200);
      expect(res.body).toEqual({ success: true, message: "Trainee found", data: { found: true, trainee } });
    }
  });

  it("not found: 200 with found false, trainee null and message No trainee with that phone (another studio's too)", async () => {
    const s = await studio();
    const other = await studio();
    await other.create({ phone: "0521234567" });
    for (const phone of ["0521234567", "0529876543", "123456"]) {
      const res = await s.call("GET", `/trainees/by-phone/${phone}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: "No trainee with that phone",
        data: { found: false, trainee: null },
      });
    }
  });

  it("400 below 3 characters or when the value normalizes to fewer than 6", async () => {
    const s = await studio();
    for (const phone of ["12", "12345", "abc", "+1-2-3-4", "phone12"]) {
      const res = await s.call("GET", `/trainees/by-phone/${encodeURIComponent(phone)}`);
      expect(res.status, phone).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
  });
});

describe("GET /v1/automation/trainees/{id}", () => {
  it("answers the trainee and its live subscriptions only", async () => {
    const s = await studio();
    const p = await s.plan();
    const { trainee, subscription } = await s.create({ phone: "0522020202", planId: p.id });
    const later = await s.call("POST", `/trainees/${trainee.id}/subscription`, { planId: p.id });
    await cancelSubscription(db(), t.scopeFor(s.studioId), {
      clientId: trainee.id,
      subscriptionId: later.body.data.subscription.id,
    });
    const res = await s.call("GET", `/trainees/${trainee.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Trainee",
      data: { trainee, subscriptions: [subscription] },
    });
  });

  it("400 client not found for a missing, deleted or another studio's trainee", async () => {
    const a = await studio();
    const b = await studio();
    const foreign = (await b.create({ phone: "0522020203" })).trainee;
    const missing = await a.call("GET", "/trainees/no-such-id");
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ success: false, message: "client not found" });
    expect(await a.call("GET", `/trainees/${foreign.id}`)).toMatchObject({ status: 400, body: missing.body });
  });
});

describe("PATCH /v1/automation/trainees/{id}", () => {
  it("updates the fields sent with message Trainee updated; blank fields are ignored; tags and coachIds replace", async () => {
    const s = await studio();
    const [c1, c2] = [await s.coach(), await s.coach()];
    const { trainee } = await s.create({
      phone: "0523030303",
      email: "a@example.com",
      tags: ["a", "b"],
      coachIds: [c1.id],
      heightCm: 160,
    });
    const res = await s.call("PATCH", `/trainees/${trainee.id}`, {
      firstName: "Renamed",
      lastName: "",
      phone: "",
      email: " ",
      heightCm: "175",
      weightKg: "70.2",
      stepsGoal: "10000",
      waterGoalMl: "",
      gender: "OTHER",
      birthDate: "1985-02-03",
      goal: "strength",
      tags: "c",
      coachIds: [c2.id],
      updateFormId: "form-9",
      updateCadence: "MONTHLY",
      // Not PATCH fields: ignored.
      planId: "anything",
      status: "ARCHIVED",
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Trainee updated");
    expect(res.body.data.trainee).toEqual({
      ...trainee,
      firstName: "Renamed",
      heightCm: 175,
      weightKg: 70.2,
      stepsGoal: 10_000,
      gender: "OTHER",
      birthDate: "1985-02-03",
      goal: "strength",
      tags: ["c"],
      coachIds: [c2.id],
      updateFormId: "form-9",
      updateCadence: "MONTHLY",
      updatedAt: expect.any(String),
    });
    const detail = await s.call("GET", `/trainees/${trainee.id}`);
    expect(detail.body.data.trainee).toEqual(res.body.data.trainee);
    // Every field blank: nothing changes.
    const blank = await s.call("PATCH", `/trainees/${trainee.id}`, { firstName: "", tags: "", coachIds: "" });
    expect(blank.status).toBe(200);
    expect(blank.body.data.trainee).toEqual(res.body.data.trainee);
    // A new phone in any format is normalized.
    const phone = await s.call("PATCH", `/trainees/${trainee.id}`, { phone: "+972 52 303 0304" });
    expect(phone.body.data.trainee.phone).toBe("+972523030304");
  });

  it("clients service refusals keep their status: duplicate phone 409, unknown coach and bad values 400", async () => {
    const s = await studio();
    const a = (await s.create({ phone: "0524040401" })).trainee;
    await s.create({ phone: "0524040402" });
    const duplicate = await s.call("PATCH", `/trainees/${a.id}`, { phone: "052-404-0402" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ success: false, message: "a client with this phone already exists" });
    const coach = await s.call("PATCH", `/trainees/${a.id}`, { coachIds: ["missing"] });
    expect(coach.status).toBe(400);
    expect(coach.body).toEqual({ success: false, message: "unknown team member selected" });
    const phone = await s.call("PATCH", `/trainees/${a.id}`, { phone: "not a phone" });
    expect(phone.status).toBe(400);
    for (const body of [
      { heightCm: "-3" },
      { gender: "x" },
      { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
    ]) {
      expect((await s.call("PATCH", `/trainees/${a.id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("400 client not found for a missing or another studio's trainee; nothing changes there", async () => {
    const a = await studio();
    const b = await studio();
    const foreign = (await b.create({ phone: "0524040403" })).trainee;
    const missing = await a.call("PATCH", "/trainees/no-such-id", { firstName: "X" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ success: false, message: "client not found" });
    expect(await a.call("PATCH", `/trainees/${foreign.id}`, { firstName: "X" })).toMatchObject({
      status: 400,
      body: missing.body,
    });
    expect(await a.call("PATCH", `/trainees/${foreign.id}`, {})).toMatchObject({
      status: 400,
      body: missing.body,
    });
    expect((await b.call("GET", `/trainees/${foreign.id}`)).body.data.trainee.firstName).toBe("Dana");
  });
});

describe("DELETE /v1/automation/trainees/{id}", () => {
  it("without confirm true nothing is deleted: 200, deleted false, message starting Nothing was deleted", async () => {
    const s = await studio();
    const { trainee } = await s.create({ phone: "0525050501" });
    for (const body of [
      undefined,
      {},
      { confirm: false },
      { confirm: "false" },
      { confirm: "" },
      { confirm: "0" },
    ]) {
      const res = await s.call("DELETE", `/trainees/${trainee.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.message).toMatch(/^Nothing was deleted/);
      expect(res.body.data).toEqual({ id: trainee.id, deleted: false });
    }
    expect(await clientsOf(s.studioId)).toHaveLength(1);
    expect((await auditOf(s.studioId)).map((a) => a.action)).toEqual(["automation.trainee.create"]);
  });

  it("confirm true deletes the trainee and its history in one transaction, with the audit entry automation.trainee.delete", async () => {
    const s = await studio();
    const coach = await s.coach();
    const p = await s.plan();
    const form = await s.form();
    const { trainee } = await s.create({ phone: "0525050502", coachIds: [coach.id], planId: p.id });
    const keep = (await s.create({ phone: "0525050503", coachIds: [coach.id], planId: p.id })).trainee;
    for (const clientId of [trainee.id, keep.id]) {
      await db()
        .insert(formAssignments)
        .values({ studioId: s.studioId, formId: form.id, clientId, frozenSchema: {} });
      await db().insert(formResponses).values({ studioId: s.studioId, formId: form.id, clientId });
      await db().insert(tasks).values({ studioId: s.studioId, title: "call", traineeId: clientId });
      await db()
        .insert(calendarEvents)
        .values({
          studioId: s.studioId,
          coachId: coach.id,
          clientId,
          title: "Meeting",
          type: "CONVERSATION",
          startsAt: new Date(clientId === keep.id ? "2031-01-01T10:00:00Z" : "2031-01-02T10:00:00Z"),
          endsAt: new Date(clientId === keep.id ? "2031-01-01T10:30:00Z" : "2031-01-02T10:30:00Z"),
        });
    }
    const res = await s.call("DELETE", `/trainees/${trainee.id}`, { confirm: "true" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Trainee deleted",
      data: { id: trainee.id, deleted: true },
    });

    const left = async (table: any, column: any) =>
      (await db().select().from(table).where(eq(column, trainee.id))).length;
    expect(await left(clients, clients.id)).toBe(0);
    expect(await left(clientCoaches, clientCoaches.clientId)).toBe(0);
    expect(await left(subscriptions, subscriptions.clientId)).toBe(0);
    expect(await left(formAssignments, formAssignments.clientId)).toBe(0);
    expect(await left(formResponses, formResponses.clientId)).toBe(0);
    expect(await left(tasks, tasks.traineeId)).toBe(0);
    expect(await left(calendarEvents, calendarEvents.clientId)).toBe(0);
    expect(
      await db()
        .select()
        .from(calendarEvents)
        .where(and(eq(calendarEvents.studioId, s.studioId))),
    ).toHaveLength(1);
    // The other trainee keeps everything.
    expect(await db().select().from(subscriptions).where(eq(subscriptions.clientId, keep.id))).toHaveLength(
      1,
    );
    expect(await db().select().from(formResponses).where(eq(formResponses.clientId, keep.id))).toHaveLength(
      1,
    );

    const audit = await auditOf(s.studioId);
    expect(audit.filter((a) => a.action === "automation.trainee.delete")).toEqual([
      expect.objectContaining({
        actorType: "api_key",
        actorId: s.key.id,
        entityType: "trainee",
        entityId: trainee.id,
      }),
    ]);
    // Gone: every id route answers like a missing trainee; the phone is free again.
    expect((await s.call("GET", `/trainees/${trainee.id}`)).status).toBe(400);
    expect((await s.call("DELETE", `/trainees/${trainee.id}`, { confirm: true })).body).toEqual({
      success: false,
      message: "client not found",
    });
    expect((await s.create({ phone: "0525050502" })).created).toBe(true);
  });

  it("a failing audit insert keeps the trainee (one transaction)", async () => {
    const s = await studio();
    const { trainee } = await s.create({ phone: "0525050504" });
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION audit_refuse_delete() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER audit_refuse_delete BEFORE INSERT ON audit_entries FOR EACH ROW
        WHEN (NEW.studio_id = '${s.studioId}') EXECUTE FUNCTION audit_refuse_delete()`),
    );
    try {
      const res = await s.call("DELETE", `/trainees/${trainee.id}`, { confirm: true });
      expect(res.body.success).toBe(false);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER audit_refuse_delete ON audit_entries"));
    }
    expect(await clientsOf(s.studioId)).toHaveLength(1);
  });

  it("400 client not found for a missing or another studio's trainee, with or without confirm; nothing deleted", async () => {
    const a = await studio();
    const b = await studio();
    const foreign = (await b.create({ phone: "0525050505" })).trainee;
    const missing = await a.call("DELETE", "/trainees/no-such-id", { confirm: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ success: false, message: "client not found" });
    for (const body of [{ confirm: true }, { confirm: "true" }, {}]) {
      expect(await a.call("DELETE", `/trainees/${foreign.id}`, body)).toMatchObject({
        status: 400,
        body: missing.body,
      });
    }
    expect(await a.call("DELETE", "/trainees/no-such-id", {})).toMatchObject({
      status: 400,
      body: missing.body,
    });
    expect(await clientsOf(b.studioId)).toHaveLength(1);
    expect((await auditOf(a.studioId)).filter((x) => x.action === "automation.trainee.delete")).toEqual([]);
  });
});

describe("route order", () => {
  it("/trainees/search and /trainees/by-phone/{phone} are not read as /trainees/{id}", async () => {
    const s = await studio();
    const search = await s.call("GET", "/trainees/search");
    expect(search.body.message).toBe("Trainees");
    const byPhone = await s.call("GET", "/trainees/by-phone/0521234567");
    expect(byPhone.body.message).toBe("No trainee with that phone");
    // PATCH and DELETE have no static sibling: "search" there is an id like any other.
    expect((await s.call("PATCH", "/trainees/search", { firstName: "x" })).body.message).toBe(
      "client not found",
    );
  });
});
