import { createCapturingLogger } from "@studio/observability";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { clients } from "@studio/db";
import { createTrainee } from "@studio/domain";
import { newOwner, recordingPorts, startTestApp, type TestApp } from "./support/harness";
import { addClient, addCoach, setStudioSettings, studioIdOf, uniquePhone } from "./support/team-fixtures";

let t: TestApp;
const ports = recordingPorts();
beforeAll(async () => {
  // The worker runs: invites leave through the job queue after the answer.
  t = await startTestApp({ database: "postgres", ports, worker: true });
});
/** The worker polls every 0.5 s. */
const POLL = { timeout: 10_000, interval: 100 };
const sentTo = (phone: string) => (ports.sent.chat as { phone: string }[]).filter((m) => m.phone === phone);
afterAll(async () => t?.close());

describe("trainee creation (the clients service)", () => {
  it("phones are normalized to E.164 with Israel as the default region", async () => {
    const owner = newOwner();
    const phone = uniquePhone();
    const client = await addClient(t, owner, { phone: phone.local });
    expect(client.phone).toBe(phone.e164);
    const intl = await addClient(t, owner, { phone: "+1 (212) 555-0100" });
    expect(intl.phone).toBe("+12125550100");
  });

  it("an unparseable phone answers VALIDATION 422", async () => {
    for (const phone of ["not a phone", "12345"]) {
      const res = await t.web("POST", "/v1/web/clients", newOwner(), { firstName: "A", phone });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
      expect(res.body.details.issues[0].path).toBe("phone");
    }
  });

  it("a phone is unique per studio among non-deleted trainees: CONFLICT in any format, free again after a delete, free in another studio", async () => {
    const owner = newOwner();
    const phone = uniquePhone();
    const first = await addClient(t, owner, { phone: phone.local });
    const dup = await t.web("POST", "/v1/web/clients", owner, {
      firstName: "B",
      phone: phone.e164.replace("+972", "0"),
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: "CONFLICT", message: "a client with this phone already exists" });
    expect(dup.body.details.clientId).toBe(first.id);

    await addClient(t, newOwner(), { phone: phone.local });

    expect((await t.web("DELETE", `/v1/web/clients/${first.id}`, owner)).status).toBe(200);
    const again = await addClient(t, owner, { phone: phone.local });
    expect(again.id).not.toBe(first.id);
  });

  it("the studio's clientLimit caps non-deleted trainees: FORBIDDEN details.reason PLAN_LIMIT_CLIENTS with limit and count", async () => {
    const owner = newOwner();
    await setStudioSettings(t, owner, { clientLimit: 2 });
    const a = await addClient(t, owner);
    await addClient(t, owner);
    const refused = await t.web("POST", "/v1/web/clients", owner, {
      firstName: "C",
      phone: uniquePhone().local,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("FORBIDDEN");
    expect(refused.body.details).toMatchObject({ reason: "PLAN_LIMIT_CLIENTS", limit: 2, count: 2 });
    // A soft-deleted trainee no longer counts.
    await t.web("DELETE", `/v1/web/clients/${a.id}`, owner);
    await addClient(t, owner);
  });

  it("the client limit holds under concurrency: 12 simultaneous creates against clientLimit 3 make exactly 3 trainees", async () => {
    const owner = newOwner();
    await setStudioSettings(t, owner, { clientLimit: 3 });
    const studioId = await studioIdOf(t, owner);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.web("POST", "/v1/web/clients", owner, { firstName: `R${i}`, phone: uniquePhone().local }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 201))
      expect(r.body.details.reason).toBe("PLAN_LIMIT_CLIENTS");
    const live = await t.deps.database.db
      .select()
      .from(clients)
      .where(and(eq(clients.studioId, studioId), isNull(clients.deletedAt)));
    expect(live).toHaveLength(3);
  });

  it("the same phone sent twice at once creates one trainee (the other answers CONFLICT)", async () => {
    const owner = newOwner();
    const phone = uniquePhone().local;
    const results = await Promise.all(
      [0, 1, 2].map(() => t.web("POST", "/v1/web/clients", owner, { firstName: "Twin", phone })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("defaults: status ACTIVE, lastName empty, no coaches, no tags; profile fields are stored as sent", async () => {
    const owner = newOwner();
    const bare = await addClient(t, owner, { lastName: undefined });
    expect(bare).toMatchObject({
      status: "ACTIVE",
      lastName: "",
      coachIds: [],
      primaryCoachId: null,
      tags: [],
      goals: [],
      externalId: null,
    });
    const full = await addClient(t, owner, {
      email: "noa@example.com",
      tags: ["vip", "morning", "vip"],
      goals: ["lose 5 kg", "run 10 km"],
      goal: "feel strong",
      status: "PAUSED",
      timezone: "Europe/London",
      goalWeightKg: 62.5,
      birthDate: "1990-04-01",
      gender: "FEMALE",
      heightCm: 168,
      weightKg: 70.2,
      stepsGoal: 8000,
      waterGoalMl: 2500,
      updateCadence: "WEEKLY",
    });
    expect(full).toMatchObject({
      email: "noa@example.com",
      tags: ["vip", "morning"],
      goals: ["lose 5 kg", "run 10 km"],
      goal: "feel strong",
      status: "PAUSED",
      timezone: "Europe/London",
      goalWeightKg: 62.5,
      birthDate: "1990-04-01",
      gender: "FEMALE",
      heightCm: 168,
      weightKg: 70.2,
      stepsGoal: 8000,
      waterGoalMl: 2500,
      updateCadence: "WEEKLY",
    });
    expect((await t.web("GET", `/v1/web/clients/${full.id}`, owner)).body.data).toEqual(full);
  });

  it("status must be ACTIVE, PAUSED, CHURN_RISK, CHURNED or ARCHIVED; timezone a valid IANA zone", async () => {
    const owner = newOwner();
    for (const body of [{ status: "GONE" }, { timezone: "Mars/Olympus" }]) {
      const res = await t.web("POST", "/v1/web/clients", owner, {
        firstName: "A",
        phone: uniquePhone().local,
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    for (const status of ["ACTIVE", "PAUSED", "CHURN_RISK", "CHURNED", "ARCHIVED"]) {
      expect((await addClient(t, owner, { status })).status).toBe(status);
    }
  });

  it("trainee tags on create: at most 50; coach ids: at most 20", async () => {
    const owner = newOwner();
    const tags = await t.web("POST", "/v1/web/clients", owner, {
      firstName: "A",
      phone: uniquePhone().local,
      tags: Array.from({ length: 51 }, (_, i) => `t${i}`),
    });
    expect(tags.status).toBe(422);
    expect(tags.body.details.issues[0].path).toBe("tags");
    const fifty = await addClient(t, owner, { tags: Array.from({ length: 50 }, (_, i) => `t${i}`) });
    expect(fifty.tags).toHaveLength(50);
    const coaches = await t.web("POST", "/v1/web/clients", owner, {
      firstName: "A",
      phone: uniquePhone().local,
      coachIds: Array.from({ length: 21 }, (_, i) => `c${i}`),
    });
    expect(coaches.status).toBe(422);
    expect(coaches.body.details.issues[0].path).toBe("coachIds");
  });

  it("coach assignments with a primary coach: the first coach by default, a named primary kept, an unlisted primary added first", async () => {
    const owner = newOwner();
    const { coach: a } = await addCoach(t, owner);
    const { coach: b } = await addCoach(t, owner);
    const byDefault = await addClient(t, owner, { coachIds: [a.id, b.id, a.id] });
    expect(byDefault).toMatchObject({ coachIds: [a.id, b.id], primaryCoachId: a.id });
    const named = await addClient(t, owner, { coachIds: [a.id, b.id], primaryCoachId: b.id });
    expect(named).toMatchObject({ coachIds: [a.id, b.id], primaryCoachId: b.id });
    const unlisted = await addClient(t, owner, { coachIds: [a.id], primaryCoachId: b.id });
    expect(unlisted).toMatchObject({ coachIds: [b.id, a.id], primaryCoachId: b.id });
    const onlyPrimary = await addClient(t, owner, { primaryCoachId: a.id });
    expect(onlyPrimary).toMatchObject({ coachIds: [a.id], primaryCoachId: a.id });
  });

  it("coach ids must be active coaches of the studio: another studio's or a dismissed coach is VALIDATION unknown team member selected", async () => {
    const owner = newOwner();
    const { coach: foreign } = await addCoach(t, newOwner());
    const { coach: gone } = await addCoach(t, owner);
    expect((await t.web("DELETE", `/v1/web/coaches/${gone.id}`, owner)).status).toBe(200);
    for (const coachIds of [[foreign.id], [gone.id], ["no-such-coach"]]) {
      const res = await t.web("POST", "/v1/web/clients", owner, {
        firstName: "A",
        phone: uniquePhone().local,
        coachIds,
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("unknown team member selected");
    }
  });

  it("a coach's clientLimit is the most trainees they take: one more assignment answers FORBIDDEN COACH_CLIENT_LIMIT", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner, { clientLimit: 1 });
    await addClient(t, owner, { coachIds: [coach.id] });
    const res = await t.web("POST", "/v1/web/clients", owner, {
      firstName: "A",
      phone: uniquePhone().local,
      coachIds: [coach.id],
    });
    expect(res.status).toBe(403);
    expect(res.body.details).toMatchObject({
      reason: "COACH_CLIENT_LIMIT",
      coachId: coach.id,
      limit: 1,
      count: 1,
    });
  });

  it("a coach limited to assigned trainees is assigned to the trainee they create (so they can reach it)", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const client = await addClient(t, as);
    expect(client.coachIds).toEqual([coach.id]);
    expect((await t.web("GET", `/v1/web/clients/${client.id}`, as)).status).toBe(200);
  });

  it("sendInvite sends the app invite through the chat channel to the E.164 phone; without it nothing is sent", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const quiet = await addClient(t, owner);
    const phone = uniquePhone();
    const invited = await addClient(t, owner, { firstName: "Maya", phone: phone.local, sendInvite: true });
    // The worker sends it after the answer.
    await expect.poll(() => sentTo(phone.e164).length, POLL).toBe(1);
    expect(sentTo(phone.e164)[0]).toMatchObject({
      studioId,
      phone: phone.e164,
      text: expect.stringContaining("Maya"),
    });
    const invites = (await t.jobsNamed("send-trainee-invite")).map((j) => j.data.clientId);
    expect(invites).toContain(invited.id);
    expect(invites).not.toContain(quiet.id);
  });

  it("the invite job commits with the trainee: a caller's transaction that rolls back leaves neither, one that commits sends it", async () => {
    const studioId = await studioIdOf(t, newOwner());
    const rolledBack = uniquePhone();
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        await createTrainee(tx, t.scopeFor(studioId), {
          firstName: "Gone",
          phone: rolledBack.local,
          sendInvite: true,
        });
        throw new Error("import failed later");
      }),
    ).rejects.toThrow("import failed later");
    const kept = uniquePhone();
    const created = await t.deps.database.db.transaction((tx) =>
      createTrainee(tx, t.scopeFor(studioId), { firstName: "Kept", phone: kept.local, sendInvite: true }),
    );
    const invites = (await t.jobsNamed("send-trainee-invite")).filter((j) => j.data.studioId === studioId);
    expect(invites.map((j) => j.data.clientId)).toEqual([created.id]);
    await expect.poll(() => sentTo(kept.e164).length, POLL).toBe(1);
    expect(sentTo(rolledBack.e164)).toEqual([]);
  });

  it("the operation is reusable outside the web lane (CRM convert, automation, imports): studio-wide actor, externalId kept", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const phone = uniquePhone();
    const created = await createTrainee(t.deps.database.db, t.scopeFor(studioId), {
      firstName: "Lead",
      phone: phone.local,
    });
    expect(created).toMatchObject({ firstName: "Lead", phone: phone.e164, status: "ACTIVE" });
    const withExternal = await createTrainee(t.deps.database.db, t.scopeFor(studioId), {
      firstName: "Ext",
      phone: uniquePhone().local,
      externalId: "crm-42",
    });
    expect(withExternal.externalId).toBe("crm-42");
    await expect(
      createTrainee(t.deps.database.db, t.scopeFor(studioId), { firstName: "Dup", phone: phone.e164 }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });
});

describe("chat invite failures", () => {
  it("a failing chat provider never fails the create; the invite job is retried and the failure logged without personal data", async () => {
    const capture = createCapturingLogger();
    const failing = await startTestApp({
      database: "postgres",
      worker: true,
      logger: capture.logger,
      ports: { chat: { sendMessage: async () => Promise.reject(new Error("provider down")) } },
    });
    try {
      const phone = uniquePhone();
      const res = await failing.web("POST", "/v1/web/clients", newOwner(), {
        firstName: "Avigail",
        lastName: "Mizrahi",
        phone: phone.local,
        sendInvite: true,
      });
      expect(res.status).toBe(201);
      const failure = () =>
        capture.lines.find(
          (l) => l.msg === "job failed, will retry" && l.fields.job === "send-trainee-invite",
        );
      await expect.poll(failure, POLL).toBeDefined();
      expect(failure()).toMatchObject({
        level: "warn",
        fields: { requestId: res.body.requestId, attempt: 1, error: "provider down" },
      });
      await expect
        .poll(async () => (await failing.jobsNamed("send-trainee-invite"))[0]?.state, POLL)
        .toBe("retry");
      const logged = JSON.stringify(capture.lines);
      for (const personal of [phone.e164, phone.local, "Avigail", "Mizrahi"])
        expect(logged).not.toContain(personal);
    } finally {
      await failing.close();
    }
  });
});
