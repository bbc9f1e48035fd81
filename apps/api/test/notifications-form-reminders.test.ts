import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  clientCoaches,
  coaches,
  formAssignments,
  formReminderDispatches,
  formResponses,
  forms,
  notifications,
  pushTokens,
  clients,
  studios,
} from "@studio/db";
import { dispatchDueFormReminders, planNotificationDelivery, type PlatformJobScope } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { studioWithTrainee } from "./support/notification-fixtures";

// The FORM_REMINDERS scheduler over the real database and job queue (docs/decisions/notifications.md
// "Form reminders"). Forms, sent forms (form_assignments) and submissions
// (form_responses) are inserted directly: their routes are the forms module's.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;
/** The scheduler's scope (no studio) at `iso`. */
const at = (iso: string): PlatformJobScope => {
  const { studioId: _studioId, ...scope } = t.scopeFor("");
  return { ...scope, now: new Date(iso) };
};
const runAt = (iso: string) => dispatchDueFormReminders(db(), at(iso));
const recordsOf = async (clientId: string) =>
  (await db().select().from(notifications).where(eq(notifications.clientId, clientId))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.title.localeCompare(b.title),
  );
const dispatches = (clientId: string) =>
  db().select().from(formReminderDispatches).where(eq(formReminderDispatches.clientId, clientId));
const deliveryJobs = async (notificationId: string) =>
  (await t.jobsNamed("deliver-push")).filter((j) => j.data.notificationId === notificationId);

async function studio(reminders?: unknown[]) {
  const owner = newOwner();
  if (reminders) {
    const res = await t.web("PUT", "/v1/web/studio/notification-settings/FORM_REMINDERS", owner, {
      enabled: true,
      sound: true,
      messages: reminders,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const res = await t.web("GET", "/v1/web/studio", owner);
  return { owner, studioId: res.body.data.id as string, studioName: res.body.data.name as string };
}

async function addForm(studioId: string, fields: Partial<typeof forms.$inferInsert> = {}) {
  const [row] = await db()
    .insert(forms)
    .values({ studioId, name: "צ'ק-אין שבועי", type: "CHECK_IN", ...fields })
    .returning();
  return row!;
}

async function trainee(owner: WebUserContext, fields: Partial<typeof clients.$inferInsert> = {}) {
  const { studioId, clientId } = await studioWithTrainee(t, owner, fields);
  await db()
    .insert(pushTokens)
    .values({ studioId, clientId, token: `ExponentPushToken[${clientId}]`, platform: "ios" });
  return clientId;
}

async function addCoachRow(studioId: string, fields: Partial<typeof coaches.$inferInsert> = {}) {
  const [coach] = await db()
    .insert(coaches)
    .values({
      studioId,
      name: "דנה לוי",
      firstName: "דנה",
      lastName: "לוי",
      email: `coach-${Math.random().toString(36).slice(2)}@example.com`,
      ...fields,
    })
    .returning();
  return coach!;
}

const respond = (studioId: string, clientId: string, formId: string, submittedAt: string) =>
  db()
    .insert(formResponses)
    .values({ studioId, clientId, formId, answers: {}, submittedAt: new Date(submittedAt) });

const sendForm = async (
  studioId: string,
  clientId: string,
  formId: string,
  fields: Partial<typeof formAssignments.$inferInsert> & { visibleFrom: Date },
) => {
  const [row] = await db()
    .insert(formAssignments)
    .values({
      studioId,
      clientId,
      formId,
      frozenSchema: { fields: [] },
      createdAt: fields.visibleFrom,
      ...fields,
    })
    .returning();
  return row!;
};

// Wednesday 2026-03-04 is the check-in form day of a weekly schedule starting on 2026-02-25.
const weekly = { updateCadence: "WEEKLY", checkInStartDate: "2026-02-25", timezone: "UTC" };

describe("FORM_REMINDERS: the recurring check-in form", () => {
  it("the default reminder fires the evening before the form day in the trainee's zone, once even when the job runs twice", async () => {
    const { owner, studioId } = await studio();
    const form = await addForm(studioId);
    const clientId = await trainee(owner, { ...weekly, updateFormId: form.id, timezone: "Europe/London" });
    // Tuesday 2026-03-03 19:00 in London is 19:00Z.
    await runAt("2026-03-03T18:58:00Z");
    expect(await recordsOf(clientId)).toEqual([]);
    const first = await runAt("2026-03-03T19:02:00Z");
    const second = await runAt("2026-03-03T19:07:00Z");
    expect(first.dispatched).toBeGreaterThanOrEqual(1);
    expect(second.alreadyDispatched).toBeGreaterThanOrEqual(1);
    const records = await recordsOf(clientId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      studioId,
      type: "FORM_REMINDERS",
      status: "queued",
      title: "תזכורת: מחר צ'ק-אין",
    });
    expect(records[0]!.data).toMatchObject({
      opens: "home",
      formId: form.id,
      formType: "CHECK_IN",
      formDay: "2026-03-04",
    });
    expect(await deliveryJobs(records[0]!.id)).toHaveLength(1);
    expect(await dispatches(clientId)).toEqual([
      expect.objectContaining({
        formId: form.id,
        formDay: "2026-03-04",
        reminderId: "day-before",
        notificationId: records[0]!.id,
      }),
    ]);
  });

  it("concurrent runs (replicas) still record each reminder once", async () => {
    const { owner, studioId } = await studio();
    const form = await addForm(studioId);
    const clientId = await trainee(owner, { ...weekly, updateFormId: form.id, timezone: "Europe/London" });
    await Promise.all([1, 2, 3].map(() => runAt("2026-03-03T19:03:00Z")));
    expect(await recordsOf(clientId)).toHaveLength(1);
  });

  it("without a trainee zone the studio's zone is used", async () => {
    const { owner, studioId } = await studio();
    const form = await addForm(studioId);
    const clientId = await trainee(owner, { ...weekly, updateFormId: form.id, timezone: null });
    // The studio default zone is Asia/Jerusalem (UTC+2 in March): 19:00 local is 17:00Z.
    await runAt("2026-03-03T17:01:00Z");
    expect(await recordsOf(clientId)).toHaveLength(1);
  });

  it("without a valid trainee or studio zone: Asia/Jerusalem, the last of document 3's order (not UTC)", async () => {
    const { owner, studioId } = await studio();
    const form = await addForm(studioId);
    const clientId = await trainee(owner, { ...weekly, updateFormId: form.id, timezone: "Not/AZone" });
    await db().update(studios).set({ timezone: "Mars/Olympus" }).where(eq(studios.id, studioId));
    // 19:00 in Jerusalem (UTC+2 in March) is 17:00Z; UTC's 19:00 would be two hours later.
    await runAt("2026-03-03T17:01:00Z");
    expect(await recordsOf(clientId)).toHaveLength(1);
  });

  it("{{form}} is the form's name and {{coach}} the primary coach's first name, in the record and the push", async () => {
    const { owner, studioId } = await studio([
      {
        id: "today",
        title: "{{form}} מחכה, {{name}}",
        subtitle: "{{coach}} · {{date}}",
        offsetDays: 0,
        time: "08:00",
      },
    ]);
    const form = await addForm(studioId, { name: "עדכון שבועי" });
    const clientId = await trainee(owner, { ...weekly, updateFormId: form.id });
    const other = await addCoachRow(studioId, { firstName: "רון", name: "רון כץ" });
    const primary = await addCoachRow(studioId, { firstName: "מיכל", name: "מיכל אבן" });
    await db()
      .insert(clientCoaches)
      .values([
        { studioId, clientId, coachId: other.id, isPrimary: false, position: 0 },
        { studioId, clientId, coachId: primary.id, isPrimary: true, position: 1 },
      ]);
    await runAt("2026-03-04T08:01:00Z");
    const [record] = await recordsOf(clientId);
    expect(record).toMatchObject({
      status: "queued",
      title: "עדכון שבועי מחכה, נועה",
      body: "מיכל · 04/03/2026",
    });
    const plan = await planNotificationDelivery(db(), t.scopeFor(studioId), { notificationId: record!.id });
    expect(plan).toMatchObject({
      outcome: "send",
      messages: [
        {
          title: "עדכון שבועי מחכה, נועה",
          body: "מיכל · 04/03/2026",
          data: { formId: form.id, formType: "CHECK_IN", formDay: "2026-03-04", opens: "form" },
        },
      ],
    });
  });

  it("{{coach}} falls back to the studio's name without a primary coach (or when it is inactive or another studio's)", async () => {
    const { owner, studioId, studioName } = await studio([
      { id: "today", title: "{{coach}}", offsetDays: 0, time: "08:00" },
    ]);
    const form = await addForm(studioId);
    const none = await trainee(owner, { ...weekly, updateFormId: form.id });
    const listedOnly = await trainee(owner, { ...weekly, updateFormId: form.id });
    const inactive = await trainee(owner, { ...weekly, updateFormId: form.id });
    const coach = await addCoachRow(studioId);
    const gone = await addCoachRow(studioId, { active: false });
    const foreign = await studio();
    const foreignCoach = await addCoachRow(foreign.studioId);
    await db()
      .insert(clientCoaches)
      .values([
        { studioId, clientId: listedOnly, coachId: coach.id, isPrimary: false },
        { studioId, clientId: inactive, coachId: gone.id, isPrimary: true },
        { studioId: foreign.studioId, clientId: none, coachId: foreignCoach.id, isPrimary: true },
      ]);
    await runAt("2026-03-04T08:01:00Z");
    for (const clientId of [none, listedOnly, inactive])
      expect(await recordsOf(clientId)).toEqual([expect.objectContaining({ title: studioName })]);
  });

  it("nothing is sent when the studio switched FORM_REMINDERS off, before the first form day, for a deleted trainee, or when the form is missing, inactive or another studio's", async () => {
    const off = await studio();
    await t.web("PATCH", "/v1/web/notification-configs/FORM_REMINDERS", off.owner, { enabled: false });
    const a = await trainee(off.owner, { ...weekly, updateFormId: (await addForm(off.studioId)).id });
    const s = await studio();
    const form = await addForm(s.studioId);
    const b = await trainee(s.owner, { ...weekly, updateFormId: form.id, checkInStartDate: "2026-03-11" });
    const c = await trainee(s.owner, { ...weekly, updateFormId: form.id, deletedAt: new Date() });
    const d = await trainee(s.owner, { ...weekly, updateFormId: "no-such-form" });
    const e = await trainee(s.owner, {
      ...weekly,
      updateFormId: (await addForm(s.studioId, { isActive: false })).id,
    });
    const f = await trainee(s.owner, { ...weekly, updateFormId: (await addForm(off.studioId)).id });
    const control = await trainee(s.owner, { ...weekly, updateFormId: form.id });
    await runAt("2026-03-03T19:01:00Z");
    for (const clientId of [a, b, c, d, e, f]) expect(await recordsOf(clientId)).toEqual([]);
    expect(await recordsOf(control)).toHaveLength(1);
  });

  it("idempotent per (trainee, form, form day, reminder): two reminders of one day, the next form day, and a dispatch row written before rows carried the form", async () => {
    const { owner, studioId } = await studio([
      { id: "morning", title: "בוקר", offsetDays: 0, time: "08:00", onlyIfNotFilled: false },
      { id: "later", title: "אחר כך", offsetDays: 0, time: "09:00", onlyIfNotFilled: false },
    ]);
    const form = await addForm(studioId);
    const clientId = await trainee(owner, { ...weekly, updateFormId: form.id });
    const legacy = await trainee(owner, { ...weekly, updateFormId: form.id });
    await db()
      .insert(formReminderDispatches)
      .values({ studioId, clientId: legacy, formDay: "2026-03-04", reminderId: "morning" }); // formId ''
    await runAt("2026-03-04T09:01:00Z");
    await runAt("2026-03-04T09:06:00Z");
    await runAt("2026-03-11T08:01:00Z");
    expect(
      (await recordsOf(clientId)).map((r) => [r.title, (r.data as { formDay: string }).formDay]),
    ).toEqual([
      ["אחר כך", "2026-03-04"],
      ["בוקר", "2026-03-04"],
      ["בוקר", "2026-03-11"],
    ]);
    expect((await recordsOf(legacy)).map((r) => r.title)).toEqual(["אחר כך", "בוקר"]);
    expect((await dispatches(legacy)).map((d) => [d.formId, d.formDay, d.reminderId]).sort()).toEqual([
      ["", "2026-03-04", "morning"],
      [form.id, "2026-03-04", "later"],
      [form.id, "2026-03-11", "morning"],
    ]);
  });
});

describe("FORM_REMINDERS onlyIfNotFilled: real submissions", () => {
  const reminders = [
    { id: "check", title: "עוד לא מילאת", offsetDays: 1, time: "10:00" },
    { id: "always", title: "תזכורת קבועה", offsetDays: 1, time: "10:00", onlyIfNotFilled: false },
  ];
  const reminderAt = "2026-03-05T10:01:00Z"; // the day after the form day 2026-03-04 (UTC)

  async function setup() {
    const s = await studio(reminders);
    const form = await addForm(s.studioId);
    const clientId = await trainee(s.owner, { ...weekly, updateFormId: form.id });
    return { ...s, form, clientId };
  }
  const outcome = async (clientId: string) =>
    Object.fromEntries((await recordsOf(clientId)).map((r) => [r.title, r.skipReason ?? r.status]));

  it("a response of the form since the form day's eve (00:00 the day before, trainee's zone) fills it: skipped FORM_FILLED, and the onlyIfNotFilled-false reminder still goes out", async () => {
    const onDay = await setup();
    await respond(onDay.studioId, onDay.clientId, onDay.form.id, "2026-03-04T12:00:00Z");
    const onEve = await setup();
    await respond(onEve.studioId, onEve.clientId, onEve.form.id, "2026-03-03T00:00:00Z");
    await runAt(reminderAt);
    for (const { clientId } of [onDay, onEve])
      expect(await outcome(clientId)).toEqual({ "עוד לא מילאת": "FORM_FILLED", "תזכורת קבועה": "queued" });
    const [skipped] = (await recordsOf(onDay.clientId)).filter((r) => r.skipReason);
    expect(await deliveryJobs(skipped!.id)).toEqual([]);
  });

  it("not filled: nothing submitted, a response before the eve (last period), another form's response, one after now", async () => {
    const nothing = await setup();
    const lastPeriod = await setup();
    await respond(lastPeriod.studioId, lastPeriod.clientId, lastPeriod.form.id, "2026-03-02T23:59:00Z");
    const otherForm = await setup();
    const other = await addForm(otherForm.studioId, { name: "אחר" });
    await respond(otherForm.studioId, otherForm.clientId, other.id, "2026-03-04T12:00:00Z");
    const future = await setup();
    await respond(future.studioId, future.clientId, future.form.id, "2026-03-05T11:00:00Z");
    await runAt(reminderAt);
    for (const { clientId } of [nothing, lastPeriod, otherForm, future])
      expect(await outcome(clientId)).toEqual({ "עוד לא מילאת": "queued", "תזכורת קבועה": "queued" });
  });

  it("the eve is the trainee's local day: in Jerusalem (UTC+2) it starts at 22:00Z two days before", async () => {
    const inZone = await setup();
    const { clientId } = inZone;
    await db().update(clients).set({ timezone: "Asia/Jerusalem" }).where(eq(clients.id, clientId));
    await respond(inZone.studioId, clientId, inZone.form.id, "2026-03-02T22:00:00Z"); // 00:00 on 03/03 local
    await runAt("2026-03-05T08:01:00Z"); // 10:00 local
    expect(await outcome(clientId)).toEqual({ "עוד לא מילאת": "FORM_FILLED", "תזכורת קבועה": "queued" });
  });

  it("a sent copy of the form marked SUBMITTED fills it too", async () => {
    const s = await setup();
    await sendForm(s.studioId, s.clientId, s.form.id, {
      visibleFrom: new Date("2026-02-20T08:00:00Z"),
      status: "SUBMITTED",
      submittedAt: new Date("2026-03-04T09:00:00Z"),
    });
    await runAt(reminderAt);
    expect(await outcome(s.clientId)).toEqual({ "עוד לא מילאת": "FORM_FILLED", "תזכורת קבועה": "queued" });
  });

  it("tenancy: another studio's submission (response or SUBMITTED copy) for the trainee and form does not count", async () => {
    const s = await setup();
    const foreign = await studio();
    await respond(foreign.studioId, s.clientId, s.form.id, "2026-03-04T12:00:00Z");
    await sendForm(foreign.studioId, s.clientId, s.form.id, {
      visibleFrom: new Date("2026-02-20T08:00:00Z"),
      status: "SUBMITTED",
      submittedAt: new Date("2026-03-04T09:00:00Z"),
    });
    await runAt(reminderAt);
    expect(await outcome(s.clientId)).toEqual({ "עוד לא מילאת": "queued", "תזכורת קבועה": "queued" });
  });
});

describe("FORM_REMINDERS: sent forms (form assignments)", () => {
  // Sent on Monday 2026-03-09 at 12:00 UTC (visible at once); the trainee zone is UTC.
  const visibleFrom = new Date("2026-03-09T12:00:00Z");

  it("a sent form gets the reminders of its type and ALL ones from the day it became visible, with {{form}} and the assignment in the data", async () => {
    const { owner, studioId } = await studio([
      { id: "intake", title: "השאלון {{form}}", formType: "INTAKE", offsetDays: 1, time: "10:00" },
      { id: "all", title: "כל טופס: {{form}}", formType: "ALL", offsetDays: 1, time: "10:00" },
      { id: "check", title: "צ'ק-אין", formType: "CHECK_IN", offsetDays: 1, time: "10:00" },
    ]);
    const intake = await addForm(studioId, { name: "שאלון פתיחה", type: "INTAKE" });
    const clientId = await trainee(owner, { timezone: "UTC" });
    const sent = await sendForm(studioId, clientId, intake.id, { visibleFrom });
    await runAt("2026-03-10T09:59:00Z");
    expect(await recordsOf(clientId)).toEqual([]);
    await runAt("2026-03-10T10:01:00Z");
    const records = await recordsOf(clientId);
    expect(records.map((r) => [r.title, r.status])).toEqual([
      ["השאלון שאלון פתיחה", "queued"],
      ["כל טופס: שאלון פתיחה", "queued"],
    ]);
    expect(records[0]!.data).toMatchObject({
      formId: intake.id,
      formType: "INTAKE",
      formDay: "2026-03-09",
      assignmentId: sent.id,
      opens: "form",
    });
  });

  it("more than one form: the recurring check-in and two sent forms due at once each get their own reminder", async () => {
    const { owner, studioId } = await studio([
      { id: "next-day", title: "{{form}}", formType: "ALL", offsetDays: 1, time: "10:00" },
    ]);
    const checkIn = await addForm(studioId, { name: "צ'ק-אין" });
    const oneTime = await addForm(studioId, { name: "סקר", type: "ONE_TIME" });
    const bodyCheck = await addForm(studioId, { name: "מדידות", type: "CHECK_IN" });
    // Recurring form day Monday 2026-03-09 (weekly from 2026-03-02).
    const clientId = await trainee(owner, {
      updateFormId: checkIn.id,
      updateCadence: "WEEKLY",
      checkInStartDate: "2026-03-02",
      timezone: "UTC",
    });
    await sendForm(studioId, clientId, oneTime.id, { visibleFrom });
    await sendForm(studioId, clientId, bodyCheck.id, { visibleFrom });
    await runAt("2026-03-10T10:01:00Z");
    await runAt("2026-03-10T10:06:00Z");
    expect((await recordsOf(clientId)).map((r) => r.title).sort()).toEqual(
      ["מדידות", "סקר", "צ'ק-אין"].sort(),
    );
    expect((await dispatches(clientId)).map((d) => d.formId).sort()).toEqual(
      [checkIn.id, oneTime.id, bodyCheck.id].sort(),
    );
  });

  it("a sent copy of the recurring form visible on its form day is one reminder (about the copy), not two", async () => {
    const { owner, studioId } = await studio([
      { id: "next-day", title: "{{form}}", offsetDays: 1, time: "10:00" },
    ]);
    const form = await addForm(studioId);
    const clientId = await trainee(owner, {
      updateFormId: form.id,
      updateCadence: "WEEKLY",
      checkInStartDate: "2026-03-02",
      timezone: "UTC",
    });
    const copy = await sendForm(studioId, clientId, form.id, { visibleFrom, source: "schedule" });
    await runAt("2026-03-10T10:01:00Z");
    const records = await recordsOf(clientId);
    expect(records).toHaveLength(1);
    expect(records[0]!.data).toMatchObject({ formId: form.id, formDay: "2026-03-09", assignmentId: copy.id });
  });

  it("no reminder before the form reached the trainee: a reminder time already past when it was sent, before a later visibility, or before a DEFERRED form was announced (none until it is)", async () => {
    const { owner, studioId } = await studio([
      { id: "same-day", title: "היום", formType: "ALL", offsetDays: 0, time: "11:00" },
      { id: "evening", title: "ערב", formType: "ALL", offsetDays: 0, time: "13:00" },
    ]);
    const form = await addForm(studioId, { type: "ONE_TIME" });
    const sentLate = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, sentLate, form.id, { visibleFrom }); // 12:00, after the 11:00 reminder
    // DEFERRED: created on the 8th, visible on the 9th at 10:00, announced by the hourly notifier at 10:30.
    const deferred = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, deferred, form.id, {
      visibleFrom: new Date("2026-03-09T10:00:00Z"),
      createdAt: new Date("2026-03-08T09:00:00Z"),
      pushMode: "DEFERRED",
      announcedAt: new Date("2026-03-09T11:30:00Z"),
    });
    const unannounced = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, unannounced, form.id, {
      visibleFrom: new Date("2026-03-09T10:00:00Z"),
      createdAt: new Date("2026-03-08T09:00:00Z"),
      pushMode: "DEFERRED",
    });
    const later = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, later, form.id, {
      visibleFrom: new Date("2026-03-09T12:30:00Z"),
      createdAt: new Date("2026-03-08T09:00:00Z"),
      pushMode: "DEFERRED",
      announcedAt: new Date("2026-03-09T12:40:00Z"),
    });
    await runAt("2026-03-09T12:20:00Z");
    await runAt("2026-03-09T13:01:00Z");
    expect((await recordsOf(sentLate)).map((r) => r.title)).toEqual(["ערב"]);
    expect((await recordsOf(deferred)).map((r) => r.title)).toEqual(["ערב"]);
    expect(await recordsOf(unannounced)).toEqual([]);
    expect((await recordsOf(later)).map((r) => r.title)).toEqual(["ערב"]);
  });

  it("a SUBMITTED sent form: onlyIfNotFilled reminders are skipped FORM_FILLED, the others go out; CANCELED and push-NEVER forms get none", async () => {
    const { owner, studioId } = await studio([
      { id: "if-open", title: "לא מולא", formType: "ALL", offsetDays: 1, time: "10:00" },
      { id: "always", title: "תמיד", formType: "ALL", offsetDays: 1, time: "10:00", onlyIfNotFilled: false },
    ]);
    const form = await addForm(studioId, { type: "ONE_TIME" });
    const submitted = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, submitted, form.id, {
      visibleFrom,
      status: "SUBMITTED",
      submittedAt: new Date("2026-03-09T12:30:00Z"),
    });
    const answered = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, answered, form.id, { visibleFrom });
    await respond(studioId, answered, form.id, "2026-03-09T18:00:00Z");
    const canceled = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, canceled, form.id, { visibleFrom, status: "CANCELED" });
    const silent = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, silent, form.id, { visibleFrom, pushMode: "NEVER" });
    await runAt("2026-03-10T10:01:00Z");
    for (const clientId of [submitted, answered])
      expect(
        Object.fromEntries((await recordsOf(clientId)).map((r) => [r.title, r.skipReason ?? r.status])),
      ).toEqual({
        "לא מולא": "FORM_FILLED",
        תמיד: "queued",
      });
    for (const clientId of [canceled, silent]) expect(await recordsOf(clientId)).toEqual([]);
  });

  it("nothing for an inactive form, a form visible more than the reminders' reach ago, or a row whose studio is not the trainee's", async () => {
    const { owner, studioId } = await studio([
      { id: "next-day", title: "{{form}}", formType: "ALL", offsetDays: 1, time: "10:00" },
    ]);
    const inactive = await addForm(studioId, { type: "ONE_TIME", isActive: false });
    const form = await addForm(studioId, { type: "ONE_TIME" });
    const a = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, a, inactive.id, { visibleFrom });
    const b = await trainee(owner, { timezone: "UTC" });
    await sendForm(studioId, b, form.id, { visibleFrom: new Date("2026-03-02T12:00:00Z") });
    const foreign = await studio([
      { id: "next-day", title: "{{form}}", formType: "ALL", offsetDays: 1, time: "10:00" },
    ]);
    const foreignForm = await addForm(foreign.studioId, { type: "ONE_TIME" });
    const c = await trainee(owner, { timezone: "UTC" });
    await sendForm(foreign.studioId, c, foreignForm.id, { visibleFrom });
    await runAt("2026-03-10T10:01:00Z");
    for (const clientId of [a, b, c]) expect(await recordsOf(clientId)).toEqual([]);
  });
});
