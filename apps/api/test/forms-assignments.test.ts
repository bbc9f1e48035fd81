import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditEntries, clients, formAssignments, notificationOverrides } from "@studio/db";
import { announceDeferredForms, assignForm, type PlatformJobScope } from "@studio/domain";
import { builtInJobs } from "@studio/jobs";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { automationKey } from "./support/automation-fixtures";
import { addTrainee } from "./support/notification-fixtures";
import { addTraineeWithDevice } from "./support/program-fixtures";
import { studioIdOf } from "./support/team-fixtures";
import { addForm, addPdfForm, assignmentsOf, field, formPushesOf } from "./support/form-fixtures";

// Form assignments (docs/decisions/forms.md "Form assignments"): assignForm, the automation lane's
// forms routes (document 3 "Forms", "Dropdown sources", "Form reference") and the hourly
// pending-form notifier, over the real app, database and job queue (jobs enqueued, not worked).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", env: { APP_WEB_URL: "https://app.example.com/" } });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;
const HOUR = 3_600_000;

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const key = await automationKey(t, owner);
  return { owner, studioId, call: key.call, key };
}

type Caller = Awaited<ReturnType<typeof automationKey>>["call"];
const assign = (s: { call: Caller }, clientId: string, body: Record<string, unknown>) =>
  s.call("POST", `/trainees/${clientId}/forms/assign`, body);

const pushJobsOf = async (studioId: string) =>
  (await t.jobsNamed("deliver-push")).filter((j) => j.data.studioId === studioId);

/** A platform job scope at `now` (what the hourly job passes). */
const jobScope = (now: Date): PlatformJobScope => {
  const { studioId: _studioId, ...scope } = t.scopeFor("");
  return { ...scope, now };
};

describe("POST /v1/automation/trainees/{id}/forms/assign", () => {
  it("push true: 200 Form sent to the trainee, the assignment without token, prefill or frozen schema, signingUrl null, FORM_SENT queued now", async () => {
    const s = await studio();
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const form = await addForm(t, s.studioId, {
      name: "צ'ק-אין",
      type: "CHECK_IN",
      fields: [field("weight", "number")],
    });
    const res = await assign(s, trainee.id, { formId: form.id, push: true, note: "  שבוע טוב  " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Form sent to the trainee",
      data: {
        assignment: {
          id: expect.any(String),
          formId: form.id,
          formName: "צ'ק-אין",
          formType: "CHECK_IN",
          clientId: trainee.id,
          status: "PENDING",
          visibleFrom: expect.any(String),
          note: "שבוע טוב",
          pushMode: "NOW",
          announcedAt: expect.any(String),
          source: "automation",
          createdAt: expect.any(String),
          submittedAt: null,
        },
        signingUrl: null,
      },
    });
    const [row] = await assignmentsOf(t, trainee.id);
    expect(row).toMatchObject({
      pushMode: "NOW",
      source: "automation",
      tokenHash: null,
      prefill: {},
      frozenSchema: { fields: form.fields, documentUrl: null },
    });
    expect(row!.announcedAt).not.toBeNull();
    const pushes = await formPushesOf(t, trainee.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      status: "queued",
      data: expect.objectContaining({ formId: form.id, formType: "CHECK_IN", assignmentId: row!.id }),
    });
    // {{form}} is the form's name; the CHECK_IN message of FORM_SENT is picked by the form type.
    expect(pushes[0]!.body).toContain("צ'ק-אין");
    expect(pushes[0]!.title).toBe("הגיע הזמן לצ'ק-אין");
    expect((await pushJobsOf(s.studioId)).map((j) => j.data.notificationId)).toEqual([pushes[0]!.id]);
    // The spec lists no audit action for forms assign: none is recorded.
    expect(await db().select().from(auditEntries).where(eq(auditEntries.studioId, s.studioId))).toEqual([]);
  });

  it("push false never announces (NEVER); push blank or left out is DEFERRED: nothing pushed at once", async () => {
    const s = await studio();
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const form = await addForm(t, s.studioId);
    for (const [push, mode] of [
      [false, "NEVER"],
      ["false", "NEVER"],
      ["0", "NEVER"],
      ["", "DEFERRED"],
      [null, "DEFERRED"],
      [undefined, "DEFERRED"],
    ] as const) {
      const res = await assign(s, trainee.id, { formId: form.id, ...(push === undefined ? {} : { push }) });
      expect(res.status, JSON.stringify(push)).toBe(200);
      expect(res.body.data.assignment).toMatchObject({ pushMode: mode, announcedAt: null });
    }
    expect(await formPushesOf(t, trainee.id)).toEqual([]);
    expect(await pushJobsOf(s.studioId)).toEqual([]);
    const strings = await assign(s, trainee.id, { formId: form.id, push: "TRUE" });
    expect(strings.body.data.assignment.pushMode).toBe("NOW");
    expect(await formPushesOf(t, trainee.id)).toHaveLength(1);
  });

  it("PDF_SIGNATURE: signingUrl APP_WEB_URL/sign/<128-bit token>, only its SHA-256 stored, nothing pushed even with push true, coach values stored as prefill", async () => {
    const s = await studio();
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const form = await addPdfForm(t, s.studioId);
    const res = await assign(s, trainee.id, {
      formId: form.id,
      push: true,
      fieldValues: { client_name: "נועה כהן", price: 1200 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Form sent to the trainee");
    const url = res.body.data.signingUrl as string;
    const match = /^https:\/\/app\.example\.com\/sign\/([A-Za-z0-9_-]+)$/.exec(url);
    expect(match, url).not.toBeNull();
    const token = match![1]!;
    expect(Buffer.from(token, "base64url")).toHaveLength(16);
    expect(res.body.data.assignment).toMatchObject({ formType: "PDF_SIGNATURE", pushMode: "NEVER" });
    for (const hidden of ["token", "tokenHash", "prefill", "frozenSchema"])
      expect(res.body.data.assignment).not.toHaveProperty(hidden);
    const [row] = await assignmentsOf(t, trainee.id);
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.prefill).toEqual({ client_name: "נועה כהן", price: "1200" });
    expect(row!.frozenSchema).toEqual({ fields: form.fields, documentUrl: form.documentUrl });
    expect(await formPushesOf(t, trainee.id)).toEqual([]);
    // Two links never share a token.
    const again = await assign(s, trainee.id, { formId: form.id, fieldValues: { client_name: "x" } });
    expect(again.body.data.signingUrl).not.toBe(url);
  });

  it("fieldValues: an object, [key, value] pairs, {key, value} objects, or a JSON string of either; numbers and booleans become strings", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const form = await addPdfForm(t, s.studioId);
    const want = { client_name: "Dana", price: "99.5" };
    for (const fieldValues of [
      { client_name: "Dana", price: 99.5 },
      [
        ["client_name", "Dana"],
        ["price", 99.5],
      ],
      [
        { key: "client_name", value: "Dana" },
        { key: "price", value: "99.5" },
      ],
      JSON.stringify({ client_name: "Dana", price: 99.5 }),
      JSON.stringify([
        ["client_name", "Dana"],
        ["price", "99.5"],
      ]),
      JSON.stringify([
        { key: "client_name", value: "Dana" },
        { key: "price", value: 99.5 },
      ]),
    ]) {
      const res = await assign(s, trainee.id, { formId: form.id, fieldValues });
      expect(res.status, JSON.stringify(fieldValues)).toBe(200);
      const [row] = await db()
        .select()
        .from(formAssignments)
        .where(eq(formAssignments.id, res.body.data.assignment.id));
      expect(row!.prefill, JSON.stringify(fieldValues)).toEqual(want);
    }
    const bool = await assign(s, trainee.id, {
      formId: form.id,
      fieldValues: { client_name: true, price: "" },
    });
    const [boolRow] = await db()
      .select()
      .from(formAssignments)
      .where(eq(formAssignments.id, bool.body.data.assignment.id));
    expect(boolRow!.prefill).toEqual({ client_name: "true" });
  });

  it("invalid fieldValues answer 400 and store nothing: unknown key, a trainee-filled key, a required coach field left out, a bad JSON string, a wrong shape", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const form = await addPdfForm(t, s.studioId);
    for (const [fieldValues, message] of [
      [{ client_name: "a", nope: "x" }, "invalid fieldValues: unknown field nope"],
      [{ client_name: "a", city: "Haifa" }, "invalid fieldValues: field city is filled by the trainee"],
      [{ client_name: "a", sig: "x" }, "invalid fieldValues: field sig is filled by the trainee"],
      [{ price: "5" }, "invalid fieldValues: required field client_name needs a value"],
      [undefined, "invalid fieldValues: required field client_name needs a value"],
      [
        "{not json",
        /^fieldValues: must be an object, an array of key and value pairs, or a JSON string of either$/,
      ],
      ["42", /^fieldValues: must be an object/],
      [42, null],
      [[["client_name"]], null],
      [{ client_name: { nested: 1 } }, null],
      [{ client_name: "x".repeat(5001) }, null],
    ] as const) {
      const res = await assign(s, trainee.id, {
        formId: form.id,
        ...(fieldValues === undefined ? {} : { fieldValues }),
      });
      expect(res.status, JSON.stringify(fieldValues)).toBe(400);
      expect(res.body.success).toBe(false);
      if (typeof message === "string") expect(res.body.message).toBe(message);
      else if (message) expect(res.body.message).toMatch(message);
    }
    expect(await assignmentsOf(t, trainee.id)).toEqual([]);
  });

  it("fieldValues are ignored for other form types (even invalid keys)", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const form = await addForm(t, s.studioId);
    const res = await assign(s, trainee.id, { formId: form.id, fieldValues: { whatever: "x" } });
    expect(res.status).toBe(200);
    const [row] = await assignmentsOf(t, trainee.id);
    expect(row!.prefill).toEqual({});
  });

  it("an inactive form is refused (form template is not active); an unpublished active form can be sent by id", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const inactive = await addForm(t, s.studioId, { isActive: false });
    const res = await assign(s, trainee.id, { formId: inactive.id, push: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: "form template is not active" });
    const draft = await addForm(t, s.studioId, { isPublished: false });
    expect((await assign(s, trainee.id, { formId: draft.id })).status).toBe(200);
    expect(await assignmentsOf(t, trainee.id)).toHaveLength(1);
  });

  it("unknown, deleted or another studio's trainee answers 400 client not found; unknown or another studio's form 400 form not found; nothing is stored", async () => {
    const s = await studio();
    const other = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const deleted = await addTrainee(t, s.studioId, { deletedAt: new Date() });
    const theirTrainee = await addTrainee(t, other.studioId);
    const form = await addForm(t, s.studioId);
    const theirForm = await addForm(t, other.studioId);
    for (const id of ["no-such-trainee", deleted.id, theirTrainee.id]) {
      const res = await assign(s, id, { formId: form.id, push: true });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: "client not found" });
    }
    for (const formId of ["no-such-form", theirForm.id]) {
      const res = await assign(s, trainee.id, { formId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: "form not found" });
    }
    for (const id of [trainee.id, deleted.id, theirTrainee.id])
      expect(await assignmentsOf(t, id)).toEqual([]);
  });

  it("validates the body: formId required, note at most 500, visibleFrom a date or date-time", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const form = await addForm(t, s.studioId);
    for (const body of [
      {},
      { formId: "" },
      { formId: form.id, note: "x".repeat(501) },
      { formId: form.id, visibleFrom: "tomorrow" },
      { formId: form.id, visibleFrom: "2025-02-30" },
      { formId: form.id, push: "maybe" },
    ]) {
      const res = await assign(s, trainee.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await assign(s, trainee.id, { formId: form.id, note: "x".repeat(500) })).status).toBe(200);
  });

  it("visibleFrom: a date is midnight in the trainee's zone; a date-time is kept; blank is now", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId, { timezone: "America/New_York" });
    const form = await addForm(t, s.studioId);
    const date = await assign(s, trainee.id, { formId: form.id, visibleFrom: "2031-01-15" });
    expect(date.body.data.assignment.visibleFrom).toBe("2031-01-15T05:00:00.000Z");
    const instant = await assign(s, trainee.id, {
      formId: form.id,
      visibleFrom: "2031-01-15T10:30:00+02:00",
    });
    expect(instant.body.data.assignment.visibleFrom).toBe("2031-01-15T08:30:00.000Z");
    const before = Date.now();
    const blank = await assign(s, trainee.id, { formId: form.id, visibleFrom: "" });
    expect(Date.parse(blank.body.data.assignment.visibleFrom)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(blank.body.data.assignment.visibleFrom)).toBeLessThanOrEqual(Date.now());
  });
});

describe("assignForm (the operation other modules call)", () => {
  it("runs inside the caller's transaction: a rollback leaves no assignment and no push", async () => {
    const s = await studio();
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const form = await addForm(t, s.studioId);
    await expect(
      db().transaction(async (tx) => {
        await assignForm(tx, t.scopeFor(s.studioId), {
          clientId: trainee.id,
          formId: form.id,
          push: true,
          source: "onboarding",
        });
        throw new Error("caller failed");
      }),
    ).rejects.toThrow("caller failed");
    expect(await assignmentsOf(t, trainee.id)).toEqual([]);
    expect(await formPushesOf(t, trainee.id)).toEqual([]);
    expect(await pushJobsOf(s.studioId)).toEqual([]);
    const done = await assignForm(db(), t.scopeFor(s.studioId), {
      clientId: trainee.id,
      formId: form.id,
      push: true,
      source: "onboarding",
    });
    expect(done.assignment.source).toBe("onboarding");
    // A job scope has no APP_WEB_URL: signing links fall back to http://localhost:3000.
    const pdf = await addPdfForm(t, s.studioId);
    const link = await assignForm(db(), t.scopeFor(s.studioId), {
      clientId: trainee.id,
      formId: pdf.id,
      fieldValues: { client_name: "x" },
      source: "coach",
    });
    expect(link.signingUrl).toMatch(/^http:\/\/localhost:3000\/sign\/[A-Za-z0-9_-]{22}$/);
  });
});

describe("GET /v1/automation/forms and the dropdowns", () => {
  it("lists sendable forms (active and published) by name with search and offset pagination", async () => {
    const s = await studio();
    const other = await studio();
    await addForm(t, other.studioId, { name: "Alpha other" });
    const b = await addForm(t, s.studioId, { name: "Bravo intake", type: "INTAKE" });
    const a = await addForm(t, s.studioId, { name: "alpha check", type: "CHECK_IN" });
    const c = await addPdfForm(t, s.studioId, { name: "Charlie contract" });
    await addForm(t, s.studioId, { name: "Inactive", isActive: false });
    await addForm(t, s.studioId, { name: "Draft", isPublished: false });
    const res = await s.call("GET", "/forms");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Forms",
      data: {
        items: [
          { id: a.id, name: "alpha check", type: "CHECK_IN" },
          { id: b.id, name: "Bravo intake", type: "INTAKE" },
          { id: c.id, name: "Charlie contract", type: "PDF_SIGNATURE" },
        ].sort((x, y) => (x.name < y.name ? -1 : 1)),
        total: 3,
        limit: 50,
        offset: 0,
        hasMore: false,
      },
    });
    const search = await s.call("GET", "/forms?search=ALPHA");
    expect(search.body.data.items.map((f: { id: string }) => f.id)).toEqual([a.id]);
    const page = await s.call("GET", "/forms?limit=1&offset=1");
    expect(page.body.data).toMatchObject({ total: 3, limit: 1, offset: 1, hasMore: true });
    expect(page.body.data.items).toHaveLength(1);
    expect((await s.call("GET", "/forms?limit=201")).status).toBe(400);
  });

  it('rpc/forms: a plain array of sendable forms by name, value "name (TYPE)"', async () => {
    const s = await studio();
    const b = await addForm(t, s.studioId, { name: "B form", type: "INTAKE" });
    const a = await addForm(t, s.studioId, { name: "A form", type: "ONE_TIME" });
    await addForm(t, s.studioId, { name: "0 inactive", isActive: false });
    await addForm(t, s.studioId, { name: "0 draft", isPublished: false });
    const res = await s.call("GET", "/rpc/forms");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Forms",
      data: [
        { id: a.id, value: "A form (ONE_TIME)" },
        { id: b.id, value: "B form (INTAKE)" },
      ],
    });
  });

  it('rpc/form-fields: the coach-filled fields of a PDF_SIGNATURE form (value the key, label "label (key)"); else an empty array', async () => {
    const s = await studio();
    const other = await studio();
    const pdf = await addPdfForm(t, s.studioId);
    const regular = await addForm(t, s.studioId);
    const theirs = await addPdfForm(t, other.studioId);
    const res = await s.call("GET", `/rpc/form-fields?formId=${pdf.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Form fields",
      data: [
        { id: "client_name", value: "client_name", label: "label client_name (client_name)" },
        { id: "price", value: "price", label: "label price (price)" },
      ],
    });
    for (const query of ["", "?formId=", `?formId=${regular.id}`, "?formId=nope", `?formId=${theirs.id}`]) {
      const empty = await s.call("GET", `/rpc/form-fields${query}`);
      expect(empty.status, query).toBe(200);
      expect(empty.body.data, query).toEqual([]);
    }
  });
});

describe("GET /v1/automation/trainees/{id}/form-responses", () => {
  it("answers data items only (no total, no answers), newest first, limit and offset; search accepted and ignored", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const form = await addForm(t, s.studioId, { name: "טופס" });
    const { formResponses } = await import("@studio/db");
    const older = new Date(Date.now() - 2 * HOUR);
    const [r1] = await db()
      .insert(formResponses)
      .values({
        studioId: s.studioId,
        formId: form.id,
        clientId: trainee.id,
        answers: { q1: "secret" },
        submittedAt: older,
      })
      .returning();
    const [r2] = await db()
      .insert(formResponses)
      .values({
        studioId: s.studioId,
        formId: form.id,
        clientId: trainee.id,
        answers: { q1: "x" },
        documentUrl: "https://cdn.example.com/signed.pdf",
      })
      .returning();
    const res = await s.call("GET", `/trainees/${trainee.id}/form-responses?search=whatever`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Form responses");
    expect(res.body.data).toEqual({
      items: [
        {
          id: r2!.id,
          formId: form.id,
          formName: "טופס",
          formType: "ONE_TIME",
          assignmentId: null,
          documentUrl: "https://cdn.example.com/signed.pdf",
          submittedAt: r2!.submittedAt.toISOString(),
        },
        expect.objectContaining({ id: r1!.id, documentUrl: null }),
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain("secret");
    const page = await s.call("GET", `/trainees/${trainee.id}/form-responses?limit=1&offset=1`);
    expect(page.body.data.items.map((r: { id: string }) => r.id)).toEqual([r1!.id]);
    expect(page.body.data).not.toHaveProperty("total");
  });

  it("an unknown or another studio's trainee answers 400 client not found", async () => {
    const s = await studio();
    const other = await studio();
    const theirs = await addTrainee(t, other.studioId);
    for (const id of ["nope", theirs.id]) {
      const res = await s.call("GET", `/trainees/${id}/form-responses`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: "client not found" });
    }
  });

  it("the forms routes need the studio API key (401 without it)", async () => {
    for (const [method, path] of [
      ["GET", "/v1/automation/forms"],
      ["POST", "/v1/automation/trainees/x/forms/assign"],
      ["GET", "/v1/automation/trainees/x/form-responses"],
      ["GET", "/v1/automation/rpc/forms"],
      ["GET", "/v1/automation/rpc/form-fields"],
    ]) {
      const res = await t.request(method!, path!);
      expect(res.status, path).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });
});

describe("the pending-form notifier (hourly)", () => {
  it("is a scheduled job running every hour", () => {
    const job = builtInJobs.find((j) => j.name === "pending-form-notifier");
    expect(job?.schedule).toEqual({ cron: "0 * * * *", payload: {} });
  });

  it("announces DEFERRED pending forms once visible (FORM_SENT under the studio's settings), stamps announcedAt, and a second run announces nothing", async () => {
    const s = await studio();
    const trainee = await addTraineeWithDevice(t, s.studioId);
    const quiet = await addTrainee(t, s.studioId); // no device: recorded as skipped
    const form = await addForm(t, s.studioId, { name: "היכרות", type: "INTAKE" });
    const now = Date.now();
    const past = new Date(now - HOUR).toISOString();
    const future = new Date(now + 5 * HOUR).toISOString();
    const due = await assign(s, trainee.id, { formId: form.id, visibleFrom: past });
    const dueQuiet = await assign(s, quiet.id, { formId: form.id });
    const later = await assign(s, trainee.id, { formId: form.id, visibleFrom: future });
    await assign(s, trainee.id, { formId: form.id, visibleFrom: past, push: false }); // NEVER
    await assign(s, trainee.id, { formId: form.id, visibleFrom: past, push: true }); // NOW (already announced)
    const pushesBefore = (await formPushesOf(t, trainee.id)).length;
    expect(pushesBefore).toBe(1);

    const first = await announceDeferredForms(db(), jobScope(new Date(now + 1000)));
    expect(first.announced).toBeGreaterThanOrEqual(2);
    const pushes = await formPushesOf(t, trainee.id);
    expect(pushes).toHaveLength(2);
    const announced = pushes.find(
      (p) => (p.data as { assignmentId?: string }).assignmentId === due.body.data.assignment.id,
    );
    expect(announced).toMatchObject({
      status: "queued",
      data: expect.objectContaining({ formType: "INTAKE", formId: form.id }),
    });
    expect(announced!.body).toContain("היכרות");
    expect(await formPushesOf(t, quiet.id)).toEqual([
      expect.objectContaining({ status: "skipped", skipReason: "NO_PUSH_TOKEN" }),
    ]);
    const rows = await db().select().from(formAssignments).where(eq(formAssignments.studioId, s.studioId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(due.body.data.assignment.id)!.announcedAt).not.toBeNull();
    expect(byId.get(dueQuiet.body.data.assignment.id)!.announcedAt).not.toBeNull();
    expect(byId.get(later.body.data.assignment.id)!.announcedAt).toBeNull();

    // Idempotent: nothing more for this studio until the later one becomes visible.
    await announceDeferredForms(db(), jobScope(new Date(now + 2000)));
    expect(await formPushesOf(t, trainee.id)).toHaveLength(2);
    await announceDeferredForms(db(), jobScope(new Date(now + 6 * HOUR)));
    expect(await formPushesOf(t, trainee.id)).toHaveLength(3);
    await announceDeferredForms(db(), jobScope(new Date(now + 7 * HOUR)));
    expect(await formPushesOf(t, trainee.id)).toHaveLength(3);
  });

  it("announces only when the trainee can open the form: not while the app is locked (frozen plan, ended coverage); the first run after it opens again announces it (document 3)", async () => {
    const s = await studio();
    const frozen = await addTraineeWithDevice(t, s.studioId);
    const ended = await addTraineeWithDevice(t, s.studioId);
    const open = await addTraineeWithDevice(t, s.studioId);
    const form = await addForm(t, s.studioId, { name: "היכרות", type: "INTAKE" });
    const now = Date.now();
    const past = new Date(now - HOUR).toISOString();
    await db()
      .update(clients)
      .set({ freezeStartedAt: new Date(now - 2 * HOUR) })
      .where(eq(clients.id, frozen.id));
    await db()
      .update(clients)
      .set({ accessEndsAt: new Date(now - 2 * HOUR) })
      .where(eq(clients.id, ended.id));
    for (const trainee of [frozen, ended, open])
      expect((await assign(s, trainee.id, { formId: form.id, visibleFrom: past })).status).toBe(200);

    const first = await announceDeferredForms(db(), jobScope(new Date(now + 1000)), { batchSize: 1 });
    expect(first.deferredLocked).toBeGreaterThanOrEqual(2);
    expect(await formPushesOf(t, frozen.id)).toEqual([]);
    expect(await formPushesOf(t, ended.id)).toEqual([]);
    expect(await formPushesOf(t, open.id)).toHaveLength(1);

    // Unfrozen and renewed: the next run announces both, once.
    await db().update(clients).set({ freezeStartedAt: null }).where(eq(clients.id, frozen.id));
    await db()
      .update(clients)
      .set({ accessEndsAt: new Date(now + 30 * 24 * HOUR) })
      .where(eq(clients.id, ended.id));
    await announceDeferredForms(db(), jobScope(new Date(now + HOUR)));
    await announceDeferredForms(db(), jobScope(new Date(now + 2 * HOUR)));
    for (const trainee of [frozen, ended, open]) expect(await formPushesOf(t, trainee.id)).toHaveLength(1);
  });

  it("follows the studio's settings (a disabled FORM_SENT is recorded skipped), skips submitted forms and deleted trainees, and works in batches across studios", async () => {
    const s = await studio();
    const other = await studio();
    await db().insert(notificationOverrides).values({
      studioId: other.studioId,
      type: "FORM_SENT",
      enabled: false,
      titleTemplate: "x",
      bodyTemplate: "",
      sound: true,
      sendTime: "09:00",
    });
    const a = await addTraineeWithDevice(t, s.studioId);
    const gone = await addTraineeWithDevice(t, s.studioId);
    const b = await addTraineeWithDevice(t, other.studioId);
    const formA = await addForm(t, s.studioId);
    const formB = await addForm(t, other.studioId);
    const past = new Date(Date.now() - HOUR).toISOString();
    for (let i = 0; i < 3; i++) await assign(s, a.id, { formId: formA.id, visibleFrom: past });
    await assign(s, gone.id, { formId: formA.id, visibleFrom: past });
    const submitted = await assign(s, a.id, { formId: formA.id, visibleFrom: past });
    await db()
      .update(formAssignments)
      .set({ status: "SUBMITTED" })
      .where(eq(formAssignments.id, submitted.body.data.assignment.id));
    await db().update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, gone.id));
    for (let i = 0; i < 2; i++)
      await other.call("POST", `/trainees/${b.id}/forms/assign`, { formId: formB.id, visibleFrom: past });

    const run = await announceDeferredForms(db(), jobScope(new Date()), { batchSize: 2 });
    expect(run.batches).toBeGreaterThanOrEqual(3);
    expect((await formPushesOf(t, a.id)).map((p) => p.status)).toEqual(["queued", "queued", "queued"]);
    expect(await formPushesOf(t, gone.id)).toEqual([]);
    expect((await formPushesOf(t, b.id)).map((p) => [p.status, p.skipReason])).toEqual([
      ["skipped", "DISABLED"],
      ["skipped", "DISABLED"],
    ]);
    const [submittedRow] = await db()
      .select()
      .from(formAssignments)
      .where(eq(formAssignments.id, submitted.body.data.assignment.id));
    expect(submittedRow!.announcedAt).toBeNull();
    expect((await announceDeferredForms(db(), jobScope(new Date()))).announced).toBe(0);
  });
});
