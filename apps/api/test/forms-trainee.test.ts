import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signTraineeToken } from "@studio/auth";
import { dailyMetrics, formAssignments, forms, programs } from "@studio/db";
import { assignForm, localParts, prepareFormFilledDelivery } from "@studio/domain";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { automationKey } from "./support/automation-fixtures";
import { addTrainee, traineeRequest } from "./support/notification-fixtures";
import {
  addFormResponse,
  addTemplate,
  addTraineeWithDevice,
  programsOf,
  pushesOf,
} from "./support/program-fixtures";
import { studioIdOf } from "./support/team-fixtures";
import { addForm, addPdfForm, assignmentsOf, field, responsesOf } from "./support/form-fixtures";

// The trainee app's forms (decisions.md "Trainee app: plans and logging" → Forms; document 1: the
// forms router has no app-access guard and its own frozen-plan rule) and what a submission causes
// (document 3 "Events" FORM_FILLED, daily measurements, the release of held programs).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;
const HOUR = 3_600_000;

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const key = await automationKey(t, owner);
  return { owner, studioId, key };
}

async function trainee(studioId: string, fields: Parameters<typeof addTrainee>[2] = {}) {
  const row = await addTrainee(t, studioId, fields);
  const token = t.traineeToken(row.id, studioId);
  return {
    ...row,
    token,
    get: (path: string) => traineeRequest(t, token, "GET", `/v1/trainee${path}`),
    submit: (assignmentId: string, answers: unknown) =>
      traineeRequest(t, token, "POST", `/v1/trainee/forms/${assignmentId}/submit`, { answers }),
  };
}

const send = async (
  studioId: string,
  clientId: string,
  formId: string,
  extra: { visibleFrom?: string; note?: string; fieldValues?: Record<string, string> } = {},
) =>
  (await assignForm(db(), t.scopeFor(studioId), { clientId, formId, push: false, source: "coach", ...extra }))
    .assignment;

const hookJobsOf = async (studioId: string) =>
  (await t.jobsNamed("deliver-webhook")).filter((j) => j.data.studioId === studioId);

const CHECK_IN_FIELDS = [
  field("weight", "number", { required: true }),
  field("mood", "choice", { options: ["good", "bad"] }),
  field("day", "date"),
  field("notes", "text"),
  field("body", "measurement"),
  field("coach_only", "text", { filledBy: "coach" }),
];

describe("GET /v1/trainee/forms", () => {
  it("lists the trainee's pending forms visible now, oldest first; not future, submitted, canceled, documents to sign or another trainee's", async () => {
    const { studioId } = await studio();
    const me = await trainee(studioId);
    const other = await trainee(studioId);
    const form = await addForm(t, studioId, { name: "אחד" });
    const pdf = await addPdfForm(t, studioId);
    const older = await send(studioId, me.id, form.id, {
      visibleFrom: new Date(Date.now() - 2 * HOUR).toISOString(),
      note: "n",
    });
    const newer = await send(studioId, me.id, form.id);
    await send(studioId, me.id, form.id, { visibleFrom: new Date(Date.now() + HOUR).toISOString() });
    const done = await send(studioId, me.id, form.id);
    const canceled = await send(studioId, me.id, form.id);
    await db().update(formAssignments).set({ status: "SUBMITTED" }).where(eq(formAssignments.id, done.id));
    await db().update(formAssignments).set({ status: "CANCELED" }).where(eq(formAssignments.id, canceled.id));
    await send(studioId, me.id, pdf.id, { fieldValues: { client_name: "x" } });
    await send(studioId, other.id, form.id);
    const res = await me.get("/forms");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      items: [
        {
          id: older.id,
          formId: form.id,
          formName: "אחד",
          formType: "ONE_TIME",
          visibleFrom: older.visibleFrom,
          note: "n",
          createdAt: older.createdAt,
        },
        expect.objectContaining({ id: newer.id, note: null }),
      ],
    });
  });

  it("has no app-access guard (an ended plan still reaches forms); while the plan is frozen check-ins are paused, other forms stay open", async () => {
    const { studioId } = await studio();
    const ended = await trainee(studioId, { accessEndsAt: new Date(Date.now() - 24 * HOUR) });
    const form = await addForm(t, studioId);
    const a = await send(studioId, ended.id, form.id);
    expect((await ended.get("/forms")).body.data.items.map((i: { id: string }) => i.id)).toEqual([a.id]);

    const frozen = await trainee(studioId, { freezeStartedAt: new Date(Date.now() - HOUR) });
    const checkIn = await addForm(t, studioId, { type: "CHECK_IN", fields: [field("w", "number")] });
    const paused = await send(studioId, frozen.id, checkIn.id);
    const open = await send(studioId, frozen.id, form.id);
    expect((await frozen.get("/forms")).body.data.items.map((i: { id: string }) => i.id)).toEqual([open.id]);
    const get = await frozen.get(`/forms/${paused.id}`);
    expect(get.status).toBe(403);
    expect(get.body).toMatchObject({
      code: "APP_LOCKED",
      message: "check-in forms are paused while the plan is frozen",
    });
    const submit = await frozen.submit(paused.id, { w: 70 });
    expect(submit.status).toBe(403);
    expect(submit.body.code).toBe("APP_LOCKED");
    expect((await frozen.submit(open.id, { q1: "fine" })).status).toBe(201);
    expect(await responsesOf(t, frozen.id)).toHaveLength(1);
  });
});

describe("GET /v1/trainee/forms/{assignmentId}", () => {
  it("answers the fields frozen at send time (a later edit of the form changes nothing), the note and the coach's values", async () => {
    const { studioId } = await studio();
    const me = await trainee(studioId);
    const pdf = await addPdfForm(t, studioId);
    const link = await send(studioId, me.id, pdf.id, { fieldValues: { client_name: "נועה" }, note: "לחתום" });
    await db()
      .update(forms)
      .set({ fields: [field("changed", "text")] })
      .where(eq(forms.id, pdf.id));
    const res = await me.get(`/forms/${link.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: link.id,
      formId: pdf.id,
      formName: "הסכם",
      formType: "PDF_SIGNATURE",
      visibleFrom: link.visibleFrom,
      note: "לחתום",
      createdAt: link.createdAt,
      status: "PENDING",
      submittedAt: null,
      fields: pdf.fields,
      values: { client_name: "נועה" },
      answers: null,
    });
  });

  it("another trainee's, another studio's, a canceled, a not yet visible or a missing assignment answers the same 404", async () => {
    const { studioId } = await studio();
    const other = await studio();
    const me = await trainee(studioId);
    const sibling = await trainee(studioId);
    const stranger = await trainee(other.studioId);
    const form = await addForm(t, studioId);
    const theirForm = await addForm(t, other.studioId);
    const ids = [
      (await send(studioId, sibling.id, form.id)).id,
      (await send(other.studioId, stranger.id, theirForm.id)).id,
      (await send(studioId, me.id, form.id, { visibleFrom: new Date(Date.now() + HOUR).toISOString() })).id,
      "no-such-assignment",
    ];
    const canceled = await send(studioId, me.id, form.id);
    await db().update(formAssignments).set({ status: "CANCELED" }).where(eq(formAssignments.id, canceled.id));
    ids.push(canceled.id);
    for (const id of ids) {
      const get = await me.get(`/forms/${id}`);
      expect(get.status, id).toBe(404);
      expect({ ...get.body, requestId: "" }).toEqual({
        ok: false,
        code: "NOT_FOUND",
        message: "form not found",
        requestId: "",
      });
      const submit = await me.submit(id, { q1: "x" });
      expect(submit.status, id).toBe(404);
      expect(submit.body.message).toBe("form not found");
    }
    expect(await responsesOf(t, sibling.id)).toEqual([]);
    expect(await responsesOf(t, stranger.id)).toEqual([]);
  });
});

describe("POST /v1/trainee/forms/{assignmentId}/submit", () => {
  it("201: the response, the assignment SUBMITTED, FORM_FILLED deliveries enqueued in the same transaction; a second submit is 409", async () => {
    const s = await studio();
    const me = await trainee(s.studioId);
    const form = await addForm(t, s.studioId, { type: "CHECK_IN", fields: CHECK_IN_FIELDS });
    const otherForm = await addForm(t, s.studioId);
    for (const body of [
      { targetUrl: "https://hooks.example.com/all" },
      { targetUrl: "https://hooks.example.com/this", formId: form.id },
      { targetUrl: "https://hooks.example.com/other", formId: otherForm.id },
    ])
      expect((await s.key.call("POST", "/hooks", body)).status).toBe(200);
    const a = await send(s.studioId, me.id, form.id);
    const res = await me.submit(a.id, {
      weight: "72.5",
      mood: "good",
      day: "2025-03-01",
      notes: "",
      body: { waist: 80 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      assignmentId: a.id,
      formId: form.id,
      clientId: me.id,
      answers: { weight: 72.5, mood: "good", day: "2025-03-01", body: { waist: 80 } },
      documentUrl: null,
      submittedAt: expect.any(String),
    });
    const [row] = await assignmentsOf(t, me.id);
    expect(row).toMatchObject({ status: "SUBMITTED" });
    expect(row!.submittedAt?.toISOString()).toBe(res.body.data.submittedAt);
    const jobs = await hookJobsOf(s.studioId);
    expect(jobs).toHaveLength(2);
    expect(jobs.every((j) => j.data.responseId === res.body.data.id)).toBe(true);

    const again = await me.submit(a.id, { weight: 70 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "CONFLICT", message: "form already submitted" });
    expect(await responsesOf(t, me.id)).toHaveLength(1);
    expect(await hookJobsOf(s.studioId)).toHaveLength(2);

    // The submitted form reads back with its answers.
    const get = await me.get(`/forms/${a.id}`);
    expect(get.body.data).toMatchObject({ status: "SUBMITTED", answers: res.body.data.answers });
  });

  it("validates the answers against the frozen fields: unknown keys, coach fields, required, and each kind (422, nothing stored)", async () => {
    const { studioId } = await studio();
    const me = await trainee(studioId);
    const form = await addForm(t, studioId, { type: "CHECK_IN", fields: CHECK_IN_FIELDS });
    const a = await send(studioId, me.id, form.id);
    // A later edit of the live form does not change what is validated.
    await db()
      .update(forms)
      .set({ fields: [field("other", "text", { required: true })] })
      .where(eq(forms.id, form.id));
    for (const [answers, path, message] of [
      [{ weight: 70, nope: "x" }, "answers.nope", "unknown field"],
      [{ weight: 70, coach_only: "x" }, "answers.coach_only", "this field is filled by the coach"],
      [{ mood: "good" }, "answers.weight", "required"],
      [{ weight: "  " }, "answers.weight", "required"],
      [{ weight: null }, "answers.weight", "required"],
      [{ weight: "seventy" }, "answers.weight", "must be a number"],
      [{ weight: 70, mood: "great" }, "answers.mood", "must be one of the options"],
      [{ weight: 70, day: "2025-02-30" }, "answers.day", "must be a date (YYYY-MM-DD)"],
      [{ weight: 70, notes: 5 }, "answers.notes", "must be text"],
      [{ weight: 70, body: { waist: 0 } }, "answers.body.waist", "must be a number above 0 and at most 500"],
      [
        { weight: 70, body: { waist: 501 } },
        "answers.body.waist",
        "must be a number above 0 and at most 500",
      ],
      [
        { weight: 70, body: { belly: 90 } },
        "answers.body.belly",
        "unknown measurement (chest, waist, hips, arm, thigh, neck)",
      ],
      [
        { weight: 70, body: "90" },
        "answers.body",
        "must be an object of chest, waist, hips, arm, thigh, neck in centimetres",
      ],
    ] as const) {
      const res = await me.submit(a.id, answers);
      expect(res.status, JSON.stringify(answers)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
      expect(res.body.details.issues, JSON.stringify(answers)).toContainEqual(
        expect.objectContaining({ path, message }),
      );
    }
    expect(await responsesOf(t, me.id)).toEqual([]);
    expect((await assignmentsOf(t, me.id))[0]!.status).toBe("PENDING");
    expect((await me.submit(a.id, { weight: 70 })).status).toBe(201);
  });

  it("a document to sign is refused here (signed through its link); a preview token may read but not submit", async () => {
    const { studioId } = await studio();
    const me = await trainee(studioId);
    const pdf = await addPdfForm(t, studioId);
    const link = await send(studioId, me.id, pdf.id, { fieldValues: { client_name: "x" } });
    const res = await me.submit(link.id, { city: "Haifa", sig: "data:image/png;base64,AAAA" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "BAD_REQUEST",
      message: "a document to sign is signed through its signing link, not in the app",
    });
    const form = await addForm(t, studioId);
    const a = await send(studioId, me.id, form.id);
    const preview = signTraineeToken(
      { clientId: me.id, studioId, preview: true, exp: Date.now() + 10 * 60_000 },
      t.config.sessionSigningSecret,
    );
    expect((await traineeRequest(t, preview, "GET", `/v1/trainee/forms/${a.id}`)).status).toBe(200);
    const write = await traineeRequest(t, preview, "POST", `/v1/trainee/forms/${a.id}/submit`, {
      answers: { q1: "x" },
    });
    expect(write.status).toBe(403);
    expect(write.body.details).toEqual({ reason: "PREVIEW_READ_ONLY" });
    expect(await responsesOf(t, me.id)).toEqual([]);
  });

  it("measurement answers merge into the trainee's daily metrics of the local day (other keys kept)", async () => {
    const { studioId } = await studio();
    const me = await trainee(studioId, { timezone: "Pacific/Kiritimati" });
    const day = localParts(new Date(), "Pacific/Kiritimati").date;
    await db()
      .insert(dailyMetrics)
      .values({ studioId, clientId: me.id, date: day, steps: 1234, measurements: { neck: 40, waist: 90 } });
    const form = await addForm(t, studioId, {
      fields: [field("first", "measurement"), field("second", "measurement")],
    });
    const a = await send(studioId, me.id, form.id);
    const res = await me.submit(a.id, {
      first: { waist: 85, chest: "101.5" },
      second: { arm: 33, chest: 100 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await db().select().from(dailyMetrics).where(eq(dailyMetrics.clientId, me.id));
    expect(row).toMatchObject({
      date: day,
      steps: 1234,
      measurements: { neck: 40, waist: 85, chest: 100, arm: 33 },
    });
    // A day without a row gets one.
    const fresh = await trainee(studioId);
    const b = await send(studioId, fresh.id, form.id);
    expect((await fresh.submit(b.id, { first: { hips: 95 } })).status).toBe(201);
    const [created] = await db().select().from(dailyMetrics).where(eq(dailyMetrics.clientId, fresh.id));
    expect(created!.measurements).toEqual({ hips: 95 });
  });

  it("a failing later step rolls the whole submission back: no response, no FORM_FILLED job, the assignment stays PENDING", async () => {
    const s = await studio();
    const me = await trainee(s.studioId);
    const form = await addForm(t, s.studioId, { type: "INTAKE" });
    expect((await s.key.call("POST", "/hooks", { targetUrl: "https://hooks.example.com/all" })).status).toBe(
      200,
    );
    const a = await send(s.studioId, me.id, form.id);
    // The release of held programs runs after FORM_FILLED is enqueued; make its statement fail.
    await db().execute(`create or replace function forms_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'release failed'; end $$`);
    await db().execute(
      `create trigger forms_test_fail before update on programs for each statement execute function forms_test_fail()`,
    );
    try {
      const res = await me.submit(a.id, { q1: "x" });
      expect(res.status).toBe(500);
    } finally {
      await db().execute(`drop trigger forms_test_fail on programs`);
    }
    expect(await responsesOf(t, me.id)).toEqual([]);
    expect(await hookJobsOf(s.studioId)).toEqual([]);
    expect((await assignmentsOf(t, me.id))[0]!.status).toBe("PENDING");
    expect((await me.submit(a.id, { q1: "x" })).status).toBe(201);
    expect(await hookJobsOf(s.studioId)).toHaveLength(1);
  });

  it("an INTAKE submission releases the programs held for its response in the same transaction; other types release nothing", async () => {
    const { owner, studioId } = await studio();
    const me = await addTraineeWithDevice(t, studioId);
    const token = t.traineeToken(me.id, studioId);
    const template = await addTemplate(t, studioId);
    const placeholder = await addFormResponse(t, studioId, me.id);
    const held = await t.web("POST", `/v1/web/program-templates/${template.id}/assign`, owner, {
      clientId: me.id,
      holdForResponseId: placeholder.id,
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    // Hold mode names an existing response; to prove the release is wired to the new response,
    // a trigger re-points the held program at each response the moment it is inserted.
    await db().execute(`create or replace function forms_test_repoint() returns trigger language plpgsql as $$
      begin update programs set release_response_id = new.id where id = '${held.body.data.id}'; return new; end $$`);
    await db().execute(
      `create trigger forms_test_repoint after insert on form_responses for each row execute function forms_test_repoint()`,
    );
    try {
      const checkIn = await addForm(t, studioId, { type: "CHECK_IN" });
      const c = await send(studioId, me.id, checkIn.id);
      expect(
        (await traineeRequest(t, token, "POST", `/v1/trainee/forms/${c.id}/submit`, { answers: { q1: "x" } }))
          .status,
      ).toBe(201);
      expect((await programsOf(t, me.id))[0]).toMatchObject({ status: "PAUSED", releasePending: true });

      const intake = await addForm(t, studioId, { type: "INTAKE" });
      const i = await send(studioId, me.id, intake.id);
      const res = await traineeRequest(t, token, "POST", `/v1/trainee/forms/${i.id}/submit`, {
        answers: { q1: "x" },
      });
      expect(res.status).toBe(201);
      const [program] = await programsOf(t, me.id);
      expect(program).toMatchObject({
        status: "ACTIVE",
        releasePending: false,
        releaseResponseId: res.body.data.id,
      });
      expect((await pushesOf(t, me.id)).map((p) => p.type)).toContain("TRAINING_PLAN_ASSIGNED");
    } finally {
      await db().execute(`drop trigger forms_test_repoint on form_responses`);
    }
    void programs;
  });
});

describe("FORM_FILLED body", () => {
  it("reads the assignment's frozen fields (answerable, in order, null when unanswered), the response's documentUrl, the submission ordinal and externalId", async () => {
    const s = await studio();
    const me = await trainee(s.studioId, { externalId: "crm-42" });
    const form = await addForm(t, s.studioId, {
      name: "צ'ק-אין",
      type: "CHECK_IN",
      fields: [
        field("weight", "number"),
        field("notes", "text"),
        field("coach_only", "text", { filledBy: "coach" }),
      ],
    });
    const hook = await s.key.call("POST", "/hooks", { targetUrl: "https://hooks.example.com/all" });
    const first = await send(s.studioId, me.id, form.id);
    const second = await send(s.studioId, me.id, form.id);
    expect((await me.submit(first.id, { weight: 70 })).status).toBe(201);
    await db()
      .update(forms)
      .set({ fields: [field("renamed", "text")] })
      .where(eq(forms.id, form.id));
    const res = await me.submit(second.id, { weight: 71, notes: "ok" });
    expect(res.status).toBe(201);
    const delivery = await prepareFormFilledDelivery(db(), t.scopeFor(s.studioId), {
      hookId: hook.body.data.id,
      responseId: res.body.data.id,
    });
    expect(delivery.outcome).toBe("send");
    if (delivery.outcome !== "send") return;
    expect(delivery.body).toMatchObject({
      event: "form_filled",
      clientId: me.id,
      externalId: "crm-42",
      formId: form.id,
      formName: "צ'ק-אין",
      formType: "CHECK_IN",
      responseId: res.body.data.id,
      submissionNumber: 2,
      documentUrl: null,
      fields: [
        { key: "weight", label: "label weight", kind: "number", value: 71 },
        { key: "notes", label: "label notes", kind: "text", value: "ok" },
        { key: "coach_only", label: "label coach_only", kind: "text", value: null },
      ],
    });
  });
});
