import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { clients, notifications, pushTokens } from "@studio/db";
import { notify, type JobScope, type NotifyInput } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addCoach, addClient, withoutRequestId } from "./support/team-fixtures";
import { addTrainee, studioWithTrainee } from "./support/notification-fixtures";

// notify() through the real database and the real job queue (jobs are enqueued, not worked here;
// delivery is proven by packages/jobs/test/push-delivery.test.ts).
let t: TestApp;
let clock = Date.parse("2026-03-04T10:00:00Z");
const now = () => new Date(clock);
beforeAll(async () => {
  // The app keeps the real clock (signatures); notify() gets the test clock.
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

/** The scope a caller of notify() in this studio passes (the test clock). */
const scopeOf = (studioId: string): JobScope => ({ ...t.scopeFor(studioId), now: now() });
const send = ({ studioId, ...input }: NotifyInput & { studioId: string }) =>
  notify(t.deps.database.db, scopeOf(studioId), input);
const deliveryJobs = async (notificationId?: string) => {
  const { rows } = await t.deps.database.executor.executeSql(
    "select data from pgboss.job where name = 'deliver-push'",
  );
  const ids = rows.map((r) => (r.data as { notificationId: string }).notificationId);
  return notificationId ? ids.filter((id) => id === notificationId) : ids;
};
const recordsOf = (clientId: string) =>
  t.deps.database.db.select().from(notifications).where(eq(notifications.clientId, clientId));

async function traineeWithDevice(
  owner: WebUserContext = newOwner(),
  fields: Parameters<typeof addTrainee>[2] = {},
) {
  const { studioId, clientId } = await studioWithTrainee(t, owner, fields);
  await t.deps.database.db
    .insert(pushTokens)
    .values({ studioId, clientId, token: `ExponentPushToken[${clientId}]`, platform: "ios" });
  return { studioId, clientId, owner };
}

describe("notify: resolution, rendering, record and delivery job", () => {
  it("renders {{variables}} (name defaults to the trainee's first name, unknown ones empty), records queued and enqueues delivery", async () => {
    const { studioId, clientId, owner } = await traineeWithDevice();
    await t.web("PATCH", "/v1/web/notification-configs/TRAINING_PLAN_ASSIGNED", owner, {
      titleTemplate: "{{name}}, {{plan}}!",
      bodyTemplate: "מאת {{coach}}{{unknown}}",
    });
    const record = await send({
      studioId,
      clientId,
      type: "TRAINING_PLAN_ASSIGNED",
      variables: { plan: "כוח 3x", coach: "דנה" },
    });
    expect(record).toMatchObject({
      type: "TRAINING_PLAN_ASSIGNED",
      title: "נועה, כוח 3x!",
      body: "מאת דנה",
      status: "queued",
      skipReason: null,
      attempts: 0,
    });
    expect(await deliveryJobs(record.id)).toEqual([record.id]);
  });

  it("skipped and why: the studio switched the type off (DISABLED), no job", async () => {
    const { studioId, clientId, owner } = await traineeWithDevice();
    await t.web("PATCH", "/v1/web/notification-configs/WORKOUT_REMINDER", owner, { enabled: false });
    const record = await send({ studioId, clientId, type: "WORKOUT_REMINDER" });
    expect(record).toMatchObject({ status: "skipped", skipReason: "DISABLED" });
    expect(await deliveryJobs(record.id)).toEqual([]);
  });

  it("skipped: the trainee muted the type's group (MUTED); the locked COACH_MESSAGES group is ignored", async () => {
    const { studioId, clientId } = await traineeWithDevice(newOwner(), {
      mutedNotificationGroups: ["PLANS", "COACH_MESSAGES"],
    });
    expect(await send({ studioId, clientId, type: "PLAN_UPDATED" })).toMatchObject({
      status: "skipped",
      skipReason: "MUTED",
    });
    const coach = await send({
      studioId,
      clientId,
      type: "TRAINER_MESSAGE",
      variables: { coach: "דנה", message: "שלום" },
    });
    expect(coach).toMatchObject({ status: "queued", title: "הודעה חדשה מדנה", body: "שלום" });
  });

  it("skipped: no push token (NO_PUSH_TOKEN)", async () => {
    const { studioId, clientId } = await studioWithTrainee(t, newOwner());
    expect(await send({ studioId, clientId, type: "MEETING_REMINDER" })).toMatchObject({
      status: "skipped",
      skipReason: "NO_PUSH_TOKEN",
    });
  });

  it("FORM_SENT uses the enabled message of the form type, else the enabled ALL one; with neither it is skipped (NO_MESSAGE)", async () => {
    const { studioId, clientId, owner } = await traineeWithDevice();
    await t.web("PUT", "/v1/web/studio/notification-settings/FORM_SENT", owner, {
      enabled: true,
      sound: true,
      messages: [
        { id: "check", title: "צ'ק-אין {{form}}", formType: "CHECK_IN" },
        { id: "intake", title: "שאלון", formType: "INTAKE", enabled: false },
        { id: "all", title: "טופס {{form}}", formType: "ALL" },
      ],
    });
    expect(
      (
        await send({
          studioId,
          clientId,
          type: "FORM_SENT",
          formType: "CHECK_IN",
          variables: { form: "שבועי" },
        })
      ).title,
    ).toBe("צ'ק-אין שבועי");
    expect(
      (
        await send({
          studioId,
          clientId,
          type: "FORM_SENT",
          formType: "INTAKE",
          variables: { form: "פתיחה" },
        })
      ).title,
    ).toBe("טופס פתיחה");
    await t.web("PUT", "/v1/web/studio/notification-settings/FORM_SENT", owner, {
      enabled: true,
      sound: true,
      messages: [{ id: "check", title: "צ'ק-אין", formType: "CHECK_IN" }],
    });
    expect(await send({ studioId, clientId, type: "FORM_SENT", formType: "ONE_TIME" })).toMatchObject({
      status: "skipped",
      skipReason: "NO_MESSAGE",
    });
  });

  it("form pushes are muted by the group of their form type: CHECK_IN by CHECK_INS, any other by FORMS", async () => {
    const { studioId, clientId } = await traineeWithDevice(newOwner(), {
      mutedNotificationGroups: ["CHECK_INS"],
    });
    expect(await send({ studioId, clientId, type: "FORM_SENT", formType: "CHECK_IN" })).toMatchObject({
      skipReason: "MUTED",
    });
    expect(await send({ studioId, clientId, type: "FORM_SENT", formType: "INTAKE" })).toMatchObject({
      status: "queued",
    });
  });

  it("the record and its delivery job commit together: a caller's transaction that rolls back leaves neither", async () => {
    const { studioId, clientId } = await traineeWithDevice();
    let recordId = "";
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        recordId = (await notify(tx, scopeOf(studioId), { clientId, type: "PLAN_UPDATED" })).id;
        throw new Error("plan assignment failed later");
      }),
    ).rejects.toThrow("plan assignment failed later");
    expect(recordId).not.toBe("");
    expect(await recordsOf(clientId)).toEqual([]);
    expect(await deliveryJobs(recordId)).toEqual([]);
  });

  it("a trainee of another studio answers NOT_FOUND trainee not found", async () => {
    const { clientId } = await traineeWithDevice();
    const other = (await t.web("GET", "/v1/web/studio", newOwner())).body.data.id;
    await expect(send({ studioId: other, clientId, type: "PLAN_UPDATED" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "trainee not found",
    });
  });
});

describe("PLAN_UPDATED throttle: one push per 6 hours per trainee", () => {
  it("a second push within 6 hours is skipped THROTTLED; after 6 hours it goes again; other trainees and types are unaffected", async () => {
    const { studioId, clientId } = await traineeWithDevice();
    const other = await addTrainee(t, studioId);
    await t.deps.database.db
      .insert(pushTokens)
      .values({ studioId, clientId: other.id, token: `tok-${other.id}`, platform: "android" });
    expect((await send({ studioId, clientId, type: "PLAN_UPDATED" })).status).toBe("queued");
    clock += 5 * 3600_000 + 59 * 60_000;
    expect(await send({ studioId, clientId, type: "PLAN_UPDATED" })).toMatchObject({
      status: "skipped",
      skipReason: "THROTTLED",
    });
    expect((await send({ studioId, clientId: other.id, type: "PLAN_UPDATED" })).status).toBe("queued");
    expect((await send({ studioId, clientId, type: "TRAINING_PLAN_ASSIGNED" })).status).toBe("queued");
    expect((await send({ studioId, clientId, type: "TRAINING_PLAN_ASSIGNED" })).status).toBe("queued");
    clock += 60_000;
    expect((await send({ studioId, clientId, type: "PLAN_UPDATED" })).status).toBe("queued");
  });

  it("a skipped push (muted) does not use up the window", async () => {
    const { studioId, clientId } = await traineeWithDevice(newOwner(), {
      mutedNotificationGroups: ["PLANS"],
    });
    expect((await send({ studioId, clientId, type: "PLAN_UPDATED" })).skipReason).toBe("MUTED");
    await t.deps.database.db
      .update(clients)
      .set({ mutedNotificationGroups: [] })
      .where(eq(clients.id, clientId));
    expect((await send({ studioId, clientId, type: "PLAN_UPDATED" })).status).toBe("queued");
  });

  it("safe across replicas: concurrent notifies on separate connections send exactly one", async () => {
    const { studioId, clientId } = await traineeWithDevice();
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => send({ studioId, clientId, type: "PLAN_UPDATED" })),
    );
    expect(results.filter((r) => r.status === "queued")).toHaveLength(1);
    expect(results.filter((r) => r.skipReason === "THROTTLED")).toHaveLength(3);
    const queued = results.find((r) => r.status === "queued")!;
    const jobs = await deliveryJobs();
    expect(results.filter((r) => jobs.includes(r.id)).map((r) => r.id)).toEqual([queued.id]);
  });
});

describe("GET /v1/web/clients/:id/notifications", () => {
  it("lists the trainee's records newest first, paged (items + total)", async () => {
    const { studioId, clientId, owner } = await traineeWithDevice();
    const sent: string[] = [];
    for (const type of ["TRAINING_PLAN_ASSIGNED", "NUTRITION_PLAN_ASSIGNED", "MEETING_REMINDER"] as const) {
      clock += 1000;
      sent.push((await send({ studioId, clientId, type })).id);
    }
    const page1 = await t.web("GET", `/v1/web/clients/${clientId}/notifications?pageSize=2`, owner);
    expect(page1.status).toBe(200);
    expect(page1.body.data.total).toBe(3);
    expect(page1.body.data.items.map((r: any) => r.id)).toEqual([sent[2], sent[1]]);
    expect(page1.body.data.items[0]).toMatchObject({
      clientId,
      type: "MEETING_REMINDER",
      status: "queued",
      skipReason: null,
      error: null,
      sentAt: null,
    });
    const page2 = await t.web("GET", `/v1/web/clients/${clientId}/notifications?pageSize=2&page=2`, owner);
    expect(page2.body.data.items.map((r: any) => r.id)).toEqual([sent[0]]);
  });

  it("another studio's trainee answers 404 client not found, exactly like a missing one", async () => {
    const { clientId } = await traineeWithDevice();
    const other = newOwner();
    const foreign = await t.web("GET", `/v1/web/clients/${clientId}/notifications`, other);
    const missing = await t.web("GET", "/v1/web/clients/nope/notifications", other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("client not found");
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
  });

  it("a coach limited to assigned trainees sees only theirs (404 for the others)", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const mine = await addClient(t, owner, { coachIds: [coach.id] });
    const notMine = await addClient(t, owner);
    expect((await t.web("GET", `/v1/web/clients/${mine.id}/notifications`, as)).status).toBe(200);
    const refused = await t.web("GET", `/v1/web/clients/${notMine.id}/notifications`, as);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("client not found");
  });

  it("paging is validated (pageSize at most 500)", async () => {
    const { clientId, owner } = await traineeWithDevice();
    expect((await t.web("GET", `/v1/web/clients/${clientId}/notifications?pageSize=501`, owner)).status).toBe(
      422,
    );
  });
});

// FORM_REMINDERS scheduling: notifications-form-reminders.test.ts.
