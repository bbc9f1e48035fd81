import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { clients, coaches, leadActivities, leads, leadStatuses, studios } from "@studio/db";
import { newOwner, recordingPorts, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

let t: TestApp;
const ports = recordingPorts();
beforeAll(async () => {
  // The worker runs: chat invites leave through the job queue after the answer.
  t = await startTestApp({ database: "postgres", ports, worker: true });
});
afterAll(async () => t?.close());

async function createLead(user: WebUserContext, body: Record<string, unknown> = {}) {
  const res = await t.web("POST", "/v1/web/crm/leads", user, {
    name: "Noa Bat Levi",
    phone: "050-1234567",
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; statusId: string; clientId: string | null };
}

async function statusId(user: WebUserContext, key: string): Promise<string> {
  const statuses = (await t.web("GET", "/v1/web/crm/board", user)).body.data.statuses as {
    id: string;
    key: string;
  }[];
  return statuses.find((s) => s.key === key)!.id;
}

async function studioIdOf(user: WebUserContext): Promise<string> {
  return (await t.web("GET", "/v1/web/studio", user)).body.data.id;
}

const clientsOf = async (user: WebUserContext) =>
  t.deps.database.db
    .select()
    .from(clients)
    .where(eq(clients.studioId, await studioIdOf(user)));
const leadRow = async (id: string) =>
  (await t.deps.database.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const activityTypes = async (leadId: string) =>
  (
    await t.deps.database.db
      .select()
      .from(leadActivities)
      .where(eq(leadActivities.leadId, leadId))
      .orderBy(asc(leadActivities.createdAt))
  ).map((a) => a.type);
const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, requestId: "" });

describe("POST /v1/web/crm/leads/:id/convert", () => {
  it("creates the trainee from the lead (name split on whitespace, phone normalized, email, no tags), links it, moves the lead to WON, clears lostReason, writes converted", async () => {
    const user = newOwner();
    const lead = await createLead(user, { name: "  Noa   Bat  Levi ", email: "noa@example.com" });
    const lost = await statusId(user, "LOST");
    await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, { statusId: lost, lostReason: "price" });

    const res = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, {});
    expect(res.status).toBe(200);
    const { client, created } = res.body.data;
    expect(created).toBe(true);
    expect(client).toMatchObject({
      firstName: "Noa",
      lastName: "Bat Levi",
      phone: "+972501234567",
      email: "noa@example.com",
      tags: [],
      status: "ACTIVE",
    });
    const stored = await clientsOf(user);
    expect(stored.map((c) => c.id)).toEqual([client.id]);

    const row = await leadRow(lead.id);
    expect(row).toMatchObject({
      clientId: client.id,
      statusId: await statusId(user, "WON"),
      lostReason: null,
    });
    expect(await activityTypes(lead.id)).toEqual(["created", "status_changed", "converted"]);
    const [converted] = await t.deps.database.db
      .select()
      .from(leadActivities)
      .where(eq(leadActivities.type, "converted"));
    expect(converted).toMatchObject({
      data: { clientId: client.id, fromStatusId: lost, toStatusId: row.statusId },
    });
    const view = (await t.web("GET", `/v1/web/crm/leads/${lead.id}`, user)).body.data;
    expect(view).toMatchObject({ clientId: client.id, lostReason: null });
  });

  it("a one-word name gives an empty lastName; a lead without email gives a trainee without email", async () => {
    const user = newOwner();
    const lead = await createLead(user, { name: "Madonna" });
    const { client } = (await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, {})).body.data;
    expect(client).toMatchObject({ firstName: "Madonna", lastName: "", email: null });
  });

  it("a lead that already has clientId answers that client with created false and changes nothing", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const first = (await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, {})).body.data;
    const contacted = await statusId(user, "CONTACTED");
    await t.web("PUT", `/v1/web/crm/leads/${lead.id}/status`, user, { statusId: contacted });
    const before = await leadRow(lead.id);
    const typesBefore = await activityTypes(lead.id);

    const again = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, { sendInvite: true });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ client: first.client, created: false });
    expect(await leadRow(lead.id)).toEqual(before);
    expect(await activityTypes(lead.id)).toEqual(typesBefore);
    expect(await clientsOf(user)).toHaveLength(1);
  });

  it("sendInvite (default false) is passed to the clients service, which sends the chat invite", async () => {
    const user = newOwner();
    const studioId = await studioIdOf(user);
    const quiet = await createLead(user, { phone: "052-7654321" });
    await t.web("POST", `/v1/web/crm/leads/${quiet.id}/convert`, user, {});
    const invited = await createLead(user, { phone: "054-1112222" });
    expect(
      (await t.web("POST", `/v1/web/crm/leads/${invited.id}/convert`, user, { sendInvite: true })).status,
    ).toBe(200);
    // The worker sends it after the answer; only the invited lead's trainee gets a job.
    const sentToStudio = () =>
      (ports.sent.chat as { studioId: string }[]).filter((m) => m.studioId === studioId);
    await expect.poll(() => sentToStudio().length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(sentToStudio()).toEqual([expect.objectContaining({ phone: "+972541112222", studioId })]);
    const invites = (await t.jobsNamed("send-trainee-invite")).filter((j) => j.data.studioId === studioId);
    expect(invites).toHaveLength(1);
    expect(
      (await t.web("POST", `/v1/web/crm/leads/${invited.id}/convert`, user, { sendInvite: "yes" })).status,
    ).toBe(422);
  });

  it("errors of the clients service pass through unchanged: phone taken (CONFLICT), invalid phone (VALIDATION), plan limit (FORBIDDEN); the lead is untouched", async () => {
    const user = newOwner();
    const existing = await t.web("POST", "/v1/web/clients", user, {
      firstName: "Taken",
      phone: "+972501234567",
    });
    expect(existing.status).toBe(201);
    const direct = await t.web("POST", "/v1/web/clients", user, { firstName: "Noa", phone: "050-1234567" });
    const lead = await createLead(user, { phone: "050-1234567" });
    const viaConvert = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, {});
    expect(viaConvert.status).toBe(409);
    expect(withoutRequestId(viaConvert.body)).toEqual(withoutRequestId(direct.body));

    const badPhone = await createLead(user, { phone: "12345" });
    const directBad = await t.web("POST", "/v1/web/clients", user, { firstName: "Noa", phone: "12345" });
    const convertBad = await t.web("POST", `/v1/web/crm/leads/${badPhone.id}/convert`, user, {});
    expect(convertBad.status).toBe(422);
    expect(withoutRequestId(convertBad.body)).toEqual(withoutRequestId(directBad.body));

    await t.deps.database.db
      .update(studios)
      .set({ clientLimit: 1 })
      .where(eq(studios.id, await studioIdOf(user)));
    const limited = await createLead(user, { phone: "053-9998888" });
    const directLimited = await t.web("POST", "/v1/web/clients", user, {
      firstName: "Noa",
      phone: "053-9998888",
    });
    const convertLimited = await t.web("POST", `/v1/web/crm/leads/${limited.id}/convert`, user, {});
    expect(convertLimited.status).toBe(403);
    expect(convertLimited.body.details.reason).toBe("PLAN_LIMIT_CLIENTS");
    expect(withoutRequestId(convertLimited.body)).toEqual(withoutRequestId(directLimited.body));

    for (const id of [lead.id, badPhone.id, limited.id]) {
      expect(await leadRow(id)).toMatchObject({ clientId: null, statusId: lead.statusId });
      expect(await activityTypes(id)).toEqual(["created"]);
    }
    expect(await clientsOf(user)).toHaveLength(1);
  });

  it("the clients service validates what convert passes: a first word over 100 characters is VALIDATION like on the trainee form, and nothing is created", async () => {
    const user = newOwner();
    const longName = `${"א".repeat(150)} כהן`;
    const lead = await createLead(user, { name: longName, phone: "054-7776666" });
    const direct = await t.web("POST", "/v1/web/clients", user, {
      firstName: "א".repeat(150),
      lastName: "כהן",
      phone: "054-7776666",
    });
    const res = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, {});
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      ok: false,
      code: "VALIDATION",
      details: { issues: [expect.objectContaining({ path: "firstName" })] },
    });
    expect(direct.body.code).toBe("VALIDATION");
    expect(await leadRow(lead.id)).toMatchObject({ clientId: null });
    expect(await clientsOf(user)).toHaveLength(0);
  });

  it("retry-safe: when linking the lead fails nothing stays (trainee and invite roll back); the retry converts, with one trainee", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const db = t.deps.database.db;
    await db.execute(sql`create sequence crm_test_lead_update_failures`);
    await db.execute(sql`create or replace function crm_test_fail_lead_link_once() returns trigger language plpgsql as $$
      begin
        if new.client_id is not null and old.client_id is null and nextval('crm_test_lead_update_failures') = 1 then
          raise exception 'lead update refused once by test';
        end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger crm_test_fail_lead_link_once before update on leads for each row execute function crm_test_fail_lead_link_once()`,
    );
    try {
      const failed = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, { sendInvite: true });
      expect(failed.status).toBe(500);
      expect(failed.body.code).toBe("INTERNAL");
      expect(await clientsOf(user)).toHaveLength(0);
      expect(await leadRow(lead.id)).toMatchObject({ clientId: null, statusId: lead.statusId });

      const retry = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, {});
      expect(retry.status).toBe(200);
      expect(retry.body.data.created).toBe(true);
      expect(await clientsOf(user)).toHaveLength(1);
      expect((await leadRow(lead.id)).clientId).toBe(retry.body.data.client.id);
    } finally {
      await db.execute(sql`drop trigger crm_test_fail_lead_link_once on leads`);
      await db.execute(sql`drop sequence crm_test_lead_update_failures`);
    }
  });

  it("30 concurrent converts of one lead: one creates, 29 answer like the second sequential call (200, created false, the same trainee)", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    await t.web("GET", "/v1/web/crm/board", user); // studio and statuses exist before the race
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, {})),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(answers.filter((a) => a.body.data.created === true)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.body.data.client.id));
    expect(ids.size).toBe(1);
    expect(await clientsOf(user)).toHaveLength(1);
    expect(await activityTypes(lead.id)).toEqual(["created", "converted"]);
  });

  it("a failing converted activity does not fail the convert", async () => {
    const user = newOwner();
    const lead = await createLead(user);
    const db = t.deps.database.db;
    await db.execute(sql`create or replace function crm_test_refuse_converted() returns trigger language plpgsql as $$
      begin if new.type = 'converted' then raise exception 'refused by test'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger crm_test_refuse_converted before insert on lead_activities for each row execute function crm_test_refuse_converted()`,
    );
    try {
      const res = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, user, {});
      expect(res.status).toBe(200);
      expect(res.body.data.created).toBe(true);
      expect((await leadRow(lead.id)).clientId).toBe(res.body.data.client.id);
      expect(await activityTypes(lead.id)).toEqual(["created"]);
    } finally {
      await db.execute(sql`drop trigger crm_test_refuse_converted on lead_activities`);
    }
  });

  it("the first convert call seeds the statuses, even for a lead that is not found", async () => {
    const user = newOwner();
    const res = await t.web("POST", "/v1/web/crm/leads/nope/convert", user, {});
    expect(res.status).toBe(404);
    const rows = await t.deps.database.db
      .select()
      .from(leadStatuses)
      .where(eq(leadStatuses.studioId, await studioIdOf(user)));
    expect(rows.map((r) => r.key).sort()).toEqual([
      "CONTACTED",
      "LOST",
      "NEW",
      "PROPOSAL",
      "QUALIFIED",
      "WON",
    ]);
  });

  it("another studio's lead answers 404 lead not found exactly like a missing one, and creates no trainee", async () => {
    const owner = newOwner();
    const lead = await createLead(owner);
    const other = newOwner();
    const foreign = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, other, {});
    const missing = await t.web("POST", "/v1/web/crm/leads/does-not-exist/convert", other, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("lead not found");
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    expect(await clientsOf(other)).toEqual([]);
    expect(await clientsOf(owner)).toEqual([]);
    expect((await leadRow(lead.id)).clientId).toBeNull();
  });

  it("no role guard and no coach scoping: a SUB_COACH limited to assigned trainees converts any lead", async () => {
    const owner = newOwner();
    const lead = await createLead(owner);
    const sub = { ...owner, userId: `${owner.userId}-sub`, role: "SUB_COACH" };
    await t.deps.database.db.insert(coaches).values({
      studioId: await studioIdOf(owner),
      externalUserId: sub.userId,
      name: "Sub Coach",
      firstName: "Sub",
      lastName: "Coach",
      email: "sub@example.com",
      permissions: { trainees: "assigned" },
    });
    const res = await t.web("POST", `/v1/web/crm/leads/${lead.id}/convert`, sub, {});
    expect(res.status).toBe(200);
    expect(res.body.data.client.coachIds).toEqual([]);
  });
});
