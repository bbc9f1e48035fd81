import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, formAssignments, notifications, pushTokens } from "@studio/db";
import {
  DUE_WORK,
  dispatchDueFormReminders,
  sendDueRecurringCheckIns,
  type PlatformJobScope,
} from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { studioIdOf } from "./support/team-fixtures";
import { addTrainee } from "./support/notification-fixtures";
import { addForm } from "./support/form-fixtures";
import { automationKey } from "./support/automation-fixtures";

// Check-in schedules (issue 28, item 6): the check-in form, its first day and cadence are
// writable on the web lane (create and PATCH) and on the automation lane (updateFormId,
// updateCadence); the scheduler then sends a CHECK_IN copy on each form day at the studio's
// FORM_SENT send time (09:00) in the trainee's zone, once, and FORM_REMINDERS follow the schedule.
// Clock: the tick's `now` (scheduler) — never a sleep.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;
const scopeAt = (iso: string): PlatformJobScope => {
  const { studioId: _studioId, ...scope } = t.scopeFor("");
  return { ...scope, now: new Date(iso) };
};
const HOUR = 3600_000;
/** A tick at `iso` whose window starts `back` ms earlier (a regular tick: the 3-hour grace). */
const tickAt = (iso: string, back = 3 * HOUR) => {
  const now = new Date(iso);
  return sendDueRecurringCheckIns(db(), scopeAt(iso), {
    now,
    since: new Date(now.getTime() - back),
    graceMs: 3 * HOUR,
  });
};
const copiesOf = (clientId: string) =>
  db().select().from(formAssignments).where(eq(formAssignments.clientId, clientId));
const pushesOf = (clientId: string) =>
  db().select().from(notifications).where(eq(notifications.clientId, clientId));

/** The trainee's local today in Asia/Jerusalem on the real clock (what the routes use). */
const jerusalemToday = () => new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Jerusalem" });
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);

async function studio() {
  const owner = newOwner();
  const studioId = await studioIdOf(t, owner);
  const form = await addForm(t, studioId, { name: "צ'ק-אין שבועי", type: "CHECK_IN" });
  return { owner, studioId, form };
}

async function scheduledTrainee(
  s: { studioId: string; form: { id: string } },
  fields: Partial<typeof clients.$inferInsert> = {},
) {
  const trainee = await addTrainee(t, s.studioId, {
    updateFormId: s.form.id,
    updateCadence: "WEEKLY",
    checkInStartDate: "2026-03-04",
    ...fields,
  });
  await db()
    .insert(pushTokens)
    .values({
      studioId: s.studioId,
      clientId: trainee.id,
      token: `ExponentPushToken[${trainee.id}]`,
      platform: "ios",
    });
  return trainee;
}

describe("the web lane writes the schedule", () => {
  const create = (owner: WebUserContext, body: Record<string, unknown>) =>
    t.web("POST", "/v1/web/clients", owner, {
      firstName: "Dana",
      phone: `05${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
      ...body,
    });

  it("create and PATCH take updateFormId, updateCadence and checkInStartDate, and answer them", async () => {
    const s = await studio();
    const res = await create(s.owner, {
      updateFormId: s.form.id,
      updateCadence: "BIWEEKLY",
      checkInStartDate: "2026-12-06",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      updateFormId: s.form.id,
      updateCadence: "BIWEEKLY",
      checkInStartDate: "2026-12-06",
    });
    const patched = await t.web("PATCH", `/v1/web/clients/${res.body.data.id}`, s.owner, {
      updateCadence: "MONTHLY",
      checkInStartDate: "2026-12-31",
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({ updateCadence: "MONTHLY", checkInStartDate: "2026-12-31" });
    const [row] = await db().select().from(clients).where(eq(clients.id, res.body.data.id));
    expect(row).toMatchObject({ updateCadence: "MONTHLY", checkInStartDate: "2026-12-31" });
  });

  it("a check-in form without a first day gets one cadence after the trainee's today; no form, no day", async () => {
    const s = await studio();
    const weekly = await create(s.owner, { updateFormId: s.form.id, updateCadence: "WEEKLY" });
    expect(weekly.body.data.checkInStartDate).toBe(plusDays(jerusalemToday(), 7));
    const none = await create(s.owner, {});
    expect(none.body.data.checkInStartDate).toBeNull();
    const later = await t.web("PATCH", `/v1/web/clients/${none.body.data.id}`, s.owner, {
      updateFormId: s.form.id,
      updateCadence: "BIWEEKLY",
    });
    expect(later.body.data.checkInStartDate).toBe(plusDays(jerusalemToday(), 14));
  });

  it("a bad start date or cadence is VALIDATION 422 and nothing is stored", async () => {
    const s = await studio();
    for (const body of [
      { checkInStartDate: "2026-02-30" },
      { checkInStartDate: "0099-01-01" },
      { updateCadence: "DAILY" },
    ]) {
      const res = await create(s.owner, { updateFormId: s.form.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
  });
});

describe("the automation lane writes the schedule", () => {
  it("updateFormId and updateCadence on create and PATCH give the trainee a schedule the scheduler follows", async () => {
    const s = await studio();
    const key = await automationKey(t, s.owner);
    const res = await key.call("POST", "/trainees", {
      firstName: "Lior",
      lastName: "Ben",
      phone: `05${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
      updateFormId: s.form.id,
      updateCadence: "BIWEEKLY",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.trainee.id as string;
    let [row] = await db().select().from(clients).where(eq(clients.id, id));
    expect(row).toMatchObject({
      updateFormId: s.form.id,
      updateCadence: "BIWEEKLY",
      checkInStartDate: plusDays(jerusalemToday(), 14),
    });

    const patched = await key.call("PATCH", `/trainees/${id}`, { updateCadence: "MONTHLY" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    [row] = await db().select().from(clients).where(eq(clients.id, id));
    expect(row).toMatchObject({ updateCadence: "MONTHLY", checkInStartDate: plusDays(jerusalemToday(), 14) });

    // The scheduler sends the copy on that day at 09:00 Asia/Jerusalem.
    const day = row!.checkInStartDate!;
    const run = await sendDueRecurringCheckIns(db(), scopeAt(`${day}T12:00:00Z`), {
      now: new Date(`${day}T12:00:00Z`),
      since: new Date(`${day}T04:00:00Z`),
      graceMs: 3 * HOUR,
    });
    expect(run.created).toBeGreaterThanOrEqual(1); // other tests' trainees share the database
    expect((await copiesOf(id)).map((c) => c.scheduleDay)).toEqual([day]);
  });
});

describe("recurring check-in copies, on the tick's clock", () => {
  it("is registered as the scheduler's due work", () => {
    expect(DUE_WORK.map((w) => w.name)).toContain("recurring-check-ins");
  });

  it("sends one CHECK_IN copy at 09:00 of each form day in the trainee's zone, with its FORM_SENT push, once", async () => {
    const s = await studio();
    const trainee = await scheduledTrainee(s);
    // 2026-03-04 09:00 in Asia/Jerusalem (UTC+2) is 07:00Z.
    expect((await tickAt("2026-03-04T06:59:00Z")).created).toBe(0);
    expect(await copiesOf(trainee.id)).toEqual([]);

    const first = await tickAt("2026-03-04T07:00:30Z");
    expect(first).toMatchObject({ due: 1, created: 1 });
    const [copy] = await copiesOf(trainee.id);
    expect(copy).toMatchObject({
      formId: s.form.id,
      status: "PENDING",
      source: "schedule",
      scheduleDay: "2026-03-04",
      pushMode: "NOW",
    });
    expect(copy!.visibleFrom.toISOString()).toBe("2026-03-04T07:00:00.000Z");
    const pushes = await pushesOf(trainee.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ type: "FORM_SENT", status: "queued" });
    expect(pushes[0]!.data).toMatchObject({
      assignmentId: copy!.id,
      formDay: "2026-03-04",
      formType: "CHECK_IN",
    });

    // The same tick again, or a second worker: nothing new.
    const again = await tickAt("2026-03-04T07:01:00Z");
    expect(again.created).toBe(0);
    expect(await copiesOf(trainee.id)).toHaveLength(1);
    expect(await pushesOf(trainee.id)).toHaveLength(1);

    // Not a form day: nothing; the next week: the next copy.
    expect((await tickAt("2026-03-05T07:01:00Z")).created).toBe(0);
    expect((await tickAt("2026-03-11T07:01:00Z")).created).toBe(1);
    expect((await copiesOf(trainee.id)).map((c) => c.scheduleDay).sort()).toEqual([
      "2026-03-04",
      "2026-03-11",
    ]);
  });

  it("two ticks racing create one copy", async () => {
    const s = await studio();
    const trainee = await scheduledTrainee(s);
    const runs = await Promise.all([tickAt("2026-03-04T07:02:00Z"), tickAt("2026-03-04T07:02:00Z")]);
    expect(runs.map((r) => r.created).sort()).toEqual([0, 1]);
    expect(await copiesOf(trainee.id)).toHaveLength(1);
    expect(await pushesOf(trainee.id)).toHaveLength(1);
  });

  it("follows the trainee's own zone; a copy missed beyond the grace window comes silently; a frozen trainee gets none", async () => {
    const s = await studio();
    const ny = await scheduledTrainee(s, { timezone: "America/New_York" });
    // 09:00 in New York on 2026-03-04 (UTC-5) is 14:00Z.
    expect((await tickAt("2026-03-04T13:59:00Z")).created).toBe(0);
    expect((await copiesOf(ny.id)).length).toBe(0);
    await tickAt("2026-03-04T14:00:30Z");
    expect((await copiesOf(ny.id)).map((c) => c.visibleFrom.toISOString())).toEqual([
      "2026-03-04T14:00:00.000Z",
    ]);

    const late = await scheduledTrainee(s);
    // A 6-hour outage: the last tick was 06:00Z, the next comes at 13:00Z (09:00 local was 07:00Z).
    await tickAt("2026-03-04T13:00:00Z", 7 * HOUR);
    const [copy] = await copiesOf(late.id);
    expect(copy).toMatchObject({ scheduleDay: "2026-03-04", pushMode: "NEVER" });
    expect(await pushesOf(late.id)).toEqual([]);

    const frozen = await scheduledTrainee(s, { freezeStartedAt: new Date("2026-03-01T00:00:00Z") });
    await tickAt("2026-03-04T07:00:30Z");
    expect(await copiesOf(frozen.id)).toEqual([]);
  });

  it("a trainee made through the web lane gets the default reminder the evening before the form day", async () => {
    const s = await studio();
    const res = await t.web("POST", "/v1/web/clients", s.owner, {
      firstName: "Maya",
      phone: `05${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
      updateFormId: s.form.id,
      updateCadence: "WEEKLY",
      checkInStartDate: "2026-03-04",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id as string;
    await db()
      .insert(pushTokens)
      .values({ studioId: s.studioId, clientId: id, token: `ExponentPushToken[${id}]`, platform: "ios" });
    // The day before the 2026-03-11 form day at 19:00 Asia/Jerusalem = 17:00Z.
    await dispatchDueFormReminders(db(), scopeAt("2026-03-10T17:01:00Z"));
    const reminders = (await pushesOf(id)).filter((p) => p.type === "FORM_REMINDERS");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.data).toMatchObject({ formId: s.form.id, formDay: "2026-03-11" });
  });
});
