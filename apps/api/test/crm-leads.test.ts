import { createCapturingLogger } from "@studio/observability";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { clients, coaches, leadActivities, leadNotes, leads, leadStatuses } from "@studio/db";
import { newOwner, recordingPorts, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

let t: TestApp;
const ports = recordingPorts();
beforeAll(async () => {
  // The worker runs, so anything a route enqueued would be sent.
  t = await startTestApp({ database: "postgres", ports, worker: true });
});
afterAll(async () => t?.close());

type LeadBody = {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  business: string | null;
  city: string | null;
  source: string | null;
  ownerCoachId: string | null;
  valueAgorot: number | null;
  statusId: string;
  lostReason: string | null;
  remindAt: string | null;
  clientId: string | null;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

async function createLead(user: WebUserContext, body: Record<string, unknown> = {}): Promise<LeadBody> {
  const res = await t.web("POST", "/v1/web/crm/leads", user, {
    name: "Noa Levi",
    phone: "050-1234567",
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function statusesOf(user: WebUserContext) {
  const res = await t.web("GET", "/v1/web/crm/board", user);
  return res.body.data.statuses as { id: string; key: string | null }[];
}
const keyId = async (user: WebUserContext, key: string) =>
  (await statusesOf(user)).find((s) => s.key === key)!.id;

async function studioIdOf(user: WebUserContext): Promise<string> {
  return (await t.web("GET", "/v1/web/studio", user)).body.data.id;
}

async function ownerCoach(user: WebUserContext) {
  const studioId = await studioIdOf(user);
  const [coach] = await t.deps.database.db
    .select()
    .from(coaches)
    .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, user.userId!)));
  return coach!;
}

const activitiesOf = (leadId: string) =>
  t.deps.database.db
    .select()
    .from(leadActivities)
    .where(eq(leadActivities.leadId, leadId))
    .orderBy(asc(leadActivities.createdAt));

/** A SUB_COACH of the same studio with no Coach row: the actor is recorded as nulls. */
const withoutCoachRow = (user: WebUserContext): WebUserContext => ({
  ...user,
  userId: `${user.userId}-norow`,
  role: "SUB_COACH",
});

/** Another studio's id and a missing id answer the same 404 body. */
async function expectLikeMissing(
  method: string,
  path: (id: string) => string,
  foreignId: string,
  body?: unknown,
  message = "lead not found",
) {
  const other = newOwner();
  const foreign = await t.web(method, path(foreignId), other, body);
  const missing = await t.web(method, path("does-not-exist"), other, body);
  expect(foreign.status).toBe(404);
  expect(foreign.body.message).toBe(message);
  expect({ ...foreign.body, requestId: "" }).toEqual({ ...missing.body, requestId: "" });
}

describe("POST /v1/web/crm/leads", () => {
  it("creates a lead (201): fields trimmed, empty becomes null, default status NEW, statuses seeded by the first create", async () => {
    const user = newOwner();
    const res = await t.web("POST", "/v1/web/crm/leads", user, {
      name: "  Noa Levi ",
      phone: " 050-1234567 ",
      email: "  ",
      business: " Gym ",
      city: "",
      source: "INSTAGRAM",
      valueAgorot: 150000,
    });
    expect(res.status).toBe(201);
    const lead = res.body.data as LeadBody;
    expect(lead).toMatchObject({
      name: "Noa Levi",
      phone: "050-1234567",
      email: null,
      business: "Gym",
      city: null,
      source: "INSTAGRAM",
      ownerCoachId: null,
      valueAgorot: 150000,
      lostReason: null,
      remindAt: null,
      clientId: null,
      deletedAt: null,
    });
    const statuses = await t.deps.database.db
      .select()
      .from(leadStatuses)
      .where(eq(leadStatuses.studioId, await studioIdOf(user)));
    expect(statuses).toHaveLength(6);
    expect(lead.statusId).toBe(statuses.find((s) => s.key === "NEW")!.id);
  });

  it("records a created activity with the actor: the caller's Coach row (id and name)", async () => {
    const user = newOwner({ userName: "Dana Levi" });
    const lead = await createLead(user);
    const coach = await ownerCoach(user);
    const acts = await activitiesOf(lead.id);
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ type: "created", coachId: coach.id, coachName: "Dana Levi" });
  });

  it("the actor is id and name null when the caller has no Coach row; no role guard (SUB_COACH creates)", async () => {
    const user = newOwner();
    const lead = await createLead(withoutCoachRow(user));
    expect((await activitiesOf(lead.id))[0]).toMatchObject({
      type: "created",
      coachId: null,
      coachName: null,
    });
  });

  it("a given statusId must be a status of the studio: unknown or another studio's answers BAD_REQUEST (400)", async () => {
    const user = newOwner();
    const won = await keyId(user, "WON");
    expect((await createLead(user, { statusId: won })).statusId).toBe(won);
    const other = newOwner();
    for (const statusId of [won, "no-such-status"]) {
      const res = await t.web("POST", "/v1/web/crm/leads", other, {
        name: "x",
        phone: "0501234567",
        statusId,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: "unknown status" });
    }
  });

  it("ownerCoachId: a non-coach id and another studio's coach both answer CONFLICT related resource constraint failed (docs/decisions/crm.md 'Lead owner')", async () => {
    const user = newOwner();
    const foreignCoach = await ownerCoach(newOwner());
    for (const ownerCoachId of [foreignCoach.id, "not-a-coach"]) {
      const res = await t.web("POST", "/v1/web/crm/leads", user, {
        name: "x",
        phone: "0501234567",
        ownerCoachId,
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "CONFLICT", message: "related resource constraint failed" });
    }
  });

  it("field limits answer VALIDATION (422): name 1-200, phone 3-40, texts max 200, valueAgorot a non-negative integer, source enum", async () => {
    const user = newOwner();
    const bad: Record<string, unknown>[] = [
      { name: "   " },
      { name: "x".repeat(201) },
      { phone: "12" },
      { phone: "1".repeat(41) },
      { email: "e".repeat(201) },
      { business: "b".repeat(201) },
      { city: "c".repeat(201) },
      { valueAgorot: -1 },
      { valueAgorot: 1.5 },
      { valueAgorot: 2_147_483_648 },
      { valueAgorot: "100" },
      { source: "TIKTOK" },
      { name: undefined },
      { phone: undefined },
    ];
    for (const body of bad) {
      const res = await t.web("POST", "/v1/web/crm/leads", user, {
        name: "ok",
        phone: "0501234567",
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    const max = await createLead(user, {
      name: "n".repeat(200),
      phone: "1".repeat(40),
      email: "e".repeat(200),
      valueAgorot: 0,
    });
    expect(max.name).toHaveLength(200);
    // valueAgorot up to the integer column's maximum; email format is not validated.
    const loose = await createLead(user, { email: " not an email ", valueAgorot: 2_147_483_647 });
    expect(loose).toMatchObject({ email: "not an email", valueAgorot: 2_147_483_647 });
  });
});

describe("GET /v1/web/crm/leads/:id", () => {
  it("answers the lead with all its notes (newest first, unlimited) and its activities (newest first, at most 100)", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const studioId = await studioIdOf(user);
    const db = t.deps.database.db;
    await db.execute(sql`
      insert into lead_notes (id, studio_id, lead_id, text, created_at)
      select 'n-' || g || '-' || ${lead.id}, ${studioId}, ${lead.id}, 'note ' || g, now() + (g || ' seconds')::interval
      from generate_series(1, 130) g`);
    await db.execute(sql`
      insert into lead_activities (id, studio_id, lead_id, type, created_at)
      select 'a-' || g || '-' || ${lead.id}, ${studioId}, ${lead.id}, 'note_added', now() + (g || ' seconds')::interval
      from generate_series(1, 150) g`);
    const res = await t.web("GET", `/v1/web/crm/leads/${lead.id}`, user);
    expect(res.status).toBe(200);
    const detail = res.body.data;
    expect(detail).toMatchObject({ id: lead.id, name: "Noa Levi", statusId: lead.statusId });
    expect(detail.notes).toHaveLength(130);
    expect(detail.notes[0].text).toBe("note 130");
    expect(detail.notes[129].text).toBe("note 1");
    expect(detail.activities).toHaveLength(100);
    expect(detail.activities[0].id).toBe(`a-150-${lead.id}`);
    expect(detail.activities[99].id).toBe(`a-51-${lead.id}`);
  });

  it("another studio's lead answers 404 lead not found exactly like a missing one", async () => {
    const lead = await createLead(newOwner());
    await expectLikeMissing("GET", (id) => `/v1/web/crm/leads/${id}`, lead.id);
  });
});

describe("PATCH /v1/web/crm/leads/:id", () => {
  it("field by field: only fields sent change, null clears a nullable field, create rules apply, no activity", async () => {
    const user = newOwner();
    const coach = await ownerCoach(user);
    const lead = await createLead(user, {
      email: "a@b.c",
      city: "Haifa",
      business: "Gym",
      source: "SITE",
      valueAgorot: 100,
      ownerCoachId: coach.id,
    });
    const res = await t.web("PATCH", `/v1/web/crm/leads/${lead.id}`, user, {
      city: null,
      email: "  ",
      business: " Studio ",
      valueAgorot: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Noa Levi",
      phone: "050-1234567",
      email: null,
      city: null,
      business: "Studio",
      source: "SITE",
      valueAgorot: null,
      ownerCoachId: coach.id,
      statusId: lead.statusId,
    });
    const again = await t.web("PATCH", `/v1/web/crm/leads/${lead.id}`, user, {
      name: " Noa L ",
      source: null,
      ownerCoachId: null,
    });
    expect(again.body.data).toMatchObject({
      name: "Noa L",
      source: null,
      ownerCoachId: null,
      business: "Studio",
    });
    const unchanged = await t.web("PATCH", `/v1/web/crm/leads/${lead.id}`, user, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data.name).toBe("Noa L");
    expect((await activitiesOf(lead.id)).map((a) => a.type)).toEqual(["created"]);
  });

  it("status, lost reason and reminder are not accepted: sending them answers VALIDATION and changes nothing", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const won = await keyId(user, "WON");
    for (const body of [
      { statusId: won },
      { lostReason: "price" },
      { remindAt: "2030-01-01T10:00:00Z" },
      { name: "x", remindAt: null },
    ]) {
      const res = await t.web("PATCH", `/v1/web/crm/leads/${lead.id}`, user, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
      expect(res.body.details.issues[0].path).toBe(Object.keys(body).at(-1));
    }
    const stored = (await t.web("GET", `/v1/web/crm/leads/${lead.id}`, user)).body.data;
    expect(stored).toMatchObject({ name: "Noa Levi", statusId: lead.statusId, remindAt: null });
  });

  it("name and phone cannot be cleared; limits answer VALIDATION; a non-coach owner is CONFLICT", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    for (const body of [
      { name: null },
      { phone: null },
      { name: "" },
      { phone: "12" },
      { city: "c".repeat(201) },
      { valueAgorot: -5 },
      { valueAgorot: 2_147_483_648 },
    ]) {
      const res = await t.web("PATCH", `/v1/web/crm/leads/${lead.id}`, user, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const res = await t.web("PATCH", `/v1/web/crm/leads/${lead.id}`, user, { ownerCoachId: "nobody" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("related resource constraint failed");
  });

  it("another studio's lead answers 404 lead not found exactly like a missing one, and is not changed", async () => {
    const lead = await createLead(newOwner());
    await expectLikeMissing("PATCH", (id) => `/v1/web/crm/leads/${id}`, lead.id, { name: "hijack" });
    const [row] = await t.deps.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.name).toBe("Noa Levi");
  });
});

describe("DELETE /v1/web/crm/leads/:id", () => {
  it("soft delete: the lead vanishes from every read, its notes and activities stay stored", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    expect((await t.web("POST", `/v1/web/crm/leads/${lead.id}/notes`, user, { text: "hello" })).status).toBe(
      201,
    );
    const res = await t.web("DELETE", `/v1/web/crm/leads/${lead.id}`, user);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: lead.id, deleted: true });
    expect((await t.web("GET", `/v1/web/crm/leads/${lead.id}`, user)).status).toBe(404);
    expect((await t.web("GET", "/v1/web/crm/board", user)).body.data.leads).toEqual([]);
    for (const [method, path, body] of [
      ["PATCH", "", { name: "x" }],
      ["DELETE", "", undefined],
      ["POST", "/duplicate", undefined],
      ["PUT", "/status", { statusId: lead.statusId }],
      ["PUT", "/reminder", { remindAt: null }],
      ["POST", "/notes", { text: "x" }],
      ["POST", "/convert", {}],
    ] as const) {
      const r = await t.web(method, `/v1/web/crm/leads/${lead.id}${path}`, user, body);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.message).toBe("lead not found");
    }
    const [row] = await t.deps.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(
      await t.deps.database.db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id)),
    ).toHaveLength(1);
    expect((await activitiesOf(lead.id)).map((a) => a.type)).toEqual(["created", "note_added"]);
  });

  it("another studio's lead answers 404 lead not found exactly like a missing one, and stays live", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    await expectLikeMissing("DELETE", (id) => `/v1/web/crm/leads/${id}`, lead.id);
    expect((await t.web("GET", `/v1/web/crm/leads/${lead.id}`, user)).status).toBe(200);
  });
});

describe("POST /v1/web/crm/leads/:id/duplicate", () => {
  it("copies status, phone, email, business, city, source, owner and value; name gets the Hebrew copy suffix; reminder, notes, activities, lostReason and clientId are not copied", async () => {
    const user = newOwner();
    const coach = await ownerCoach(user);
    const lost = await keyId(user, "LOST");
    const lead = await createLead(user, {
      email: "a@b.c",
      business: "Gym",
      city: "Haifa",
      source: "REFERRAL",
      valueAgorot: 5000,
      ownerCoachId: coach.id,
    });
    await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, { statusId: lost, lostReason: "price" });
    await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, user, { remindAt: "2030-01-01T09:00:00Z" });
    await t.web("POST", `/v1/web/crm/leads/${lead.id}/notes`, user, { text: "note" });
    const [client] = await t.deps.database.db
      .insert(clients)
      .values({ studioId: await studioIdOf(user), firstName: "Noa", phone: "+972501234567" })
      .returning();
    await t.deps.database.db.update(leads).set({ clientId: client!.id }).where(eq(leads.id, lead.id));

    const res = await t.web("POST", `/v1/web/crm/leads/${lead.id}/duplicate`, user);
    expect(res.status).toBe(201);
    const copy = res.body.data as LeadBody;
    expect(copy.id).not.toBe(lead.id);
    expect(copy).toMatchObject({
      name: "Noa Levi (העתק)",
      phone: "050-1234567",
      email: "a@b.c",
      business: "Gym",
      city: "Haifa",
      source: "REFERRAL",
      valueAgorot: 5000,
      ownerCoachId: coach.id,
      statusId: lost,
      lostReason: null,
      remindAt: null,
      clientId: null,
    });
    const detail = (await t.web("GET", `/v1/web/crm/leads/${copy.id}`, user)).body.data;
    expect(detail.notes).toEqual([]);
    expect(detail.activities).toHaveLength(1);
    expect(detail.activities[0]).toMatchObject({
      type: "duplicated",
      coachId: coach.id,
      data: { sourceLeadId: lead.id },
    });
    expect((await activitiesOf(lead.id)).map((a) => a.type)).not.toContain("duplicated");
  });

  it("a 200-character name stays within 200 characters with the suffix", async () => {
    const user = newOwner();
    const lead = await createLead(user, { name: "n".repeat(200) });
    const copy = (await t.web("POST", `/v1/web/crm/leads/${lead.id}/duplicate`, user)).body.data as LeadBody;
    expect(copy.name).toHaveLength(200);
    expect(copy.name.endsWith(" (העתק)")).toBe(true);
  });

  it("another studio's lead answers 404 lead not found exactly like a missing one", async () => {
    const lead = await createLead(newOwner());
    await expectLikeMissing("POST", (id) => `/v1/web/crm/leads/${id}/duplicate`, lead.id);
  });
});

describe("PUT /v1/web/crm/leads/:id/status", () => {
  it("moving to LOST stores lostReason (trimmed); moving elsewhere clears it", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const lost = await keyId(user, "LOST");
    const contacted = await keyId(user, "CONTACTED");
    const toLost = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, {
      statusId: lost,
      lostReason: "  too expensive ",
    });
    expect(toLost.status).toBe(200);
    expect(toLost.body.data).toMatchObject({ statusId: lost, lostReason: "too expensive" });
    const back = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, { statusId: contacted });
    expect(back.body.data).toMatchObject({ statusId: contacted, lostReason: null });
    const lostNoReason = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, { statusId: lost });
    expect(lostNoReason.body.data).toMatchObject({ statusId: lost, lostReason: null });
  });

  it("a non-empty lostReason with a non-LOST target answers VALIDATION (422) and changes nothing; an empty one is null", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const won = await keyId(user, "WON");
    const res = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, {
      statusId: won,
      lostReason: "price",
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("VALIDATION");
    expect((await t.web("GET", `/v1/web/crm/leads/${lead.id}`, user)).body.data.statusId).toBe(lead.statusId);
    const empty = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, {
      statusId: won,
      lostReason: "  ",
    });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ statusId: won, lostReason: null });
  });

  it("a status_changed activity is written only when the status or the reason changed", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const lost = await keyId(user, "LOST");
    const put = (body: unknown) => t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, body);
    await put({ statusId: lead.statusId }); // same status, no reason: nothing changed
    await put({ statusId: lost, lostReason: "price" });
    await put({ statusId: lost, lostReason: "price" }); // unchanged
    await put({ statusId: lost, lostReason: "timing" }); // reason changed
    const changes = (await activitiesOf(lead.id)).filter((a) => a.type === "status_changed");
    expect(changes.map((a) => a.data)).toEqual([
      { fromStatusId: lead.statusId, toStatusId: lost, lostReason: "price" },
      { fromStatusId: lost, toStatusId: lost, lostReason: "timing" },
    ]);
  });

  it("moving to WON this way creates no trainee", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const res = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, {
      statusId: await keyId(user, "WON"),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.clientId).toBeNull();
    expect(
      await t.deps.database.db
        .select()
        .from(clients)
        .where(eq(clients.studioId, await studioIdOf(user))),
    ).toEqual([]);
  });

  it("the target status must be in the same studio: another studio's status answers 404 status not found like a missing one", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const foreignStatus = await keyId(newOwner(), "LOST");
    const foreign = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, {
      statusId: foreignStatus,
    });
    const missing = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, { statusId: "nope" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("status not found");
    expect({ ...foreign.body, requestId: "" }).toEqual({ ...missing.body, requestId: "" });
  });

  it("statusId is required and lostReason at most 200 characters (VALIDATION); another studio's lead is 404 lead not found", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const lost = await keyId(user, "LOST");
    expect((await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, {})).status).toBe(422);
    expect(
      (
        await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, {
          statusId: lost,
          lostReason: "r".repeat(201),
        })
      ).status,
    ).toBe(422);
    await expectLikeMissing("PUT", (id) => `/v1/web/crm/leads/${id}/status`, lead.id, { statusId: lost });
  });
});

describe("PUT /v1/web/crm/leads/:id/reminder", () => {
  it("sets remindAt with a reminder_set activity and clears it with null (reminder_cleared); sends and queues nothing", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const sentBefore = ports.sent.chat.length + ports.sent.mail.length;
    const queued = async () =>
      (await t.jobsNamed("send-trainee-invite")).length + (await t.jobsNamed("send-coach-invitation")).length;
    const queuedBefore = await queued();
    const set = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, user, {
      remindAt: "2030-05-01T09:30:00+03:00",
    });
    expect(set.status).toBe(200);
    expect(set.body.data.remindAt).toBe("2030-05-01T06:30:00.000Z");
    const cleared = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, user, { remindAt: null });
    expect(cleared.body.data.remindAt).toBeNull();
    const acts = (await activitiesOf(lead.id)).filter((a) => a.type.startsWith("reminder"));
    expect(acts.map((a) => [a.type, a.data])).toEqual([
      ["reminder_set", { remindAt: "2030-05-01T06:30:00.000Z" }],
      ["reminder_cleared", null],
    ]);
    expect(ports.sent.chat.length + ports.sent.mail.length).toBe(sentBefore);
    expect(await queued()).toBe(queuedBefore);
  });

  it("a date alone is its first moment in server local time", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const res = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, user, { remindAt: "2030-05-01" });
    expect(res.body.data.remindAt).toBe(new Date(2030, 4, 1).toISOString());
  });

  it("remindAt is required (null clears) and must be a date; another studio's lead is 404 lead not found", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    for (const body of [{}, { remindAt: "soon" }, { remindAt: 5 }]) {
      const res = await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, user, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    await expectLikeMissing("PUT", (id) => `/v1/web/crm/leads/${id}/reminder`, lead.id, { remindAt: null });
  });
});

describe("POST /v1/web/crm/leads/:id/notes", () => {
  it("adds a note (201) with the actor and text trimmed, and a note_added activity", async () => {
    const user = newOwner({ userName: "Dana Levi" });
    const coach = await ownerCoach(user);
    const lead = await createLead(user);
    const res = await t.web("POST", `/v1/web/crm/leads/${lead.id}/notes`, user, {
      text: "  called, call back Sunday  ",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      leadId: lead.id,
      text: "called, call back Sunday",
      coachId: coach.id,
      coachName: "Dana Levi",
    });
    expect(typeof res.body.data.createdAt).toBe("string");
    const acts = await activitiesOf(lead.id);
    expect(acts.at(-1)).toMatchObject({
      type: "note_added",
      coachId: coach.id,
      data: { noteId: res.body.data.id },
    });
  });

  it("a caller without a Coach row writes a note with coachId and coachName null", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const res = await t.web("POST", `/v1/web/crm/leads/${lead.id}/notes`, withoutCoachRow(user), {
      text: "hi",
    });
    expect(res.body.data).toMatchObject({ coachId: null, coachName: null });
  });

  it("text is 1 to 4000 characters after trimming (VALIDATION otherwise); another studio's lead is 404 lead not found", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    for (const text of ["", "    ", "x".repeat(4001)]) {
      const res = await t.web("POST", `/v1/web/crm/leads/${lead.id}/notes`, user, { text });
      expect(res.status).toBe(422);
    }
    expect(
      (await t.web("POST", `/v1/web/crm/leads/${lead.id}/notes`, user, { text: ` ${"x".repeat(4000)} ` }))
        .status,
    ).toBe(201);
    await expectLikeMissing("POST", (id) => `/v1/web/crm/leads/${id}/notes`, lead.id, { text: "x" });
  });
});

describe("CRM: write endpoints record the actor", () => {
  it("every activity and note records the caller's Coach row (id and name), or id and name null when none exists", async () => {
    const user = newOwner({ userName: "Dana Levi" });
    const coach = await ownerCoach(user);
    const lost = await keyId(user, "LOST");
    const writeEverything = async (caller: WebUserContext, phone: string) => {
      const lead = await createLead(caller, { phone });
      expect(
        (
          await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, caller, {
            statusId: lost,
            lostReason: "price",
          })
        ).status,
      ).toBe(200);
      expect(
        (await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, caller, { remindAt: "2030-01-01" }))
          .status,
      ).toBe(200);
      expect(
        (await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, caller, { remindAt: null })).status,
      ).toBe(200);
      const note = await t.web("POST", `/v1/web/crm/leads/${lead.id}/notes`, caller, { text: "hi" });
      expect(note.status).toBe(201);
      const copy = await t.web("POST", `/v1/web/crm/leads/${lead.id}/duplicate`, caller);
      expect(copy.status).toBe(201);
      expect((await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, caller, {})).status).toBe(200);
      const acts = [...(await activitiesOf(lead.id)), ...(await activitiesOf(copy.body.data.id))];
      expect(acts.map((a) => a.type).sort()).toEqual([
        "converted",
        "created",
        "duplicated",
        "note_added",
        "reminder_cleared",
        "reminder_set",
        "status_changed",
      ]);
      return { acts, note: note.body.data };
    };

    const withCoach = await writeEverything(user, "050-7000001");
    for (const a of withCoach.acts)
      expect(a, a.type).toMatchObject({ coachId: coach.id, coachName: "Dana Levi" });
    expect(withCoach.note).toMatchObject({ coachId: coach.id, coachName: "Dana Levi" });

    const anonymous = await writeEverything(withoutCoachRow(user), "050-7000002");
    for (const a of anonymous.acts) expect(a, a.type).toMatchObject({ coachId: null, coachName: null });
    expect(anonymous.note).toMatchObject({ coachId: null, coachName: null });
  });
});

describe("CRM: every handler needs the studio id from authentication", () => {
  it("without a studio in the web user context every CRM route answers UNAUTHORIZED (401)", async () => {
    const noStudio = { ...newOwner(), studioId: undefined };
    const routes: [string, string, unknown?][] = [
      ["GET", "/v1/web/crm/board"],
      ["POST", "/v1/web/crm/leads", { name: "x", phone: "0501234567" }],
      ["GET", "/v1/web/crm/leads/l1"],
      ["PATCH", "/v1/web/crm/leads/l1", { name: "x" }],
      ["DELETE", "/v1/web/crm/leads/l1"],
      ["POST", "/v1/web/crm/leads/l1/duplicate"],
      ["PUT", "/v1/web/crm/leads/l1/status", { statusId: "s1" }],
      ["PUT", "/v1/web/crm/leads/l1/reminder", { remindAt: null }],
      ["POST", "/v1/web/crm/leads/l1/notes", { text: "x" }],
      ["POST", "/v1/web/crm/leads/l1/convert", {}],
      ["POST", "/v1/web/crm/statuses", { label: "x", color: "#000000" }],
      ["PATCH", "/v1/web/crm/statuses/s1", { label: "x" }],
      ["DELETE", "/v1/web/crm/statuses/s1"],
    ];
    for (const [method, path, body] of routes) {
      const res = await t.web(method, path, noStudio, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe("UNAUTHORIZED");
    }
  });
});

describe("LeadActivity: writing an activity never fails the request", () => {
  it("with every activity insert failing in the database, writes still succeed and the failure is logged", async () => {
    const db = t.deps.database.db;
    const capture = createCapturingLogger();
    const logged = capture.lines;
    const originalLogger = t.deps.logger;
    t.deps.logger = capture.logger;
    await db.execute(sql`create or replace function crm_test_refuse_activity() returns trigger language plpgsql as $$
      begin raise exception 'activity writes refused by test'; end $$`);
    await db.execute(
      sql`create trigger crm_test_refuse_activity before insert on lead_activities for each row execute function crm_test_refuse_activity()`,
    );
    try {
      const user = newOwner();
      const lead = await createLead(user);
      const lost = await keyId(user, "LOST");
      expect(
        (await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, { statusId: lost, lostReason: "x" }))
          .body.data.lostReason,
      ).toBe("x");
      expect(
        (await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, user, { remindAt: "2031-01-01" }))
          .status,
      ).toBe(200);
      expect(
        (await t.web("PUT", `/v1/web/crm/leads/${lead.id}/reminder`, user, { remindAt: null })).status,
      ).toBe(200);
      expect((await t.web("POST", `/v1/web/crm/leads/${lead.id}/notes`, user, { text: "kept" })).status).toBe(
        201,
      );
      expect((await t.web("POST", `/v1/web/crm/leads/${lead.id}/duplicate`, user)).status).toBe(201);
      const detail = (await t.web("GET", `/v1/web/crm/leads/${lead.id}`, user)).body.data;
      expect(detail).toMatchObject({ statusId: lost, lostReason: "x", remindAt: null, activities: [] });
      expect(detail.notes.map((n: { text: string }) => n.text)).toEqual(["kept"]);
      expect(logged.map((l) => [l.msg, l.fields?.type])).toEqual([
        ["lead activity not written", "created"],
        ["lead activity not written", "status_changed"],
        ["lead activity not written", "reminder_set"],
        ["lead activity not written", "reminder_cleared"],
        ["lead activity not written", "note_added"],
        ["lead activity not written", "duplicated"],
      ]);
      expect(logged[0]!.fields).toMatchObject({
        error: "activity writes refused by test",
        sqlState: "P0001",
        leadId: lead.id,
      });
      // The log carries no lead data (the ORM's wrapper message would repeat the query parameters).
      expect(JSON.stringify(logged)).not.toContain("050-1234567");
    } finally {
      await db.execute(sql`drop trigger crm_test_refuse_activity on lead_activities`);
      t.deps.logger = originalLogger;
    }
  });
});
