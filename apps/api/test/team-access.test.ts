import { INVITATION_POLICY } from "@studio/jobs";
import { createCapturingLogger } from "@studio/observability";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { coaches, organizationMembers, studios } from "@studio/db";
import { mapError } from "../src/rest/error-mapping";
import { appRouter } from "../src/router";
import { createCallerFactory } from "../src/trpc";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addCoach, studioIdOf } from "./support/team-fixtures";

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());

const coachRowOf = async (studioId: string, userId: string) =>
  (
    await t.deps.database.db
      .select()
      .from(coaches)
      .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, userId)))
  )[0]!;

describe("role guard of the team routes", () => {
  it("when no web auth exists the role guard answers UNAUTHORIZED (authentication required), on every team route", async () => {
    // Only a procedure reached without the web lane's auth object can meet this branch over HTTP-less calls.
    const caller = createCallerFactory(appRouter)({
      requestId: "r",
      deps: t.deps,
      db: t.deps.database.db,
      auth: { lane: "public" },
    });
    const calls: [string, () => Promise<unknown>][] = [
      ["list", () => caller.web.team.list({})],
      [
        "create",
        () => caller.web.team.create({ firstName: "A", lastName: "B", email: "a@b.example", phone: "1" }),
      ],
      ["get", () => caller.web.team.get({ id: "x" })],
      ["impact", () => caller.web.team.impact({ id: "x" })],
      ["update", () => caller.web.team.update({ id: "x" })],
      ["dismiss", () => caller.web.team.dismiss({ id: "x" })],
    ];
    for (const [name, call] of calls) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(mapError(error), name).toMatchObject({
        code: "UNAUTHORIZED",
        message: "authentication required",
        status: 401,
      });
    }
  });

  it("a role that is not listed answers FORBIDDEN insufficient role on impact and DELETE, and nothing changes", async () => {
    const owner = newOwner();
    const { coach } = await addCoach(t, owner);
    const { as: sub } = await addCoach(t, owner);
    for (const [method, suffix] of [
      ["GET", "/impact"],
      ["DELETE", ""],
    ] as const) {
      const res = await t.web(method, `/v1/web/coaches/${coach.id}${suffix}`, sub);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "FORBIDDEN", message: "insufficient role" });
    }
    expect((await t.web("GET", `/v1/web/coaches/${coach.id}`, owner)).body.data.active).toBe(true);
  });
});

describe("a row with active false grants nothing", () => {
  it("a dismissed HEAD_COACH is refused with 403 this team member has been removed on create, impact, PATCH (even their own row: no self-reactivation), DELETE and studio settings", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const { coach: gone, as: goneHead } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { coach: other } = await addCoach(t, owner);
    expect((await t.web("DELETE", `/v1/web/coaches/${gone.id}`, owner)).status).toBe(200);
    const attempts: [string, string, unknown][] = [
      ["POST", "/v1/web/coaches", { firstName: "A", lastName: "B", email: "a@b.example", phone: "1" }],
      ["GET", `/v1/web/coaches/${other.id}/impact`, undefined],
      ["PATCH", `/v1/web/coaches/${gone.id}`, { active: true }],
      ["PATCH", `/v1/web/coaches/${other.id}`, { jobTitle: "x" }],
      ["DELETE", `/v1/web/coaches/${other.id}`, undefined],
      ["PATCH", "/v1/web/studio/settings", { seatLimit: 100 }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.web(method, path, goneHead, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toMatchObject({
        code: "FORBIDDEN",
        message: "this team member has been removed",
      });
    }
    expect(await coachRowOf(studioId, gone.externalUserId)).toMatchObject({ active: false });
    expect(await coachRowOf(studioId, other.externalUserId)).toMatchObject({ active: true, jobTitle: null });
    const [studio] = await t.deps.database.db.select().from(studios).where(eq(studios.id, studioId));
    expect(studio!.seatLimit).toBeNull();
    // The OWNER reactivates them; then they act again.
    expect((await t.web("PATCH", `/v1/web/coaches/${gone.id}`, owner, { active: true })).status).toBe(200);
    expect((await t.web("PATCH", `/v1/web/coaches/${other.id}`, goneHead, { jobTitle: "x" })).status).toBe(
      200,
    );
  });

  it("OWNER always has full access, even when their own Coach row was dismissed", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const ownerRow = await coachRowOf(studioId, owner.userId!);
    expect((await t.web("DELETE", `/v1/web/coaches/${ownerRow.id}`, owner)).status).toBe(200);
    expect(
      (
        await t.web("POST", "/v1/web/coaches", owner, {
          firstName: "A",
          lastName: "B",
          email: "a@b.example",
          phone: "1",
        })
      ).status,
    ).toBe(201);
  });
});

describe("owner protection with the owner identified", () => {
  it("the studio owner is the organization member with role owner: with several owner members each owner's row is protected from everyone else", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    // A second OWNER seen on the web lane is recorded as an owner member too.
    const second: WebUserContext = { ...owner, userId: `${owner.userId}_2`, userName: "Second Owner" };
    await studioIdOf(t, second);
    const owners = await t.deps.database.db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.studioId, studioId), eq(organizationMembers.role, "owner")));
    expect(owners.map((o) => o.userId).sort()).toEqual([owner.userId, second.userId].sort());
    const firstRow = await coachRowOf(studioId, owner.userId!);
    const secondRow = await coachRowOf(studioId, second.userId!);
    const { as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    for (const [caller, target] of [
      [second, firstRow],
      [owner, secondRow],
      [head, firstRow],
      [head, secondRow],
    ] as const) {
      const res = await t.web("PATCH", `/v1/web/coaches/${target.id}`, caller, { jobTitle: "changed" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("only the studio owner can change their own profile");
    }
    expect(
      (await t.web("PATCH", `/v1/web/coaches/${secondRow.id}`, second, { jobTitle: "mine" })).status,
    ).toBe(200);
    expect((await coachRowOf(studioId, owner.userId!)).jobTitle).toBeNull();
  });
});

describe("invitation email failure", () => {
  it("a failing mailer never fails the create (201); the invitation job logs the failure with the request's requestId and is retried", async () => {
    const capture = createCapturingLogger();
    const logged = capture.lines;
    const failing = await startTestApp({
      database: "postgres",
      worker: true,
      logger: capture.logger,
      ports: { mailer: { send: () => Promise.reject(new Error("smtp down")) } },
    });
    try {
      const res = await failing.web("POST", "/v1/web/coaches", newOwner(), {
        firstName: "A",
        lastName: "B",
        email: "a@b.example",
        phone: "1",
      });
      expect(res.status).toBe(201);
      const failure = () => logged.find((l) => l.msg === "job failed, will retry");
      await expect.poll(failure, { timeout: 10_000, interval: 100 }).toBeDefined();
      expect(failure()).toEqual({
        level: "warn",
        msg: "job failed, will retry",
        fields: {
          job: "send-coach-invitation",
          jobId: expect.any(String),
          requestId: res.body.requestId,
          attempt: 1,
          maxAttempts: INVITATION_POLICY.retryLimit + 1,
          error: "smtp down",
        },
      });
    } finally {
      await failing.close();
    }
  });
});

describe("Coach.lastActiveAt", () => {
  it("is updated at most once per 5 minutes per coach", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const { as } = await addCoach(t, owner);
    const start = clock;
    await t.web("GET", "/v1/web/coaches", as);
    const stamp = async () => (await coachRowOf(studioId, as.userId!)).lastActiveAt?.getTime();
    expect(await stamp()).toBe(start);
    clock = start + 4 * 60_000;
    await t.web("GET", "/v1/web/coaches", as);
    expect(await stamp()).toBe(start);
    clock = start + 5 * 60_000 + 1;
    await t.web("GET", "/v1/web/coaches", as);
    expect(await stamp()).toBe(clock);
  });
});
