import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CALENDAR_LIMITS } from "@studio/contracts";
import { availabilityWindows, coaches } from "@studio/db";
import { addDays } from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import { addClient, addCoach, setStudioSettings, withoutRequestId } from "./support/team-fixtures";
import {
  ZONE,
  addWindow,
  calendarStudio,
  dateAhead,
  insertEvent,
  localIso,
  query,
} from "./support/calendar-fixtures";

let t: TestApp;
const clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());

const HOUR_MS = 3_600_000;
const AVAILABILITY = "/v1/web/calendar/availability";
const recurringBody = (coachId: string, fields: Record<string, unknown> = {}) => ({
  coachId,
  kind: "RECURRING",
  weekday: 0,
  startMinute: 540,
  endMinute: 720,
  durationMin: 45,
  slotType: "TRAINING",
  ...fields,
});
const listWindows = async (by: WebUserContext, coachId?: string) => {
  const res = await t.web("GET", `${AVAILABILITY}${coachId ? `?coachId=${coachId}` : ""}`, by);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items as any[];
};
const events = (by: WebUserContext, params: Record<string, string | undefined>) =>
  t.web("GET", `/v1/web/calendar/events?${query(params)}`, by);

describe("POST /v1/web/calendar/availability", () => {
  it("201: a recurring or a dated window with the decisions.md fields; isActive defaults to true", async () => {
    const owner = newOwner();
    const { ownerCoachId } = await calendarStudio(t, owner);
    const res = await t.web("POST", AVAILABILITY, owner, recurringBody(ownerCoachId));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      coachId: ownerCoachId,
      kind: "RECURRING",
      weekday: 0,
      date: null,
      startMinute: 540,
      endMinute: 720,
      durationMin: 45,
      slotType: "TRAINING",
      isActive: true,
    });
    const dated = await t.web("POST", AVAILABILITY, owner, {
      coachId: ownerCoachId,
      kind: "DATE",
      date: "2031-02-03",
      startMinute: 0,
      endMinute: 1440,
      durationMin: 1440,
      slotType: "CONVERSATION",
      isActive: false,
    });
    expect(dated.status, JSON.stringify(dated.body)).toBe(201);
    expect(dated.body.data).toMatchObject({
      kind: "DATE",
      date: "2031-02-03",
      weekday: null,
      isActive: false,
    });
  });

  it("VALIDATION: weekday for RECURRING only, date for DATE only, minutes 0 to 1440, end after start, duration within the window", async () => {
    const owner = newOwner();
    const { ownerCoachId } = await calendarStudio(t, owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ weekday: undefined }, "weekday"],
      [{ weekday: null }, "weekday"],
      [{ date: "2031-01-01" }, "date"],
      [{ kind: "DATE", date: "2031-01-01" }, "weekday"],
      [{ kind: "DATE", weekday: undefined }, "date"],
      [{ weekday: 7 }, "weekday"],
      [{ weekday: -1 }, "weekday"],
      [{ startMinute: -1 }, "startMinute"],
      [{ endMinute: 1441 }, "endMinute"],
      [{ endMinute: 540 }, "endMinute"],
      [{ startMinute: 600, endMinute: 599 }, "endMinute"],
      [{ durationMin: 181 }, "durationMin"],
      [{ durationMin: 0 }, "durationMin"],
      [{ slotType: "DINNER" }, "slotType"],
      [{ kind: "WEEKLY" }, "kind"],
      [{ kind: "DATE", weekday: undefined, date: "2031-02-30" }, "date"],
    ];
    for (const [fields, path] of cases) {
      const res = await t.web("POST", AVAILABILITY, owner, recurringBody(ownerCoachId, fields));
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
      expect(
        (res.body.details.issues as any[]).map((i) => i.path),
        JSON.stringify(fields),
      ).toContain(path);
    }
    // The bounds themselves are accepted.
    const edge = await t.web(
      "POST",
      AVAILABILITY,
      owner,
      recurringBody(ownerCoachId, { weekday: 6, startMinute: 0, endMinute: 1440, durationMin: 1440 }),
    );
    expect(edge.status).toBe(201);
    expect(await listWindows(owner)).toHaveLength(1);
  });

  it("OWNER and HEAD_COACH manage any coach's windows; another member only their own (403 otherwise)", async () => {
    const owner = newOwner();
    const { ownerCoachId } = await calendarStudio(t, owner);
    const { coach: head, as: headAs } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const { coach: sub, as: subAs } = await addCoach(t, owner);
    const { coach: colleague } = await addCoach(t, owner);
    expect((await t.web("POST", AVAILABILITY, owner, recurringBody(sub.id))).status).toBe(201);
    expect((await t.web("POST", AVAILABILITY, headAs, recurringBody(sub.id))).status).toBe(201);
    expect((await t.web("POST", AVAILABILITY, headAs, recurringBody(ownerCoachId))).status).toBe(201);
    expect((await t.web("POST", AVAILABILITY, subAs, recurringBody(sub.id))).status).toBe(201);
    for (const coachId of [colleague.id, head.id, ownerCoachId]) {
      const res = await t.web("POST", AVAILABILITY, subAs, recurringBody(coachId));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: "FORBIDDEN",
        message: "you can manage only your own availability",
      });
    }
    // A member without a Coach row manages nobody's windows.
    const stranger = { ...owner, userId: `user_nobody_${Date.now()}`, role: "SUB_COACH" };
    expect((await t.web("POST", AVAILABILITY, stranger, recurringBody(sub.id))).status).toBe(403);
    // DELETE follows the same rule.
    const colleagueWindow = await addWindow(t, owner, recurringBody(colleague.id));
    const ownWindow = await addWindow(t, subAs, recurringBody(sub.id, { weekday: 3 }));
    const refused = await t.web("DELETE", `${AVAILABILITY}/${colleagueWindow.id}`, subAs);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("you can manage only your own availability");
    expect((await t.web("DELETE", `${AVAILABILITY}/${ownWindow.id}`, subAs)).status).toBe(204);
    expect((await t.web("DELETE", `${AVAILABILITY}/${colleagueWindow.id}`, headAs)).status).toBe(204);
  });

  it("another studio's coach id answers NOT_FOUND exactly like an unknown one; a dismissed coach VALIDATION", async () => {
    const owner = newOwner();
    await calendarStudio(t, owner);
    const foreign = await calendarStudio(t, newOwner());
    const a = await t.web("POST", AVAILABILITY, owner, recurringBody(foreign.ownerCoachId));
    const b = await t.web("POST", AVAILABILITY, owner, recurringBody("no-such-coach"));
    expect(a.status).toBe(404);
    expect(withoutRequestId(a.body)).toEqual(withoutRequestId(b.body));
    expect(a.body.message).toBe("coach not found");
    const { coach } = await addCoach(t, owner);
    await t.deps.database.db.update(coaches).set({ active: false }).where(eq(coaches.id, coach.id));
    const dismissed = await t.web("POST", AVAILABILITY, owner, recurringBody(coach.id));
    expect(dismissed.status).toBe(422);
    expect(dismissed.body.message).toBe("this team member has been removed");
  });

  it(`at most ${CALENDAR_LIMITS.windowsPerCoach} windows per coach, also under concurrent creates`, async () => {
    const owner = newOwner();
    const { studioId, ownerCoachId } = await calendarStudio(t, owner);
    const { coach } = await addCoach(t, owner);
    await t.deps.database.db.insert(availabilityWindows).values(
      Array.from({ length: CALENDAR_LIMITS.windowsPerCoach - 2 }, () => ({
        studioId,
        coachId: ownerCoachId,
        kind: "RECURRING",
        weekday: 1,
        startMinute: 0,
        endMinute: 60,
        durationMin: 60,
        slotType: "TRAINING",
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.web("POST", AVAILABILITY, owner, recurringBody(ownerCoachId))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body.message).toBe(
      `a coach has at most ${CALENDAR_LIMITS.windowsPerCoach} availability windows`,
    );
    expect((await listWindows(owner, ownerCoachId)).length).toBe(CALENDAR_LIMITS.windowsPerCoach);
    // Another coach's count is their own.
    expect((await t.web("POST", AVAILABILITY, owner, recurringBody(coach.id))).status).toBe(201);
  });
});

describe("GET and DELETE /v1/web/calendar/availability", () => {
  it("lists the studio's windows (coachId narrows), recurring by weekday then dated by date, for every team member; never another studio's", async () => {
    const owner = newOwner();
    const { ownerCoachId } = await calendarStudio(t, owner);
    const { coach: sub, as: subAs } = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    const foreignOwner = newOwner();
    const foreign = await calendarStudio(t, foreignOwner);
    await addWindow(t, foreignOwner, recurringBody(foreign.ownerCoachId));
    const dated = await addWindow(
      t,
      owner,
      recurringBody(ownerCoachId, { kind: "DATE", weekday: undefined, date: "2031-05-01" }),
    );
    const tuesday = await addWindow(t, owner, recurringBody(ownerCoachId, { weekday: 2 }));
    const sundayLate = await addWindow(
      t,
      owner,
      recurringBody(ownerCoachId, { weekday: 0, startMinute: 900, endMinute: 960 }),
    );
    const sundayEarly = await addWindow(
      t,
      owner,
      recurringBody(ownerCoachId, { weekday: 0, startMinute: 60, endMinute: 120 }),
    );
    const subWindow = await addWindow(t, owner, recurringBody(sub.id));
    const ownerIds = [sundayEarly.id, sundayLate.id, tuesday.id, dated.id];
    expect((await listWindows(owner, ownerCoachId)).map((w) => w.id)).toEqual(ownerIds);
    expect((await listWindows(subAs, sub.id)).map((w) => w.id)).toEqual([subWindow.id]);
    const all = (await listWindows(subAs)).map((w) => w.id);
    expect(all.sort()).toEqual([...ownerIds, subWindow.id].sort());
    expect(await listWindows(owner, foreign.ownerCoachId)).toEqual([]);
  });

  it("DELETE answers 204, then NOT_FOUND; another studio's window answers like an unknown one and stays", async () => {
    const owner = newOwner();
    const { ownerCoachId } = await calendarStudio(t, owner);
    const foreignOwner = newOwner();
    const foreign = await calendarStudio(t, foreignOwner);
    const mine = await addWindow(t, owner, recurringBody(ownerCoachId));
    const theirs = await addWindow(t, foreignOwner, recurringBody(foreign.ownerCoachId));
    const deleted = await t.web("DELETE", `${AVAILABILITY}/${mine.id}`, owner);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe("");
    const again = await t.web("DELETE", `${AVAILABILITY}/${mine.id}`, owner);
    const abroad = await t.web("DELETE", `${AVAILABILITY}/${theirs.id}`, owner);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("availability window not found");
    expect(withoutRequestId(abroad.body)).toEqual(withoutRequestId(again.body));
    expect((await listWindows(foreignOwner)).map((w) => w.id)).toEqual([theirs.id]);
  });
});

describe("GET /v1/web/calendar/events", () => {
  it("events overlapping [from, to), cancelled included, oldest first, with the studio zone; coachId narrows; never another studio's", async () => {
    const owner = newOwner();
    const { studioId, ownerCoachId } = await calendarStudio(t, owner);
    const { coach } = await addCoach(t, owner);
    const foreign = await calendarStudio(t, newOwner());
    const trainee = await addTrainee(t, studioId);
    const d = dateAhead(clock, 3);
    const at = (wall: string, date = d) => new Date(localIso(date, wall));
    const late = await insertEvent(t, {
      studioId,
      coachId: ownerCoachId,
      clientId: trainee.id,
      startsAt: at("15:00"),
      endsAt: at("16:00"),
    });
    const early = await insertEvent(t, {
      studioId,
      coachId: coach.id,
      startsAt: at("08:00"),
      endsAt: at("09:00"),
      status: "CANCELLED",
    });
    // Overlapping the range's start from the day before.
    const spanning = await insertEvent(t, {
      studioId,
      coachId: coach.id,
      startsAt: at("23:30", addDays(d, -1)),
      endsAt: at("00:30"),
    });
    await insertEvent(t, {
      studioId,
      coachId: ownerCoachId,
      startsAt: at("10:00", addDays(d, 1)),
      endsAt: at("11:00", addDays(d, 1)),
    });
    await insertEvent(t, {
      studioId,
      coachId: ownerCoachId,
      startsAt: at("23:00", addDays(d, -1)),
      endsAt: at("00:00"),
    });
    await insertEvent(t, {
      studioId: foreign.studioId,
      coachId: foreign.ownerCoachId,
      startsAt: at("12:00"),
      endsAt: at("13:00"),
    });
    const res = await events(owner, { from: d, to: d });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.timezone).toBe(ZONE);
    expect(res.body.data.items.map((e: any) => e.id)).toEqual([spanning.id, early.id, late.id]);
    expect(res.body.data.items[2]).toMatchObject({
      traineeId: trainee.id,
      coachId: ownerCoachId,
      status: "CONFIRMED",
      type: "TRAINING",
    });
    expect(res.body.data.items[1]).toMatchObject({ status: "CANCELLED" });
    const narrowed = await events(owner, {
      from: localIso(d, "00:00"),
      to: localIso(d, "23:59"),
      coachId: coach.id,
    });
    expect(narrowed.body.data.items.map((e: any) => e.id)).toEqual([spanning.id, early.id]);
    expect((await events(owner, { from: d, to: d, coachId: foreign.ownerCoachId })).body.data.items).toEqual(
      [],
    );
  });

  it("a coach limited to assigned trainees sees their own events and their trainees' events only", async () => {
    const owner = newOwner();
    const { studioId, ownerCoachId } = await calendarStudio(t, owner);
    const { coach: limited, as: limitedAs } = await addCoach(t, owner, {
      permissions: { trainees: "assigned" },
    });
    const { as: allAs } = await addCoach(t, owner);
    const mine = await addClient(t, owner, { coachIds: [limited.id] });
    const notMine = await addTrainee(t, studioId);
    const d = dateAhead(clock, 5);
    const at = (hours: number) => new Date(Date.parse(localIso(d, "08:00")) + hours * HOUR_MS);
    const own = await insertEvent(t, {
      studioId,
      coachId: limited.id,
      clientId: notMine.id,
      startsAt: at(0),
      endsAt: at(1),
    });
    const traineeOfMine = await insertEvent(t, {
      studioId,
      coachId: ownerCoachId,
      clientId: mine.id,
      startsAt: at(2),
      endsAt: at(3),
    });
    const other = await insertEvent(t, {
      studioId,
      coachId: ownerCoachId,
      clientId: notMine.id,
      startsAt: at(4),
      endsAt: at(5),
    });
    const ids = async (by: WebUserContext) =>
      (await events(by, { from: d, to: d })).body.data.items.map((e: any) => e.id);
    expect(await ids(limitedAs)).toEqual([own.id, traineeOfMine.id]);
    expect(await ids(allAs)).toEqual([own.id, traineeOfMine.id, other.id]);
    expect(await ids(owner)).toEqual([own.id, traineeOfMine.id, other.id]);
  });

  it("VALIDATION: both bounds required, to after from, at most 62 days; date bounds are read in the studio zone", async () => {
    const owner = newOwner();
    const { studioId, ownerCoachId } = await calendarStudio(t, owner);
    const d = dateAhead(clock, 1);
    for (const params of [
      { from: d },
      { to: d },
      { from: d, to: addDays(d, -1) },
      { from: d, to: addDays(d, CALENDAR_LIMITS.eventRangeDays) },
      { from: "2031-01-01T00:00:00", to: "2031-01-02T00:00:00Z" },
    ]) {
      const res = await events(owner, params);
      expect(res.status, JSON.stringify(params)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    expect(
      (await events(owner, { from: d, to: addDays(d, CALENDAR_LIMITS.eventRangeDays - 1) })).status,
    ).toBe(200);
    // A New York studio's day D runs from D 00:00 to D+1 00:00 New York time.
    await setStudioSettings(t, owner, { timezone: "America/New_York" });
    const ny = (wall: string, date = d) => new Date(localIso(date, wall, "America/New_York"));
    const inside = await insertEvent(t, {
      studioId,
      coachId: ownerCoachId,
      startsAt: ny("23:00"),
      endsAt: ny("23:30"),
    });
    await insertEvent(t, {
      studioId,
      coachId: ownerCoachId,
      startsAt: ny("00:00", addDays(d, 1)),
      endsAt: ny("00:30", addDays(d, 1)),
    });
    const res = await events(owner, { from: d, to: d });
    expect(res.body.data.timezone).toBe("America/New_York");
    expect(res.body.data.items.map((e: any) => e.id)).toEqual([inside.id]);
  });
});
