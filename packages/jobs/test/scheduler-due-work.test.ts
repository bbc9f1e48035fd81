// The scheduler's due work on a controllable clock (the tick's `now`), on PostgreSQL: workout,
// subscription and meeting pushes at the trainee's local time across DST, exactly once under
// concurrent ticks and a crashed transaction, catch-up inside and outside the grace window, the
// skip reasons, and the subscription lifecycle by date.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import {
  auditEntries,
  calendarEvents,
  clients,
  coaches,
  notifications,
  plans,
  programs,
  pushTokens,
  studios,
  subscriptions,
  workoutLogs,
} from "@studio/db";
import {
  DUE_WORK,
  runSchedulerTick,
  scheduledInstant,
  type JobEnqueuer,
  type PlatformJobScope,
} from "@studio/domain";
import { silentLogger } from "@studio/observability";
import { openBackend, type TestBackend } from "./harness";

const HOUR = 3600_000;

describe("scheduler due work (postgres)", () => {
  let backend: TestBackend;
  const enqueued: { name: string; payload: object }[] = [];
  const recorder: JobEnqueuer = {
    async enqueue(name, payload) {
      enqueued.push({ name, payload });
    },
  };
  const db = () => backend.database.db;
  const scopeAt = (now: Date, jobs: JobEnqueuer = recorder): PlatformJobScope => ({
    actor: { kind: "job", job: "scheduler-tick" },
    requestId: randomUUID(),
    now,
    logger: silentLogger,
    jobs,
  });
  /** One tick at `now` (ISO), after a completed tick at `last` (default: a minute before). */
  async function tick(
    now: string,
    options: { last?: string | null; graceMs?: number; jobs?: JobEnqueuer } = {},
  ) {
    const at = new Date(now);
    const last = options.last === undefined ? new Date(at.getTime() - 60_000).toISOString() : options.last;
    await db().execute(sql`delete from scheduler_state`);
    if (last)
      await db().execute(
        sql`insert into scheduler_state (id, last_tick_at) values ('tick', ${last}::timestamptz)`,
      );
    return runSchedulerTick(db(), scopeAt(at, options.jobs), {
      ...(options.graceMs !== undefined && { graceMs: options.graceMs }),
    });
  }

  beforeAll(async () => {
    backend = await openBackend("postgres");
  });
  afterAll(async () => {
    await backend?.cleanup();
  });
  beforeEach(async () => {
    enqueued.length = 0;
    await db().execute(sql`truncate studios cascade`);
    await db().execute(sql`truncate notification_defaults`);
  });

  async function studio(timezone = "Asia/Jerusalem") {
    const [s] = await db()
      .insert(studios)
      .values({ name: "Studio Fit", slug: `s-${randomUUID()}`, timezone })
      .returning();
    return s!.id;
  }
  async function trainee(studioId: string, fields: Partial<typeof clients.$inferInsert> = {}) {
    const [c] = await db()
      .insert(clients)
      .values({ studioId, firstName: "Maya", phone: `+9725${Math.floor(Math.random() * 1e8)}`, ...fields })
      .returning();
    await db()
      .insert(pushTokens)
      .values({ studioId, clientId: c!.id, token: `tok-${randomUUID()}`, platform: "ios" });
    return c!.id;
  }
  const day = (strength: number) => ({
    id: randomUUID(),
    label: "A",
    strength: Array.from({ length: strength }, () => ({ muscle: "legs", sets: [] })),
    cardioMinutes: "",
    stepsDaily: "",
  });
  /** A training program: two days, a workout day then a rest day, from startDate. */
  async function program(
    studioId: string,
    clientId: string,
    startDate: string,
    createdAt = new Date("2020-01-01"),
  ) {
    const [p] = await db()
      .insert(programs)
      .values({
        studioId,
        clientId,
        type: "TRAINING",
        name: "Strength",
        status: "ACTIVE",
        startDate,
        content: { schemaVersion: 2, meta: {}, days: [day(1), day(0)] },
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    return p!.id;
  }
  async function setSendTime(type: string, sendTime: string) {
    await db().execute(sql`
      insert into notification_defaults (type, enabled, title_template, body_template, sound, send_time)
      values (${type}, true, ${"{{name}}: {{plan}} {{date}} {{coach}}"}, 'b', true, ${sendTime})`);
  }
  const pushesOf = (clientId: string) =>
    db()
      .select()
      .from(notifications)
      .where(eq(notifications.clientId, clientId))
      .orderBy(notifications.createdAt);

  describe("workout reminders at the trainee's local time", () => {
    it("sends at 08:00 in the trainee's zone (not the studio's), once, with the variables filled", async () => {
      const s = await studio("Asia/Jerusalem");
      const c = await trainee(s, { timezone: "America/New_York" });
      await program(s, c, "2026-06-01"); // 2026-06-01 workout, 06-02 rest, 06-03 workout …
      // 08:00 in New York on June 3 (EDT, -4) is 12:00Z; 08:00 Jerusalem would be 05:00Z.
      await tick("2026-06-03T05:00:00Z");
      expect(await pushesOf(c)).toHaveLength(0);
      await tick("2026-06-03T11:59:00Z");
      expect(await pushesOf(c)).toHaveLength(0);
      await tick("2026-06-03T12:00:00Z");
      await tick("2026-06-03T12:01:00Z");
      const records = await pushesOf(c);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ type: "WORKOUT_REMINDER", status: "queued" });
      expect(enqueued.filter((j) => j.name === "deliver-push")).toHaveLength(1);
    });

    it("fills {{name}}, {{plan}}, {{date}} and {{coach}} (the primary coach, else the studio)", async () => {
      await setSendTime("WORKOUT_REMINDER", "08:00");
      const s = await studio();
      const c = await trainee(s);
      await program(s, c, "2026-06-01");
      await tick("2026-06-03T05:00:00Z");
      const [record] = await pushesOf(c);
      expect(record!.title).toBe("Maya: Strength 03/06/2026 Studio Fit");
    });

    it("skips a rest day and a day with a workout already logged", async () => {
      const s = await studio();
      const c = await trainee(s);
      await program(s, c, "2026-06-01");
      await tick("2026-06-02T05:00:00Z"); // rest day
      await db().insert(workoutLogs).values({ studioId: s, clientId: c, performedOn: "2026-06-03" });
      await tick("2026-06-03T05:00:00Z"); // logged already
      expect(await pushesOf(c)).toHaveLength(0);
    });

    it("WORKOUT_MISSED: the day after a workout day with no log, at 20:00", async () => {
      const s = await studio();
      const c = await trainee(s);
      const c2 = await trainee(s);
      await program(s, c, "2026-06-01");
      await program(s, c2, "2026-06-01");
      await db().insert(workoutLogs).values({ studioId: s, clientId: c2, performedOn: "2026-06-01" });
      await tick("2026-06-02T17:00:00Z"); // 20:00 IDT on June 2, about June 1
      const missed = (await pushesOf(c)).filter((n) => n.type === "WORKOUT_MISSED");
      expect(missed).toHaveLength(1);
      expect((await pushesOf(c2)).filter((n) => n.type === "WORKOUT_MISSED")).toHaveLength(0);
    });
  });

  describe("daylight-saving days", () => {
    it("Asia/Jerusalem: a 02:30 that does not exist (2026-03-27) is sent at 03:00, the next valid minute", async () => {
      expect(scheduledInstant("2026-03-27", "02:30", "Asia/Jerusalem").toISOString()).toBe(
        "2026-03-27T00:00:00.000Z",
      );
      await setSendTime("WORKOUT_REMINDER", "02:30");
      const s = await studio();
      const c = await trainee(s);
      await program(s, c, "2026-03-27");
      await tick("2026-03-26T23:59:00Z"); // 01:59 IST
      expect(await pushesOf(c)).toHaveLength(0);
      await tick("2026-03-27T00:00:00Z"); // 03:00 IDT
      expect(await pushesOf(c)).toHaveLength(1);
    });

    it("America/New_York: a 02:30 in the spring gap (2026-03-08) is sent at 03:00", async () => {
      expect(scheduledInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe(
        "2026-03-08T07:00:00.000Z",
      );
      await setSendTime("WORKOUT_REMINDER", "02:30");
      const s = await studio("America/New_York");
      const c = await trainee(s);
      await program(s, c, "2026-03-08");
      await tick("2026-03-08T06:59:00Z");
      expect(await pushesOf(c)).toHaveLength(0);
      await tick("2026-03-08T07:00:00Z");
      expect(await pushesOf(c)).toHaveLength(1);
    });

    it("America/New_York: a 01:30 that happens twice (2026-11-01) is sent once, at the first", async () => {
      await setSendTime("WORKOUT_REMINDER", "01:30");
      const s = await studio("America/New_York");
      const c = await trainee(s);
      await program(s, c, "2026-11-01");
      await tick("2026-11-01T05:30:00Z"); // 01:30 EDT
      await tick("2026-11-01T06:30:00Z"); // 01:30 EST
      expect(await pushesOf(c)).toHaveLength(1);
      expect((await pushesOf(c))[0]!.createdAt.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    });
  });

  describe("exactly once", () => {
    it("two ticks racing (two workers) record and enqueue one push", async () => {
      const s = await studio();
      const ids = [];
      for (let i = 0; i < 5; i++) {
        const c = await trainee(s);
        await program(s, c, "2026-06-01");
        ids.push(c);
      }
      const at = new Date("2026-06-03T05:00:00Z");
      await Promise.all([runSchedulerTick(db(), scopeAt(at)), runSchedulerTick(db(), scopeAt(at))]);
      for (const c of ids) expect(await pushesOf(c)).toHaveLength(1);
      expect(enqueued.filter((j) => j.name === "deliver-push")).toHaveLength(5);
    });

    it("a tick that dies between claim and enqueue leaves no claim: the next tick sends it once", async () => {
      const s = await studio();
      const c = await trainee(s);
      await program(s, c, "2026-06-01");
      const dying: JobEnqueuer = {
        async enqueue() {
          throw new Error("worker killed");
        },
      };
      await expect(tick("2026-06-03T05:00:00Z", { jobs: dying })).rejects.toThrow("worker killed");
      expect(await pushesOf(c)).toHaveLength(0);
      await tick("2026-06-03T05:01:00Z");
      await tick("2026-06-03T05:02:00Z");
      expect(await pushesOf(c)).toHaveLength(1);
      expect(enqueued).toHaveLength(1);
    });
  });

  describe("catch-up after an outage", () => {
    it("a 6-hour outage: work due within the grace window is sent late, older work is recorded skipped OUTSIDE_GRACE", async () => {
      const s = await studio();
      const early = await trainee(s);
      await program(s, early, "2026-06-01");
      const late = await trainee(s);
      await program(s, late, "2026-06-01");
      // Send times: early trainee's studio default 08:00 (05:00Z); the worker was down 04:00Z-10:00Z.
      await setSendTime("WORKOUT_REMINDER", "08:00");
      await tick("2026-06-03T10:00:00Z", { last: "2026-06-03T04:00:00Z" });
      const records = (await pushesOf(early)).filter((n) => n.type === "WORKOUT_REMINDER");
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ status: "skipped", skipReason: "OUTSIDE_GRACE" });
      // Inside the grace window it goes out late.
      await db().execute(sql`delete from scheduled_pushes`);
      await db().execute(sql`delete from notifications`);
      await tick("2026-06-03T07:30:00Z", { last: "2026-06-03T01:30:00Z" });
      expect((await pushesOf(late))[0]).toMatchObject({ status: "queued", skipReason: null });
    });
  });

  describe("skip reasons", () => {
    it("a muted group is recorded skipped MUTED; a locked app APP_LOCKED", async () => {
      const s = await studio();
      const muted = await trainee(s, { mutedNotificationGroups: ["WORKOUT_REMINDERS"] });
      await program(s, muted, "2026-06-01");
      const locked = await trainee(s, { accessEndsAt: new Date("2026-05-01T00:00:00Z") });
      await program(s, locked, "2026-06-01");
      await tick("2026-06-03T05:00:00Z");
      expect((await pushesOf(muted))[0]).toMatchObject({ status: "skipped", skipReason: "MUTED" });
      expect((await pushesOf(locked))[0]).toMatchObject({ status: "skipped", skipReason: "APP_LOCKED" });
      expect(enqueued).toHaveLength(0);
    });
  });

  describe("subscription lifecycle by date", () => {
    async function plan(studioId: string, trigger = "NONE") {
      const [p] = await db()
        .insert(plans)
        .values({ studioId, name: "Gold", durationValue: 30, durationUnit: "DAYS", trigger })
        .returning();
      return p!.id;
    }
    const sub = async (
      studioId: string,
      clientId: string,
      planId: string,
      fields: Partial<typeof subscriptions.$inferInsert>,
    ) =>
      (
        await db()
          .insert(subscriptions)
          .values({
            studioId,
            clientId,
            planId,
            status: "ACTIVE",
            durationValue: 30,
            durationUnit: "DAYS",
            ...fields,
          })
          .returning()
      )[0]!.id;
    const statusOf = async (id: string) =>
      (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.status;

    it("ACTIVE → ENDED the day after the end date and the queued renewal becomes ACTIVE that day, audited", async () => {
      const s = await studio();
      const c = await trainee(s, { timezone: "America/New_York" });
      const p = await plan(s);
      const running = await sub(s, c, p, { startDate: "2026-05-01", endDate: "2026-05-31" });
      const renewal = await sub(s, c, p, {
        status: "PENDING",
        startDate: "2026-05-31",
        endDate: "2026-06-30",
      });
      // May 31 in New York (it is already June 1 in Jerusalem): nothing moves.
      await tick("2026-06-01T02:00:00Z");
      expect([await statusOf(running), await statusOf(renewal)]).toEqual(["ACTIVE", "PENDING"]);
      await tick("2026-06-01T04:00:00Z"); // 00:00 EDT June 1
      expect([await statusOf(running), await statusOf(renewal)]).toEqual(["ENDED", "ACTIVE"]);
      const audits = await db().select().from(auditEntries).where(eq(auditEntries.studioId, s));
      expect(audits.map((a) => a.action).sort()).toEqual([
        "scheduler.subscription.activate",
        "scheduler.subscription.end",
      ]);
      expect(audits.every((a) => a.actorType === "job")).toBe(true);
      // The renewal took over: no SUBSCRIPTION_ENDED push.
      await tick("2026-06-01T13:00:00Z");
      expect((await pushesOf(c)).filter((n) => n.type === "SUBSCRIPTION_ENDED")).toHaveLength(0);
    });

    it("PENDING → ACTIVE on its start date; FIRST_PLAN waiting, FROZEN and CANCELED stay", async () => {
      const s = await studio();
      const c = await trainee(s);
      const p = await plan(s);
      const pending = await sub(s, c, p, {
        status: "PENDING",
        startDate: "2026-06-03",
        endDate: "2026-07-03",
      });
      const waiting = await sub(s, c, p, { status: "PENDING", waitingForTrigger: "FIRST_PLAN" });
      const c2 = await trainee(s);
      const frozen = await sub(s, c2, p, {
        status: "FROZEN",
        startDate: "2026-04-01",
        endDate: "2026-05-01",
        frozenAt: new Date("2026-04-15"),
      });
      const canceled = await sub(s, c2, p, {
        status: "CANCELED",
        startDate: "2026-04-01",
        endDate: "2026-05-01",
      });
      await tick("2026-06-02T20:59:00Z");
      expect(await statusOf(pending)).toBe("PENDING");
      await tick("2026-06-02T21:00:00Z"); // 00:00 IDT June 3
      expect(await statusOf(pending)).toBe("ACTIVE");
      expect(await statusOf(waiting)).toBe("PENDING");
      expect(await statusOf(frozen)).toBe("FROZEN");
      expect(await statusOf(canceled)).toBe("CANCELED");
      // Twice the same tick: one transition, one audit entry.
      await tick("2026-06-02T21:00:00Z");
      expect(await db().select().from(auditEntries).where(eq(auditEntries.entityId, pending))).toHaveLength(
        1,
      );
    });

    it("SUBSCRIPTION_EXPIRING 3 days before the last covered day; SUBSCRIPTION_ENDED the day after, when nothing is live", async () => {
      const s = await studio();
      const c = await trainee(s);
      const p = await plan(s);
      await sub(s, c, p, { startDate: "2026-05-11", endDate: "2026-06-10" });
      await tick("2026-06-07T06:00:00Z"); // 09:00 IDT June 7
      await tick("2026-06-07T06:05:00Z");
      const expiring = (await pushesOf(c)).filter((n) => n.type === "SUBSCRIPTION_EXPIRING");
      expect(expiring).toHaveLength(1);
      expect(expiring[0]!.body).toContain("10/06/2026");
      await tick("2026-06-10T21:00:00Z"); // June 11 00:00: ENDED
      await tick("2026-06-11T06:00:00Z"); // 09:00: the push
      const ended = (await pushesOf(c)).filter((n) => n.type === "SUBSCRIPTION_ENDED");
      expect(ended).toHaveLength(1);
      expect(ended[0]!.body).toContain("Gold");
    });
  });

  describe("meeting reminders", () => {
    it("the day before at send time and one hour before, for CONFIRMED meetings only", async () => {
      const s = await studio();
      const c = await trainee(s);
      const [coach] = await db()
        .insert(coaches)
        .values({
          studioId: s,
          name: "Dana Cohen",
          firstName: "Dana",
          lastName: "Cohen",
          email: `${randomUUID()}@x.test`,
        })
        .returning();
      const event = (startsAt: string, status = "CONFIRMED") =>
        db()
          .insert(calendarEvents)
          .values({
            studioId: s,
            coachId: coach!.id,
            clientId: c,
            title: "Call",
            type: "CONVERSATION",
            startsAt: new Date(startsAt),
            endsAt: new Date(new Date(startsAt).getTime() + HOUR),
            status,
            createdAt: new Date("2026-06-01T00:00:00Z"),
          });
      await event("2026-06-05T15:00:00Z"); // 18:00 IDT
      await event("2026-06-05T12:00:00Z", "CANCELLED");
      await tick("2026-06-04T06:00:00Z"); // 09:00 the day before
      await tick("2026-06-05T14:00:00Z"); // an hour before
      await tick("2026-06-05T14:01:00Z");
      const records = await pushesOf(c);
      expect(records.map((r) => r.type)).toEqual(["MEETING_REMINDER", "MEETING_REMINDER"]);
      expect(records[0]!.body).toContain("Dana");
      expect(records[0]!.body).toContain("05/06/2026 18:00");
    });
  });

  it("DUE_WORK lists every kind of due work once", () => {
    const names = DUE_WORK.map((w) => w.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        "subscription-lifecycle",
        "subscription-ended",
        "subscription-expiring",
        "form-reminders",
        "workout-reminders",
        "workout-missed",
        "meeting-reminders",
      ]),
    );
  });

  it("counts a claim per key: one row per (type, trainee, subject, local date, slot)", async () => {
    const s = await studio();
    const c = await trainee(s);
    await program(s, c, "2026-06-01");
    await tick("2026-06-03T05:00:00Z");
    await tick("2026-06-03T05:00:00Z");
    const claims = await db().execute(
      sql`select count(*)::int as n from scheduled_pushes where client_id = ${c}`,
    );
    expect((claims as unknown as { n: number }[])[0]!.n).toBe(1);
  });
});
