import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { cardioSessions, leads, mealLogs, progressPhotos, tasks, weightEntries } from "@studio/db";
import { DATE_RANGE_MESSAGE, DATE_TIME_RANGE_MESSAGE } from "@studio/contracts/bounded";
import { automationKey } from "./support/automation-fixtures";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { studioIdOf } from "./support/team-fixtures";
import { insertWeighIn, newTrainee, type Trainee } from "./support/tracking-fixtures";

// Issue 27 item 5 ("Years 0001–0099 corrupt data"): every date and date-time of an input is
// dated 1900-01-01 to 2100-12-31 (VALIDATION in the lane's shape otherwise), and a value stored
// before that rule, whatever its year, reads back exactly instead of shifted or as a 500.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;

/** The trainee and web lanes' VALIDATION answer, naming the field and the range. */
function expectValidation(res: { status: number; body: any }, field: string, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toMatchObject({ ok: false, code: "VALIDATION" });
  expect(res.body.details?.issues, JSON.stringify(res.body)).toEqual(
    expect.arrayContaining([expect.objectContaining({ path: field, message })]),
  );
}

const weightsOf = (s: Trainee) =>
  db().select().from(weightEntries).where(eq(weightEntries.clientId, s.clientId));

describe("trainee lane: out-of-range dates are VALIDATION, nothing is stored", () => {
  it("POST /v1/trainee/weight recordedAt 0099-06-01 is 422 (it was 201 with 1999-06-01)", async () => {
    const s = await newTrainee(t);
    const res = await s.call("POST", "/v1/trainee/weight", {
      weightKg: 70,
      recordedAt: "0099-06-01T00:00:00Z",
    });
    expectValidation(res, "recordedAt", DATE_TIME_RANGE_MESSAGE);
    expect(await weightsOf(s)).toEqual([]);
  });

  it("POST /v1/trainee/weight recordedAt 0030 is 422, not 500; 1899 and 2101 too", async () => {
    const s = await newTrainee(t);
    for (const recordedAt of ["0030-06-01T00:00:00Z", "0001-01-01T00:00:00Z", "1899-12-31T23:59:59Z"]) {
      const res = await s.call("POST", "/v1/trainee/weight", { weightKg: 70, recordedAt });
      expectValidation(res, "recordedAt", DATE_TIME_RANGE_MESSAGE);
    }
    expect(await weightsOf(s)).toEqual([]);
  });

  it("the first day of the range is accepted and answered exactly", async () => {
    const s = await newTrainee(t);
    const data = await s.ok("POST", "/v1/trainee/weight", {
      weightKg: 70,
      recordedAt: "1900-01-01T00:00:00Z",
    });
    expect(data.recordedAt).toBe("1900-01-01T00:00:00.000Z");
  });

  it("POST /v1/trainee/photos takenAt 0020-02-29 is 422 and GET /v1/trainee/progress stays 200", async () => {
    const s = await newTrainee(t);
    const res = await s.call("POST", "/v1/trainee/photos", {
      url: "https://cdn.example.com/p.jpg",
      takenAt: "0020-02-29T00:00:00Z",
    });
    expectValidation(res, "takenAt", DATE_TIME_RANGE_MESSAGE);
    expect((await s.call("GET", "/v1/trainee/progress")).status).toBe(200);
  });

  it("cardio date and meal log consumedAt below 1900 or after 2100 are 422; nothing is stored", async () => {
    const s = await newTrainee(t);
    for (const date of ["0099-06-01", "0030-01-01", "2101-01-01"])
      expectValidation(
        await s.call("POST", "/v1/trainee/cardio", { kind: "running", minutes: 30, date }),
        "date",
        DATE_RANGE_MESSAGE,
      );
    for (const consumedAt of ["0099-06-01T08:00:00Z", "0030-06-01T08:00:00+02:00"])
      expectValidation(
        await s.call("POST", "/v1/trainee/meal-logs", { note: "toast", consumedAt }),
        "consumedAt",
        DATE_TIME_RANGE_MESSAGE,
      );
    expect(await db().select().from(cardioSessions).where(eq(cardioSessions.clientId, s.clientId))).toEqual(
      [],
    );
    expect(await db().select().from(mealLogs).where(eq(mealLogs.clientId, s.clientId))).toEqual([]);
  });

  it("a day in the path (/nutrition/days/{date}/...) and a query date are bounded too", async () => {
    const s = await newTrainee(t);
    const path = await s.call("POST", "/v1/trainee/nutrition/days/0099-06-01/custom-meals", {
      label: "Toast",
    });
    expectValidation(path, "date", DATE_RANGE_MESSAGE);
    const query = await s.call("GET", "/v1/trainee/workout-logs?from=0099-06-01&to=0099-06-30");
    expectValidation(query, "from", DATE_RANGE_MESSAGE);
  });
});

describe("a value stored before the rule reads back exactly and never makes a view fail", () => {
  it("a photo stored with takenAt 0020-02-29: GET /v1/trainee/progress answers 200 with that date, every time", async () => {
    const s = await newTrainee(t);
    await db()
      .insert(progressPhotos)
      .values({
        studioId: s.studioId,
        clientId: s.clientId,
        url: "https://cdn.example.com/old.jpg",
        takenAt: new Date("0020-02-29T00:00:00.000Z"),
      });
    for (let i = 0; i < 2; i += 1) {
      const res = await s.call("GET", "/v1/trainee/progress");
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.photos.map((p: any) => p.takenAt)).toEqual(["0020-02-29T00:00:00.000Z"]);
    }
  });

  it("weigh-ins stored for 0099 and 0030 answer their own years on progress, the weight view and the coach summary", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const trainee = await addTrainee(t, studioId, { timezone: "Asia/Jerusalem" });
    const s = { studioId, clientId: trainee.id };
    await insertWeighIn(t, s, { weightKg: 71, recordedAt: "0030-06-01T00:00:00Z" });
    await insertWeighIn(t, s, { weightKg: 72, recordedAt: "0099-06-01T00:00:00Z" });
    const token = t.traineeToken(trainee.id, studioId);
    const progress = await t.request("GET", "/v1/trainee/progress", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
    expect(progress.body.data.weighIns.map((w: any) => [w.date, w.weightKg])).toEqual([
      ["0030-06-01T00:00:00.000Z", 71],
      ["0099-06-01T00:00:00.000Z", 72],
    ]);
    const weight = await t.web("GET", `/v1/web/clients/${trainee.id}/tracking/weight?range=3m`, owner);
    expect(weight.status, JSON.stringify(weight.body)).toBe(200);
    const summary = await t.web("GET", `/v1/web/clients/${trainee.id}/tracking/summary`, owner);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
  });

  it("a task due 0099 and a lead reminded 0030, stored before: the lists answer 200 with those dates", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const [task] = await db()
      .insert(tasks)
      .values({ studioId, title: "old", dueDate: new Date("0099-06-01T00:00:00.000Z") })
      .returning();
    const list = await t.web("GET", "/v1/web/tasks", owner);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(JSON.stringify(list.body.data)).toContain("0099-06-01T00:00:00.000Z");
    const key = await automationKey(t, owner);
    const automation = await key.call("GET", "/tasks");
    expect(automation.status, JSON.stringify(automation.body)).toBe(200);
    expect(JSON.stringify(automation.body.data)).toContain("0099-06-01T00:00:00.000Z");
    const lead = await t.web("POST", "/v1/web/crm/leads", owner, { name: "Old", phone: "050-1234567" });
    await db()
      .update(leads)
      .set({ remindAt: new Date("0030-06-01T09:00:00.000Z") })
      .where(and(eq(leads.id, lead.body.data.id), eq(leads.studioId, studioId)));
    const board = await t.web("GET", "/v1/web/crm/board", owner);
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const got = await t.web("GET", `/v1/web/crm/leads/${lead.body.data.id}`, owner);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.data.remindAt).toBe("0030-06-01T09:00:00.000Z");
    expect(task).toBeDefined();
  });
});

describe("web lane: tasks and the CRM reminder", () => {
  let owner: WebUserContext;
  beforeAll(() => {
    owner = newOwner();
  });

  it("PUT /v1/web/crm/leads/:id/reminder with a date or date-time below 1900 is 422; 2100-12-31 is accepted", async () => {
    const lead = await t.web("POST", "/v1/web/crm/leads", owner, { name: "Noa", phone: "050-7654321" });
    expect(lead.status).toBe(201);
    const path = `/v1/web/crm/leads/${lead.body.data.id}/reminder`;
    for (const remindAt of ["0099-06-01", "0030-06-01T09:00:00Z", "2101-01-01"]) {
      const res = await t.web("PUT", path, owner, { remindAt });
      expect(res.status, remindAt).toBe(422);
      expect(res.body).toMatchObject({ ok: false, code: "VALIDATION" });
      expect(res.body.message).toContain("between 1900-01-01 and 2100-12-31");
    }
    const [row] = await db().select().from(leads).where(eq(leads.id, lead.body.data.id));
    expect(row!.remindAt).toBeNull();
    const edge = await t.web("PUT", path, owner, { remindAt: "2100-12-31T09:00:00Z" });
    expect(edge.status).toBe(200);
    expect(edge.body.data.remindAt).toBe("2100-12-31T09:00:00.000Z");
  });

  it("POST and PATCH /v1/web/tasks: dueDate and snoozedUntil below 1900 are 422", async () => {
    for (const dueDate of ["0099-06-01", "0030-06-01T00:00:00Z"]) {
      const res = await t.web("POST", "/v1/web/tasks", owner, { title: "t", dueDate });
      expect(res.status, dueDate).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    const created = await t.web("POST", "/v1/web/tasks", owner, { title: "t", dueDate: "2030-01-15" });
    expect(created.status).toBe(201);
    const res = await t.web("PATCH", `/v1/web/tasks/${created.body.data.id}`, owner, {
      snoozedUntil: "0099-06-01T00:00:00Z",
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
  });
});

describe("automation lane: tasks", () => {
  it("POST /tasks dueDate and PATCH /tasks/:id snoozedUntil below 1900 are 400 in the lane's shape; nothing changes", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const { call } = await automationKey(t, owner);
    for (const dueDate of ["0099-06-01", "0030-06-01T00:00:00Z", "2101-01-01"]) {
      const res = await call("POST", "/tasks", { title: "x", dueDate });
      expect(res.status, dueDate).toBe(400);
      // The lane's shape: blankable()'s union names the field, not the reason.
      expect(res.body).toEqual({ success: false, message: expect.stringContaining("dueDate") });
    }
    const created = await call("POST", "/tasks", { title: "keep", dueDate: "2030-01-15" });
    expect(created.status).toBe(200);
    const id = created.body.data.task.id;
    for (const snoozedUntil of ["0099-06-01T00:00:00Z", "0020-02-29"]) {
      const res = await call("PATCH", `/tasks/${id}`, { snoozedUntil });
      expect(res.status, snoozedUntil).toBe(400);
      expect(res.body).toEqual({ success: false, message: expect.stringContaining("snoozedUntil") });
    }
    const rows = await db().select().from(tasks).where(eq(tasks.studioId, studioId));
    expect(rows.map((r) => [r.title, r.snoozedUntil])).toEqual([["keep", null]]);
  });
});
