import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { clients, coaches, notifications, pushTokens, traineeActivities, weightEntries } from "@studio/db";
import { createPlan } from "@studio/domain";
import { automationKey } from "./support/automation-fixtures";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { addTraineeWithDevice, deliveryJobs, pushesOf } from "./support/program-fixtures";
import { startPushStub, waitUntil, type PushStub } from "./support/push-stub";
import { studioIdOf } from "./support/team-fixtures";

// The automation lane's weights, message and dropdown sources (document 3 "Weight entry",
// "Weights, message, tasks", "Dropdown sources"; document 2 "Tracking rows": sources on the wire
// are lower case) over the real app with a studio API key.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

const db = () => t.deps.database.db;

async function studio(app: TestApp = t) {
  const owner = newOwner();
  const studioId = await studioIdOf(app, owner);
  const key = await automationKey(app, owner, "Zapier");
  return { owner, studioId, key, call: key.call };
}

const weightsOf = (clientId: string) =>
  db().select().from(weightEntries).where(eq(weightEntries.clientId, clientId));
const clientRow = async (clientId: string) =>
  (await db().select().from(clients).where(eq(clients.id, clientId)))[0]!;

describe("POST /v1/automation/trainees/{id}/weights", () => {
  it("writes a weigh-in with source automation and sets the trainee's weight; 200 Weight logged", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId, { weightKg: 80 });
    const before = Date.now();
    const res = await s.call("POST", `/trainees/${trainee.id}/weights`, { weightKg: "72.5" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Weight logged",
      data: {
        entry: {
          id: expect.any(String),
          weightKg: 72.5,
          recordedAt: expect.any(String),
          source: "automation",
        },
        weightKg: 72.5,
      },
    });
    // recordedAt defaults to now.
    expect(Date.parse(res.body.data.entry.recordedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.data.entry.recordedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    const rows = await weightsOf(trainee.id);
    expect(rows).toEqual([
      expect.objectContaining({ studioId: s.studioId, weightKg: 72.5, source: "automation" }),
    ]);
    expect((await clientRow(trainee.id)).weightKg).toBe(72.5);
  });

  it("an older recordedAt still sets the trainee's weight; a plain date is midnight of that day in the trainee's zone", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId, { weightKg: 80 });
    await s.call("POST", `/trainees/${trainee.id}/weights`, { weightKg: 70 });
    const old = await s.call("POST", `/trainees/${trainee.id}/weights`, {
      weightKg: " 90 ",
      recordedAt: "2020-01-15",
    });
    expect(old.status).toBe(200);
    // Asia/Jerusalem (the default zone) is UTC+2 in January.
    expect(old.body.data.entry.recordedAt).toBe("2020-01-14T22:00:00.000Z");
    expect((await clientRow(trainee.id)).weightKg).toBe(90);
    const zoned = await addTrainee(t, s.studioId, { timezone: "America/New_York" });
    const ny = await s.call("POST", `/trainees/${zoned.id}/weights`, {
      weightKg: 60,
      recordedAt: "2020-01-15",
    });
    expect(ny.body.data.entry.recordedAt).toBe("2020-01-15T05:00:00.000Z");
    const instant = await s.call("POST", `/trainees/${zoned.id}/weights`, {
      weightKg: 61.25,
      recordedAt: "2021-06-01T07:30:00+03:00",
    });
    expect(instant.body.data.entry).toMatchObject({
      weightKg: 61.25,
      recordedAt: "2021-06-01T04:30:00.000Z",
    });
  });

  it("weightKg must be greater than 0 and at most 500 (numbers or decimal strings); recordedAt must be a date", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId, { weightKg: 80 });
    const path = `/trainees/${trainee.id}/weights`;
    for (const body of [
      {},
      { weightKg: "" },
      { weightKg: null },
      { weightKg: 0 },
      { weightKg: "0" },
      { weightKg: -1 },
      { weightKg: 500.01 },
      { weightKg: "500.5" },
      { weightKg: "abc" },
      { weightKg: "72,5" },
      { weightKg: "1e2" },
      { weightKg: 70, recordedAt: "yesterday" },
    ]) {
      const res = await s.call("POST", path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(await weightsOf(trainee.id)).toEqual([]);
    expect((await clientRow(trainee.id)).weightKg).toBe(80);
    for (const weightKg of [500, "500", 0.1, ".5", "72."]) {
      expect((await s.call("POST", path, { weightKg, recordedAt: "" })).status, String(weightKg)).toBe(200);
    }
    expect((await clientRow(trainee.id)).weightKg).toBe(72);
  });

  it("one transaction: a refused trainee update leaves no weigh-in, a refused weigh-in leaves the weight", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId, { weightKg: 80 });
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION weight_refuse() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER weight_refuse_client BEFORE UPDATE ON clients FOR EACH ROW
        WHEN (NEW.id = '${trainee.id}') EXECUTE FUNCTION weight_refuse()`),
    );
    try {
      const res = await s.call("POST", `/trainees/${trainee.id}/weights`, { weightKg: 70 });
      expect(res.body.success).toBe(false);
      expect(await weightsOf(trainee.id)).toEqual([]);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER weight_refuse_client ON clients"));
    }
    await db().execute(
      sql.raw(`CREATE TRIGGER weight_refuse_entry AFTER INSERT ON weight_entries FOR EACH ROW
        WHEN (NEW.client_id = '${trainee.id}') EXECUTE FUNCTION weight_refuse()`),
    );
    try {
      const res = await s.call("POST", `/trainees/${trainee.id}/weights`, { weightKg: 70 });
      expect(res.body.success).toBe(false);
      expect((await clientRow(trainee.id)).weightKg).toBe(80);
    } finally {
      await db().execute(sql.raw("DROP TRIGGER weight_refuse_entry ON weight_entries"));
    }
    expect((await s.call("POST", `/trainees/${trainee.id}/weights`, { weightKg: 70 })).status).toBe(200);
  });

  it("an unknown, deleted or another studio's trainee answers 400 client not found, all alike; nothing is written", async () => {
    const a = await studio();
    const b = await studio();
    const foreign = await addTrainee(t, b.studioId, { weightKg: 80 });
    const deleted = await addTrainee(t, a.studioId, { deletedAt: new Date() });
    for (const id of ["nope", foreign.id, deleted.id]) {
      const res = await a.call("POST", `/trainees/${id}/weights`, { weightKg: 70 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: "client not found" });
    }
    expect(await weightsOf(foreign.id)).toEqual([]);
    expect((await clientRow(foreign.id)).weightKg).toBe(80);
  });
});

describe("GET /v1/automation/trainees/{id}/weights", () => {
  it("items of id, weightKg, recordedAt, source, newest recordedAt first, every source lower case; no total", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    await db()
      .insert(weightEntries)
      .values([
        {
          studioId: s.studioId,
          clientId: trainee.id,
          weightKg: 81,
          recordedAt: new Date("2026-01-02T08:00:00Z"),
          source: "APP",
        },
        {
          studioId: s.studioId,
          clientId: trainee.id,
          weightKg: 82,
          recordedAt: new Date("2026-01-01T08:00:00Z"),
          source: "coach",
        },
        {
          studioId: s.studioId,
          clientId: trainee.id,
          weightKg: 83,
          recordedAt: new Date("2026-01-03T08:00:00Z"),
          source: "APP",
        },
      ]);
    await s.call("POST", `/trainees/${trainee.id}/weights`, {
      weightKg: 80,
      recordedAt: "2026-01-04T08:00:00Z",
    });
    const res = await s.call("GET", `/trainees/${trainee.id}/weights`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Weights");
    expect(Object.keys(res.body.data)).toEqual(["items"]);
    expect(
      res.body.data.items.map((w: { weightKg: number; source: string }) => [w.weightKg, w.source]),
    ).toEqual([
      [80, "automation"],
      [83, "APP"],
      [81, "APP"],
      [82, "coach"],
    ]);
    expect(res.body.data.items[1]).toEqual({
      id: expect.any(String),
      weightKg: 83,
      recordedAt: "2026-01-03T08:00:00.000Z",
      source: "APP",
    });
    const page = await s.call("GET", `/trainees/${trainee.id}/weights?limit=2&offset=1`);
    expect(page.body.data.items.map((w: { weightKg: number }) => w.weightKg)).toEqual([83, 81]);
    const blank = await s.call("GET", `/trainees/${trainee.id}/weights?limit=&offset=`);
    expect(blank.body.data.items).toHaveLength(4);
    expect((await s.call("GET", `/trainees/${trainee.id}/weights?limit=0`)).status).toBe(400);
    expect((await s.call("GET", `/trainees/${trainee.id}/weights?limit=abc`)).status).toBe(400);
  });

  it("another studio's trainee answers exactly like a missing one", async () => {
    const a = await studio();
    const b = await studio();
    const foreign = await addTrainee(t, b.studioId);
    await b.call("POST", `/trainees/${foreign.id}/weights`, { weightKg: 70 });
    const res = await a.call("GET", `/trainees/${foreign.id}/weights`);
    const missing = await a.call("GET", "/trainees/nope/weights");
    expect(res.status).toBe(400);
    expect(res.body).toEqual(missing.body);
    expect(res.body).toEqual({ success: false, message: "client not found" });
  });
});

describe("POST /v1/automation/trainees/{id}/message", () => {
  it("sends a TRAINER_MESSAGE with [שם] replaced by the first name; 200 Message sent; the push is queued", async () => {
    const s = await studio();
    const trainee = await addTraineeWithDevice(t, s.studioId, { firstName: "מאיה" });
    const res = await s.call("POST", `/trainees/${trainee.id}/message`, {
      message: "  היי [שם], כל הכבוד! [שם] 💪 {{coach}} ",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: "Message sent",
      data: {
        notification: {
          type: "TRAINER_MESSAGE",
          status: "queued",
          body: "היי מאיה, כל הכבוד! מאיה 💪 {{coach}}",
        },
      },
    });
    const [push] = await pushesOf(t, trainee.id);
    expect(push).toMatchObject({
      type: "TRAINER_MESSAGE",
      status: "queued",
      body: "היי מאיה, כל הכבוד! מאיה 💪 {{coach}}",
    });
    // {{coach}} of the default title is the studio's name (the key acts for the studio).
    expect(push!.title).toMatch(/^הודעה חדשה מ.+/);
    const jobs = await deliveryJobs(t, s.studioId);
    expect(jobs.map((j) => j.data)).toEqual([
      { studioId: s.studioId, notificationId: push!.id, timelineOnAccept: "MESSAGE" },
    ]);
    // Nothing on the timeline until a device accepted it.
    expect(
      await db().select().from(traineeActivities).where(eq(traineeActivities.clientId, trainee.id)),
    ).toEqual([]);
  });

  it("the studio's settings of TRAINER_MESSAGE apply (templates, switched off)", async () => {
    const s = await studio();
    const trainee = await addTraineeWithDevice(t, s.studioId, { firstName: "Dan" });
    await t.web("PATCH", "/v1/web/notification-configs/TRAINER_MESSAGE", s.owner, {
      titleTemplate: "{{name}}, message",
      bodyTemplate: ">> {{message}}",
    });
    const res = await s.call("POST", `/trainees/${trainee.id}/message`, { message: "Hi [שם]" });
    expect(res.body.data.notification).toMatchObject({
      title: "Dan, message",
      body: ">> Hi Dan",
      status: "queued",
    });
    await t.web("PATCH", "/v1/web/notification-configs/TRAINER_MESSAGE", s.owner, { enabled: false });
    const off = await s.call("POST", `/trainees/${trainee.id}/message`, { message: "Hi" });
    expect(off.status).toBe(200);
    expect(off.body.data.notification).toMatchObject({ status: "skipped", skipReason: "DISABLED" });
    expect(await deliveryJobs(t, s.studioId)).toHaveLength(1);
  });

  it("a trainee with no device receives nothing and the call still succeeds", async () => {
    const s = await studio();
    const trainee = await addTrainee(t, s.studioId);
    const res = await s.call("POST", `/trainees/${trainee.id}/message`, { message: "Hello" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Message sent");
    expect(res.body.data.notification).toMatchObject({ status: "skipped", skipReason: "NO_PUSH_TOKEN" });
    expect(await deliveryJobs(t, s.studioId)).toEqual([]);
  });

  it("400: message missing, empty, blank or over 1000 characters; unknown, deleted or another studio's trainee", async () => {
    const a = await studio();
    const b = await studio();
    const trainee = await addTraineeWithDevice(t, a.studioId);
    const foreign = await addTraineeWithDevice(t, b.studioId);
    const deleted = await addTrainee(t, a.studioId, { deletedAt: new Date() });
    for (const body of [
      {},
      { message: "" },
      { message: "   " },
      { message: null },
      { message: "x".repeat(1001) },
    ]) {
      const res = await a.call("POST", `/trainees/${trainee.id}/message`, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await a.call("POST", `/trainees/${trainee.id}/message`, { message: "" })).body.message).toMatch(
      /message is empty/,
    );
    const missing = await a.call("POST", "/trainees/nope/message", { message: "Hi" });
    expect(missing.body).toEqual({ success: false, message: "client not found" });
    for (const id of [foreign.id, deleted.id]) {
      const res = await a.call("POST", `/trainees/${id}/message`, { message: "Hi" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(missing.body);
    }
    expect(await pushesOf(t, trainee.id)).toEqual([]);
    expect(await pushesOf(t, foreign.id)).toEqual([]);
    expect(
      (await a.call("POST", `/trainees/${trainee.id}/message`, { message: "x".repeat(1000) })).status,
    ).toBe(200);
  });
});

describe("message delivery and the timeline (worker and a push provider on loopback)", () => {
  let w: TestApp;
  let stub: PushStub;
  beforeAll(async () => {
    stub = await startPushStub();
    w = await startTestApp({ database: "postgres", worker: true, env: { PUSH_API_URL: stub.url } });
  });
  afterAll(async () => {
    await w?.close();
    await stub?.close();
  });

  const wdb = () => w.deps.database.db;
  const record = async (id: string) =>
    (await wdb().select().from(notifications).where(eq(notifications.id, id)))[0]!;
  const delivered = (id: string) =>
    waitUntil(
      () => record(id),
      (r) => r.status !== "queued",
    );
  const timelineOf = (clientId: string) =>
    wdb().select().from(traineeActivities).where(eq(traineeActivities.clientId, clientId));
  async function traineeWith(studioId: string, token: string, firstName = "נועה") {
    const trainee = await addTrainee(w, studioId, { firstName });
    await wdb().insert(pushTokens).values({ studioId, clientId: trainee.id, token, platform: "ios" });
    return trainee;
  }

  it("a device accepted the push: a MESSAGE entry is added to the timeline", async () => {
    const s = await studio(w);
    const token = `ExponentPushToken[ok-${Date.now()}]`;
    const trainee = await traineeWith(s.studioId, token, "Yael");
    const res = await s.call("POST", `/trainees/${trainee.id}/message`, { message: "Great week, [שם]!" });
    const id = res.body.data.notification.id;
    expect(await delivered(id)).toMatchObject({ status: "sent" });
    expect(stub.messagesTo(token).map((m) => m.body)).toEqual(["Great week, Yael!"]);
    expect(await timelineOf(trainee.id)).toEqual([
      expect.objectContaining({
        studioId: s.studioId,
        actor: "TRAINER",
        action: "SENT",
        entityType: "NOTIFICATION",
        entityId: id,
        type: "MESSAGE",
        data: expect.objectContaining({ notificationId: id, body: "Great week, Yael!" }),
      }),
    ]);
  });

  it("no device accepted it (the provider refused the token): no timeline entry", async () => {
    const s = await studio(w);
    const token = `ExponentPushToken[refuse-${Date.now()}]`;
    const trainee = await traineeWith(s.studioId, token);
    const res = await s.call("POST", `/trainees/${trainee.id}/message`, { message: "Hi" });
    expect(await delivered(res.body.data.notification.id)).toMatchObject({ status: "failed" });
    expect(stub.messagesTo(token)).toHaveLength(1);
    expect(await timelineOf(trainee.id)).toEqual([]);
  });

  it("the provider refused the request (HTTP 400, final): no timeline entry", async () => {
    const s = await studio(w);
    const token = `ExponentPushToken[http400-${Date.now()}]`;
    const trainee = await traineeWith(s.studioId, token);
    stub.answer((messages) =>
      messages.some((m) => m.to === token)
        ? { status: 400, body: { errors: [{ code: "VALIDATION_ERROR" }] } }
        : { status: 200, body: { data: messages.map(() => ({ status: "ok" })) } },
    );
    try {
      const res = await s.call("POST", `/trainees/${trainee.id}/message`, { message: "Hi" });
      expect(await delivered(res.body.data.notification.id)).toMatchObject({ status: "failed" });
      expect(await timelineOf(trainee.id)).toEqual([]);
    } finally {
      stub.reset();
    }
  });

  it("other pushes (a subscription freeze) add no MESSAGE entry when accepted", async () => {
    const s = await studio(w);
    const token = `ExponentPushToken[freeze-${Date.now()}]`;
    const trainee = await traineeWith(s.studioId, token);
    const plan = await createPlan(wdb(), w.scopeFor(s.studioId), {
      name: "Monthly",
      durationValue: 1,
      durationUnit: "MONTHS",
    });
    await s.call("POST", `/trainees/${trainee.id}/subscription`, { planId: plan.id });
    const frozen = await s.call("POST", `/trainees/${trainee.id}/subscription/freeze`);
    expect(frozen.status).toBe(200);
    // The assignment sent its own push (PLAN_UPDATED); the freeze's is the SUBSCRIPTION_FROZEN one.
    const [push] = await wdb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, trainee.id), eq(notifications.type, "SUBSCRIPTION_FROZEN")));
    expect(await delivered(push!.id)).toMatchObject({ status: "sent", type: "SUBSCRIPTION_FROZEN" });
    expect(await timelineOf(trainee.id)).toEqual([]);
  });
});

describe("dropdown sources: rpc/products, rpc/coaches, rpc/tags", () => {
  it("products: active plans by name; value is the name and the price in whole shekels, or the per-trainee note", async () => {
    const s = await studio();
    const other = await studio();
    const scope = t.scopeFor(s.studioId);
    const monthly = await createPlan(db(), scope, {
      name: "monthly",
      priceAgorot: 30_000,
      durationValue: 1,
      durationUnit: "MONTHS",
    });
    const custom = await createPlan(db(), scope, { name: "Custom" });
    const odd = await createPlan(db(), scope, { name: "Annual", priceAgorot: 99_950 });
    await createPlan(db(), scope, { name: "Old", priceAgorot: 100, isActive: false });
    await createPlan(db(), t.scopeFor(other.studioId), { name: "Foreign" });
    const res = await s.call("GET", "/rpc/products");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Products",
      data: [
        { id: odd.id, value: "Annual (₪1000)" },
        { id: custom.id, value: "Custom (מחיר לפי מתאמן)" },
        { id: monthly.id, value: "monthly (₪300)" },
      ],
    });
  });

  it("coaches: active coaches of the studio by name, id and value the name", async () => {
    const s = await studio();
    const other = await studio();
    const [zed, amit, gone] = await db()
      .insert(coaches)
      .values([
        {
          studioId: s.studioId,
          name: "Zed Coach",
          firstName: "Zed",
          lastName: "Coach",
          email: "z@example.com",
        },
        {
          studioId: s.studioId,
          name: "amit bar",
          firstName: "amit",
          lastName: "bar",
          email: "a@example.com",
        },
        {
          studioId: s.studioId,
          name: "Gone",
          firstName: "G",
          lastName: "One",
          email: "g@example.com",
          active: false,
        },
      ])
      .returning();
    await db().insert(coaches).values({
      studioId: other.studioId,
      name: "Aaron",
      firstName: "A",
      lastName: "A",
      email: "x@example.com",
    });
    const res = await s.call("GET", "/rpc/coaches");
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Coaches");
    const values = res.body.data.map((c: { value: string }) => c.value);
    expect(values).not.toContain("Gone");
    expect(values).not.toContain("Aaron");
    expect(res.body.data.filter((c: { id: string }) => [zed!.id, amit!.id, gone!.id].includes(c.id))).toEqual(
      [
        { id: amit!.id, value: "amit bar" },
        { id: zed!.id, value: "Zed Coach" },
      ],
    );
    expect(
      [...values].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase())),
    ).toEqual(values);
  });

  it("tags: distinct tags of non-deleted trainees, sorted, id and value both the tag; another studio's are not listed", async () => {
    const s = await studio();
    const other = await studio();
    await addTrainee(t, s.studioId, { tags: ["vip", "בוקר", "Online"] });
    await addTrainee(t, s.studioId, { tags: ["vip", "אונליין", " "] });
    await addTrainee(t, s.studioId, { tags: [] });
    await addTrainee(t, s.studioId, { tags: ["deleted-only"], deletedAt: new Date() });
    await addTrainee(t, other.studioId, { tags: ["foreign"] });
    const res = await s.call("GET", "/rpc/tags");
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Tags");
    expect(res.body.data).toEqual(
      ["Online", "vip", "אונליין", "בוקר"].map((tag) => ({ id: tag, value: tag })),
    );
    expect((await (await studio()).call("GET", "/rpc/tags")).body.data).toEqual([]);
  });

  it("tags: read from at most 5000 trainees, the most recently updated", async () => {
    const s = await studio();
    await db().execute(sql`insert into clients (id, studio_id, first_name, phone, tags, updated_at)
      select 'bulk-' || ${s.studioId} || '-' || g, ${s.studioId}, 'T', '+97250' || lpad(g::text, 7, '0') || ${s.studioId},
             '["common"]'::jsonb, now() - interval '1 day'
      from generate_series(1, 5000) g`);
    await addTrainee(t, s.studioId, { tags: ["oldest"], updatedAt: new Date("2000-01-01T00:00:00Z") });
    await addTrainee(t, s.studioId, { tags: ["newest"] });
    const res = await s.call("GET", "/rpc/tags");
    expect(res.body.data.map((o: { value: string }) => o.value)).toEqual(["common", "newest"]);
  });
});
