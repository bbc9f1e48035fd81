import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { coaches, organizationMembers, studios } from "@studio/db";
import { createCapturingLogger } from "@studio/observability";
import { newOwner, recordingPorts, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import {
  addClient,
  addCoach,
  setStudioSettings,
  studioIdOf,
  withoutRequestId,
} from "./support/team-fixtures";

let t: TestApp;
const ports = recordingPorts();
beforeAll(async () => {
  // The worker runs: invitations leave through the job queue after the answer.
  t = await startTestApp({ database: "postgres", ports, worker: true });
});
/** The worker polls every 0.5 s. */
const POLL = { timeout: 10_000, interval: 100 };
const mailTo = (to: string) => (ports.sent.mail as { to: string }[]).filter((m) => m.to === to);
afterAll(async () => t?.close());

const names = (res: { body: any }) => res.body.data.items.map((c: { name: string }) => c.name);
const memberRole = async (studioId: string, userId: string) =>
  (
    await t.deps.database.db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.studioId, studioId), eq(organizationMembers.userId, userId)))
  )[0]?.role ?? null;

describe("GET /v1/web/coaches", () => {
  it("lists team members newest first with total and paging (the owner's own HEAD_COACH row included)", async () => {
    const owner = newOwner({ userName: "Dana Levi" });
    await addCoach(t, owner, { firstName: "A", lastName: "One" });
    await addCoach(t, owner, { firstName: "B", lastName: "Two" });
    const all = await t.web("GET", "/v1/web/coaches", owner);
    expect(all.body.data.total).toBe(3);
    expect(names(all)).toEqual(["B Two", "A One", "Dana Levi"]);
    const page = await t.web("GET", "/v1/web/coaches?page=2&pageSize=2", owner);
    expect(names(page)).toEqual(["Dana Levi"]);
    expect(page.body.data.total).toBe(3);
  });

  it("filters by role and searches name or email case-insensitively", async () => {
    const owner = newOwner();
    await addCoach(t, owner, {
      firstName: "Yael",
      lastName: "Stern",
      email: "yael@studio.example",
      role: "HEAD_COACH",
    });
    await addCoach(t, owner, { firstName: "Omer", lastName: "Katz", email: "OMER.K@studio.example" });
    expect(names(await t.web("GET", "/v1/web/coaches?search=YAEL%20st", owner))).toEqual(["Yael Stern"]);
    expect(names(await t.web("GET", "/v1/web/coaches?search=omer.k%40", owner))).toEqual(["Omer Katz"]);
    expect(names(await t.web("GET", "/v1/web/coaches?role=SUB_COACH", owner))).toEqual(["Omer Katz"]);
    expect(names(await t.web("GET", "/v1/web/coaches?role=HEAD_COACH&search=stern", owner))).toEqual([
      "Yael Stern",
    ]);
    expect(names(await t.web("GET", "/v1/web/coaches?search=_", owner))).toEqual([]);
    expect((await t.web("GET", "/v1/web/coaches?role=OWNER", owner)).status).toBe(422);
  });

  it("active: absent lists active members; any non-empty string, including false, means true; only an empty value lists dismissed members", async () => {
    const owner = newOwner({ userName: "Owner Person" });
    await addCoach(t, owner, { firstName: "Stays", lastName: "Here" });
    const { coach: gone } = await addCoach(t, owner, { firstName: "Went", lastName: "Away" });
    expect((await t.web("DELETE", `/v1/web/coaches/${gone.id}`, owner)).status).toBe(200);
    const active = ["Stays Here", "Owner Person"];
    expect(names(await t.web("GET", "/v1/web/coaches", owner))).toEqual(active);
    expect(names(await t.web("GET", "/v1/web/coaches?active=true", owner))).toEqual(active);
    expect(names(await t.web("GET", "/v1/web/coaches?active=false", owner))).toEqual(active);
    expect(names(await t.web("GET", "/v1/web/coaches?active=0", owner))).toEqual(active);
    const dismissed = await t.web("GET", "/v1/web/coaches?active=", owner);
    expect(names(dismissed)).toEqual(["Went Away"]);
    expect(dismissed.body.data.items[0].active).toBe(false);
  });

  it("any role may list the team (SUB_COACH included)", async () => {
    const owner = newOwner();
    const { as } = await addCoach(t, owner);
    expect((await t.web("GET", "/v1/web/coaches", as)).body.data.total).toBe(2);
  });
});

describe("POST /v1/web/coaches", () => {
  it("returns 201 with the whole coach: name from first and last name, role SUB_COACH, permission defaults filling missing members, phone and clientLimit", async () => {
    const owner = newOwner();
    const res = await t.web("POST", "/v1/web/coaches", owner, {
      firstName: "Maya",
      lastName: "Bar",
      email: "maya@example.com",
      phone: "050-111-2222",
      jobTitle: "Nutritionist",
      permissionGroup: "trainers",
      permissions: { trainees: "assigned", billing: false },
      externalUserId: "user_maya",
      clientLimit: 12,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "Maya Bar",
      firstName: "Maya",
      lastName: "Bar",
      email: "maya@example.com",
      phone: "050-111-2222",
      role: "SUB_COACH",
      jobTitle: "Nutritionist",
      permissionGroup: "trainers",
      permissions: {
        trainees: "assigned",
        leads: true,
        content: true,
        plans: true,
        billing: false,
        settings: true,
      },
      externalUserId: "user_maya",
      clientLimit: 12,
      active: true,
      lastActiveAt: null,
    });
    expect((await t.web("GET", `/v1/web/coaches/${res.body.data.id}`, owner)).body.data).toEqual(
      res.body.data,
    );
    const bare = await t.web("POST", "/v1/web/coaches", owner, {
      firstName: "No",
      lastName: "Blob",
      email: "nb@example.com",
      phone: "1",
    });
    expect(bare.body.data).toMatchObject({
      permissions: { trainees: "all", leads: true },
      externalUserId: null,
      clientLimit: null,
      jobTitle: null,
    });
  });

  it("VALIDATION 422: first and last name, email, phone are required; jobTitle and permissionGroup min 1 when set; clientLimit an integer", async () => {
    const owner = newOwner();
    const ok = { firstName: "A", lastName: "B", email: "a@b.example", phone: "1" };
    for (const [field, value] of [
      ["phone", undefined],
      ["firstName", ""],
      ["lastName", undefined],
      ["email", "not-an-email"],
      ["jobTitle", ""],
      ["permissionGroup", ""],
      ["clientLimit", 1.5],
      ["role", "OWNER"],
      ["externalUserId", ""],
    ] as const) {
      const res = await t.web("POST", "/v1/web/coaches", owner, { ...ok, [field]: value });
      expect(res.status, field).toBe(422);
      expect(res.body.details.issues[0].path, field).toBe(field);
    }
  });

  it("roles OWNER or HEAD_COACH: a SUB_COACH (or a missing role header) gets 403 insufficient role", async () => {
    const owner = newOwner();
    const body = { firstName: "A", lastName: "B", email: "a@b.example", phone: "1" };
    const { as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    expect((await t.web("POST", "/v1/web/coaches", head, body)).status).toBe(201);
    for (const caller of [
      { ...owner, userId: "sub", role: "SUB_COACH" },
      { ...owner, userId: "norole", role: undefined },
    ]) {
      const res = await t.web("POST", "/v1/web/coaches", caller, body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "FORBIDDEN", message: "insufficient role" });
    }
  });

  it("CONFLICT when a Coach with the same externalUserId already exists in the studio (another studio may use it)", async () => {
    const owner = newOwner();
    await addCoach(t, owner, { externalUserId: "same-user" });
    const dup = await t.web("POST", "/v1/web/coaches", owner, {
      firstName: "A",
      lastName: "B",
      email: "a@b.example",
      phone: "1",
      externalUserId: "same-user",
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("CONFLICT");
    await addCoach(t, newOwner(), { externalUserId: "same-user" });
  });

  it("no free seat: FORBIDDEN details.reason PLAN_LIMIT_SEATS with limit, count and planId (the owner's row holds a seat)", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    await t.deps.database.db.update(studios).set({ planId: "studio-pro" }).where(eq(studios.id, studioId));
    await setStudioSettings(t, owner, { seatLimit: 2 });
    await addCoach(t, owner);
    const res = await t.web("POST", "/v1/web/coaches", owner, {
      firstName: "A",
      lastName: "B",
      email: "a@b.example",
      phone: "1",
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("FORBIDDEN");
    expect(res.body.details).toEqual({
      reason: "PLAN_LIMIT_SEATS",
      limit: 2,
      count: 2,
      planId: "studio-pro",
    });
    // A dismissed member frees the seat.
    const list = await t.web("GET", "/v1/web/coaches?role=SUB_COACH", owner);
    await t.web("DELETE", `/v1/web/coaches/${list.body.data.items[0].id}`, owner);
    await addCoach(t, owner);
  });

  it("the seat count and insert cannot race: 20 simultaneous creates against a seat limit of 5 end with exactly 5 coaches", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    await setStudioSettings(t, owner, { seatLimit: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.web("POST", "/v1/web/coaches", owner, {
          firstName: "C",
          lastName: String(i),
          email: `c${i}@example.com`,
          phone: "1",
          externalUserId: `u${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    for (const r of results.filter((r) => r.status !== 201))
      expect(r.body.details.reason).toBe("PLAN_LIMIT_SEATS");
    const rows = await t.deps.database.db
      .select()
      .from(coaches)
      .where(and(eq(coaches.studioId, studioId), eq(coaches.active, true)));
    expect(rows).toHaveLength(5);
  });

  it("a team invitation email is sent to the new member through the mail interface", async () => {
    const owner = newOwner({ studioName: "Iron Temple" });
    await addCoach(t, owner, { email: "invitee@example.com", firstName: "Ido" });
    // The worker mails it after the answer.
    await expect.poll(() => mailTo("invitee@example.com").length, POLL).toBe(1);
    expect(mailTo("invitee@example.com")[0]).toMatchObject({
      to: "invitee@example.com",
      subject: expect.stringContaining("Iron Temple"),
      text: expect.stringContaining("Ido"),
    });
  });

  it("the invitation job is written in the member's transaction: none when the create is refused (no seat), one when it commits", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    await setStudioSettings(t, owner, { seatLimit: 1 });
    const body = { firstName: "Seat", lastName: "Less", email: "seatless@example.com", phone: "1" };
    const refused = await t.web("POST", "/v1/web/coaches", owner, body);
    expect(refused.status).toBe(403);
    const invitations = async () =>
      (await t.jobsNamed("send-coach-invitation")).filter((j) => j.data.studioId === studioId);
    expect(await invitations()).toEqual([]);

    await setStudioSettings(t, owner, { seatLimit: 2 });
    const created = await t.web("POST", "/v1/web/coaches", owner, body);
    expect(created.status).toBe(201);
    expect((await invitations()).map((j) => j.data)).toEqual([
      { studioId, coachId: created.body.data.id, requestId: created.body.requestId },
    ]);
    await expect.poll(() => mailTo("seatless@example.com").length, POLL).toBe(1);
  });

  it("a failing mailer never fails the request; the invitation job is retried and the failure logged without personal data", async () => {
    const capture = createCapturingLogger();
    const failing = await startTestApp({
      database: "postgres",
      worker: true,
      logger: capture.logger,
      ports: {
        mailer: {
          send: () => {
            throw new Error("smtp down");
          },
        },
      },
    });
    try {
      const owner = newOwner();
      const res = await failing.web("POST", "/v1/web/coaches", owner, {
        firstName: "Yehonatan",
        lastName: "Barzilai",
        email: "yehonatan.b@example.com",
        phone: "1",
      });
      expect(res.status).toBe(201);
      expect((await failing.web("GET", `/v1/web/coaches/${res.body.data.id}`, owner)).status).toBe(200);
      await expect
        .poll(async () => (await failing.jobsNamed("send-coach-invitation"))[0]?.state, POLL)
        .toBe("retry");
      expect(
        capture.lines.find(
          (l) => l.msg === "job failed, will retry" && l.fields.job === "send-coach-invitation",
        ),
      ).toMatchObject({
        level: "warn",
        fields: { requestId: res.body.requestId, attempt: 1, error: "smtp down" },
      });
      const logged = JSON.stringify(capture.lines);
      for (const personal of ["yehonatan.b@example.com", "Yehonatan", "Barzilai"])
        expect(logged).not.toContain(personal);
    } finally {
      await failing.close();
    }
  });

  it("a linked member gets an organization member row whose role derives from role and permissionGroup", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const { coach: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { coach: manager } = await addCoach(t, owner, { permissionGroup: "Admin" });
    const { coach: plain } = await addCoach(t, owner, { permissionGroup: "trainers" });
    expect(await memberRole(studioId, head.externalUserId)).toBe("admin");
    expect(await memberRole(studioId, manager.externalUserId)).toBe("admin");
    expect(await memberRole(studioId, plain.externalUserId)).toBe("member");
  });
});

describe("GET /v1/web/coaches/:id and /impact", () => {
  it("another studio's coach id answers 404 coach not found exactly like a missing one, on every coach route", async () => {
    const { coach: foreign } = await addCoach(t, newOwner());
    const caller = newOwner();
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["GET", "/impact", undefined],
      ["PATCH", "", { jobTitle: "x" }],
      ["DELETE", "", undefined],
    ] as const) {
      const a = await t.web(method, `/v1/web/coaches/${foreign.id}${suffix}`, caller, body);
      const b = await t.web(method, `/v1/web/coaches/nope${suffix}`, caller, body);
      expect(a.status, `${method}${suffix}`).toBe(404);
      expect(a.body.message).toBe("coach not found");
      expect(withoutRequestId(a.body)).toEqual(withoutRequestId(b.body));
    }
    const [row] = await t.deps.database.db.select().from(coaches).where(eq(coaches.id, foreign.id));
    expect(row).toMatchObject({ active: true, jobTitle: null });
  });

  it("impact: openTasks counts OPEN or SNOOZED tasks listing the coach; clients counts non-deleted trainees assigned", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner);
    const { coach: other } = await addCoach(t, owner);
    const kept = await addClient(t, owner, { coachIds: [coach.id] });
    const deleted = await addClient(t, owner, { coachIds: [coach.id, other.id] });
    await addClient(t, owner, { coachIds: [other.id] });
    await t.web("DELETE", `/v1/web/clients/${deleted.id}`, owner);
    for (const [status, coachIds] of [
      ["OPEN", [coach.id]],
      ["SNOOZED", [coach.id, other.id]],
      ["DONE", [coach.id]],
      ["DISMISSED", [coach.id]],
      ["OPEN", [other.id]],
    ] as const) {
      expect(
        (await t.web("POST", "/v1/web/tasks", owner, { title: status, status, coachIds, traineeId: kept.id }))
          .status,
      ).toBe(201);
    }
    const res = await t.web("GET", `/v1/web/coaches/${coach.id}/impact`, owner);
    expect(res.body.data).toEqual({ openTasks: 2, clients: 1 });
  });

  it("impact is for OWNER or HEAD_COACH: a SUB_COACH gets 403", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner);
    expect((await t.web("GET", `/v1/web/coaches/${coach.id}/impact`, as)).status).toBe(403);
  });
});

describe("PATCH /v1/web/coaches/:id", () => {
  it("every field is optional; the name is recomposed when either name changes; a submitted permissions blob replaces the stored one", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner, {
      firstName: "Old",
      lastName: "Name",
      permissions: { trainees: "assigned", leads: false },
    });
    const renamed = await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, { lastName: "Newer" });
    expect(renamed.body.data).toMatchObject({
      name: "Old Newer",
      firstName: "Old",
      lastName: "Newer",
      email: coach.email,
    });
    const blob = await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, {
      permissions: { content: false },
    });
    expect(blob.body.data.permissions).toEqual({
      trainees: "all",
      leads: true,
      content: false,
      plans: true,
      billing: true,
      settings: true,
    });
    const cleared = await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, {
      jobTitle: null,
      clientLimit: 3,
      role: "HEAD_COACH",
    });
    expect(cleared.body.data).toMatchObject({
      jobTitle: null,
      clientLimit: 3,
      role: "HEAD_COACH",
      name: "Old Newer",
    });
    expect((await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, { email: "bad" })).status).toBe(422);
    const empty = await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, {});
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ name: "Old Newer", jobTitle: null, clientLimit: 3 });
  });

  it("CONFLICT when the new externalUserId belongs to another member of the studio", async () => {
    const owner = newOwner();
    const { coach: a } = await addCoach(t, owner);
    const { coach: b } = await addCoach(t, owner);
    const res = await t.web("PATCH", `/v1/web/coaches/${b.id}`, owner, { externalUserId: a.externalUserId });
    expect(res.status).toBe(409);
  });

  it("roles OWNER or HEAD_COACH: a SUB_COACH gets 403 insufficient role, even on their own row", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner);
    const res = await t.web("PATCH", `/v1/web/coaches/${coach.id}`, as, { jobTitle: "me" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("insufficient role");
  });

  it("active true on a dismissed member reactivates it when a seat is free (FORBIDDEN PLAN_LIMIT_SEATS otherwise); the organization member row is not recreated", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const { coach } = await addCoach(t, owner);
    await t.web("DELETE", `/v1/web/coaches/${coach.id}`, owner);
    expect(await memberRole(studioId, coach.externalUserId)).toBeNull();
    await setStudioSettings(t, owner, { seatLimit: 2 });
    await addCoach(t, owner);
    const full = await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, { active: true });
    expect(full.status).toBe(403);
    expect(full.body.details).toMatchObject({ reason: "PLAN_LIMIT_SEATS", limit: 2, count: 2 });
    await setStudioSettings(t, owner, { seatLimit: 3 });
    const back = await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, {
      active: true,
      role: "HEAD_COACH",
    });
    expect(back.status).toBe(200);
    expect(back.body.data.active).toBe(true);
    expect(await memberRole(studioId, coach.externalUserId)).toBeNull();
    // An already active member sending active true needs no seat.
    expect((await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, { active: true })).status).toBe(200);
  });

  it("the organization member role is synced from permissionGroup and role in the same write; a member with role owner never changes", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const { coach } = await addCoach(t, owner);
    expect(await memberRole(studioId, coach.externalUserId)).toBe("member");
    await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, { permissionGroup: "manager" });
    expect(await memberRole(studioId, coach.externalUserId)).toBe("admin");
    await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, { permissionGroup: null });
    expect(await memberRole(studioId, coach.externalUserId)).toBe("member");
    await t.web("PATCH", `/v1/web/coaches/${coach.id}`, owner, { role: "HEAD_COACH" });
    expect(await memberRole(studioId, coach.externalUserId)).toBe("admin");

    const [ownerRow] = await t.deps.database.db
      .select()
      .from(coaches)
      .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, owner.userId!)));
    await t.web("PATCH", `/v1/web/coaches/${ownerRow!.id}`, owner, {
      role: "SUB_COACH",
      permissionGroup: "trainers",
    });
    expect(await memberRole(studioId, owner.userId!)).toBe("owner");
  });
});

describe("owner protection on PATCH and DELETE", () => {
  async function ownerRowOf(owner: WebUserContext) {
    const studioId = await studioIdOf(t, owner);
    const [row] = await t.deps.database.db
      .select()
      .from(coaches)
      .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, owner.userId!)));
    return { studioId, ownerCoachId: row!.id };
  }

  it("editing your own row is always allowed", async () => {
    const owner = newOwner();
    const { coach, as } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const res = await t.web("PATCH", `/v1/web/coaches/${coach.id}`, as, { jobTitle: "Head of training" });
    expect(res.status).toBe(200);
    expect(res.body.data.jobTitle).toBe("Head of training");
  });

  it("the owner's row changed by someone else: FORBIDDEN only the studio owner can change their own profile (PATCH and DELETE)", async () => {
    const owner = newOwner();
    const { ownerCoachId } = await ownerRowOf(owner);
    const { as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    for (const method of ["PATCH", "DELETE"]) {
      const res = await t.web(
        method,
        `/v1/web/coaches/${ownerCoachId}`,
        head,
        method === "PATCH" ? { jobTitle: "x" } : undefined,
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("only the studio owner can change their own profile");
    }
    expect(
      (await t.web("PATCH", `/v1/web/coaches/${ownerCoachId}`, owner, { jobTitle: "Founder" })).status,
    ).toBe(200);
  });

  it("with the owner identified, a HEAD_COACH may change another HEAD_COACH", async () => {
    const owner = newOwner();
    await ownerRowOf(owner);
    const { as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { coach: otherHead } = await addCoach(t, owner, { role: "HEAD_COACH" });
    expect((await t.web("PATCH", `/v1/web/coaches/${otherHead.id}`, head, { jobTitle: "x" })).status).toBe(
      200,
    );
  });

  it("when the owner cannot be identified only an OWNER may change another HEAD_COACH: FORBIDDEN cannot change another admin on this team", async () => {
    const owner = newOwner();
    const { studioId } = await ownerRowOf(owner);
    const { as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { coach: otherHead } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { coach: sub } = await addCoach(t, owner);
    await t.deps.database.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.studioId, studioId), eq(organizationMembers.role, "owner")));
    for (const method of ["PATCH", "DELETE"]) {
      const res = await t.web(
        method,
        `/v1/web/coaches/${otherHead.id}`,
        head,
        method === "PATCH" ? { jobTitle: "x" } : undefined,
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("cannot change another admin on this team");
    }
    expect((await t.web("PATCH", `/v1/web/coaches/${sub.id}`, head, { jobTitle: "fine" })).status).toBe(200);
    expect(
      (await t.web("PATCH", `/v1/web/coaches/${otherHead.id}`, owner, { jobTitle: "by owner" })).status,
    ).toBe(200);
  });
});
