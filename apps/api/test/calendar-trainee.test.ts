import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createPreviewToken } from "@studio/auth";
import { calendarEvents, clients, coaches, notifications } from "@studio/db";
import {
  AppError,
  bookCalendarSlot,
  cancelTraineeMeeting,
  addDays,
  weekdayOf,
  zoneOffsetMs,
} from "@studio/domain";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";
import { addTrainee, traineeRequest } from "./support/notification-fixtures";
import { addClient, addCoach, setStudioSettings } from "./support/team-fixtures";
import {
  DAY_MS,
  ZONE,
  addWindow,
  book,
  calendarStudio,
  dateAhead,
  insertEvent,
  localIso,
  slotItems,
  slotsOf,
} from "./support/calendar-fixtures";

let t: TestApp;
const clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({ database: "postgres", now: () => new Date(clock) });
});
afterAll(async () => t?.close());

const HOUR_MS = 3_600_000;

/** A studio with its owner coach and one unassigned trainee (whose calendar coach is the owner's). */
async function setup(owner: WebUserContext = newOwner()) {
  const { studioId, ownerCoachId } = await calendarStudio(t, owner);
  const trainee = await addTrainee(t, studioId);
  return { owner, studioId, ownerCoachId, clientId: trainee.id, token: t.traineeToken(trainee.id, studioId) };
}

const meetingsOf = async (token: string) => {
  const res = await traineeRequest(t, token, "GET", "/v1/trainee/calendar/meetings");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: any[]; timezone: string };
};
const cancel = (token: string, id: string) =>
  traineeRequest(t, token, "POST", `/v1/trainee/calendar/meetings/${encodeURIComponent(id)}/cancel`);

describe("GET /v1/trainee/calendar/slots", () => {
  it("recurring windows on their weekday, date windows on their date, cut into back-to-back slots in the studio zone", async () => {
    const s = await setup();
    const d = dateAhead(clock, 3);
    const next = addDays(d, 1);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 540,
      endMinute: 660,
    });
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "RECURRING",
      weekday: weekdayOf(next),
      startMinute: 14 * 60,
      endMinute: 15 * 60,
      durationMin: 30,
      slotType: "CONVERSATION",
    });
    // Inactive windows give nothing.
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 0,
      endMinute: 60,
      isActive: false,
    });
    const res = await slotsOf(t, s.token, { from: d, to: next });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ coachId: s.ownerCoachId, timezone: ZONE });
    expect(res.body.data.items).toEqual([
      {
        coachId: s.ownerCoachId,
        type: "TRAINING",
        startsAt: localIso(d, "09:00"),
        endsAt: localIso(d, "10:00"),
      },
      {
        coachId: s.ownerCoachId,
        type: "TRAINING",
        startsAt: localIso(d, "10:00"),
        endsAt: localIso(d, "11:00"),
      },
      {
        coachId: s.ownerCoachId,
        type: "CONVERSATION",
        startsAt: localIso(next, "14:00"),
        endsAt: localIso(next, "14:30"),
      },
      {
        coachId: s.ownerCoachId,
        type: "CONVERSATION",
        startsAt: localIso(next, "14:30"),
        endsAt: localIso(next, "15:00"),
      },
    ]);
    // The recurring window repeats a week later; the date window does not.
    const week = await slotItems(t, s.token, { from: d, to: addDays(d, 8) });
    expect(week.map((x) => x.startsAt)).toContain(localIso(addDays(next, 7), "14:00"));
    expect(week.filter((x) => x.type === "TRAINING")).toHaveLength(2);
    // type narrows; a date-time range keeps slots starting inside it.
    expect(
      (await slotItems(t, s.token, { from: d, to: next, type: "CONVERSATION" })).map((x) => x.type),
    ).toEqual(["CONVERSATION", "CONVERSATION"]);
    expect(
      (await slotItems(t, s.token, { from: localIso(d, "10:00"), to: localIso(next, "14:30") })).map(
        (x) => x.startsAt,
      ),
    ).toEqual([localIso(d, "10:00"), localIso(next, "14:00")]);
  });

  it("window minutes are read in the studio's zone, never the trainee's", async () => {
    const s = await setup();
    await setStudioSettings(t, s.owner, { timezone: "America/New_York" });
    const d = dateAhead(clock, 5, "America/New_York");
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 540,
      endMinute: 600,
    });
    const res = await traineeRequest(t, s.token, "GET", `/v1/trainee/calendar/slots?from=${d}&to=${d}`);
    expect(res.body.data.timezone).toBe("America/New_York");
    const tokyo = await t.request("GET", `/v1/trainee/calendar/slots?from=${d}&to=${d}`, {
      headers: { authorization: `Bearer ${s.token}`, "x-timezone": "Asia/Tokyo" },
    });
    for (const answer of [res, tokyo])
      expect(answer.body.data.items.map((x: any) => x.startsAt)).toEqual([
        localIso(d, "09:00", "America/New_York"),
      ]);
  });

  it("only slots starting in the future (the request's clock)", async () => {
    const s = await setup();
    const today = dateAhead(clock, 0);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: today,
      startMinute: 0,
      endMinute: 1440,
    });
    const items = await slotItems(t, s.token, { from: today, to: today });
    const expected = Array.from({ length: 24 }, (_, h) =>
      localIso(today, `${String(h).padStart(2, "0")}:00`),
    ).filter((iso) => Date.parse(iso) > clock);
    expect(items.map((x) => x.startsAt)).toEqual(expected);
    // The slot already under way is not offered, nor can it be booked.
    const started = localIso(today, `${String(new Date(clock).getUTCHours()).padStart(2, "0")}:00`, "UTC");
    expect(items.map((x) => x.startsAt)).not.toContain(started);
  });

  it("the walk covers at most 31 days from from", async () => {
    const s = await setup();
    for (let weekday = 0; weekday < 7; weekday += 1)
      await addWindow(t, s.owner, {
        coachId: s.ownerCoachId,
        kind: "RECURRING",
        weekday,
        startMinute: 600,
        endMinute: 660,
      });
    const from = dateAhead(clock, 1);
    const items = await slotItems(t, s.token, { from, to: addDays(from, 90) });
    expect(items).toHaveLength(31);
    expect(items[0]!.startsAt).toBe(localIso(from, "10:00"));
    expect(items.at(-1)!.startsAt).toBe(localIso(addDays(from, 30), "10:00"));
  });

  it("the day Jerusalem's clocks change: the window is cut in real time (no slot in a skipped hour, the repeated hour offered)", async () => {
    const s = await setup();
    let change = dateAhead(clock, 1);
    const offsetAt = (date: string, wall: string) => zoneOffsetMs(new Date(localIso(date, wall)), ZONE);
    while (offsetAt(change, "00:00") === offsetAt(change, "06:00")) change = addDays(change, 1);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: change,
      startMinute: 0,
      endMinute: 360,
    });
    const items = await slotItems(t, s.token, { from: change, to: change });
    const forward = offsetAt(change, "06:00") > offsetAt(change, "00:00");
    expect(items).toHaveLength(forward ? 5 : 7);
    expect(items[0]!.startsAt).toBe(localIso(change, "00:00"));
    expect(items.at(-1)!.endsAt).toBe(localIso(change, "06:00"));
    items.forEach((slot, i) => {
      expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt)).toBe(HOUR_MS);
      if (i > 0) expect(slot.startsAt).toBe(items[i - 1]!.endsAt);
    });
  });

  it("a slot overlapping a non-CANCELLED event of the coach is not offered; a cancelled event frees it", async () => {
    const s = await setup();
    const d = dateAhead(clock, 2);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 480,
      endMinute: 720,
    });
    // Another trainee's meeting 09:30–10:15 covers the 09:00 and 10:00 slots.
    const other = await addTrainee(t, s.studioId);
    await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      clientId: other.id,
      startsAt: new Date(localIso(d, "09:30")),
      endsAt: new Date(localIso(d, "10:15")),
    });
    await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      startsAt: new Date(localIso(d, "11:00")),
      endsAt: new Date(localIso(d, "12:00")),
      status: "CANCELLED",
    });
    const starts = async () => (await slotItems(t, s.token, { from: d, to: d })).map((x) => x.startsAt);
    expect(await starts()).toEqual([localIso(d, "08:00"), localIso(d, "11:00")]);
    // Booking takes a slot away; cancelling gives it back.
    const booked = await book(t, s.token, {
      coachId: s.ownerCoachId,
      type: "TRAINING",
      startsAt: localIso(d, "08:00"),
      endsAt: localIso(d, "09:00"),
    });
    expect(booked.status).toBe(201);
    expect(await starts()).toEqual([localIso(d, "11:00")]);
    expect((await cancel(s.token, booked.body.data.id)).status).toBe(200);
    expect(await starts()).toEqual([localIso(d, "08:00"), localIso(d, "11:00")]);
  });

  it("slots are for the assigned (primary) coach, else the oldest active HEAD_COACH, else the oldest active coach; none without a coach", async () => {
    const owner = newOwner();
    const { studioId, ownerCoachId } = await calendarStudio(t, owner);
    const { coach: sub1 } = await addCoach(t, owner);
    const { coach: sub2 } = await addCoach(t, owner);
    const { coach: head2 } = await addCoach(t, owner, { role: "HEAD_COACH" });
    const d = dateAhead(clock, 4);
    for (const coachId of [ownerCoachId, sub1.id, sub2.id, head2.id])
      await addWindow(t, owner, { coachId, kind: "DATE", date: d, startMinute: 600, endMinute: 660 });
    const coachOf = async (token: string) => {
      const res = await slotsOf(t, token, { from: d, to: d });
      expect(res.status).toBe(200);
      const items = res.body.data.items as any[];
      expect(items.every((x) => x.coachId === res.body.data.coachId)).toBe(true);
      return res.body.data.coachId as string | null;
    };
    // Assigned: the primary coach, even when it is not the first listed.
    const assigned = await addClient(t, owner, { coachIds: [sub1.id, sub2.id], primaryCoachId: sub2.id });
    const assignedToken = t.traineeToken(assigned.id, studioId);
    expect(await coachOf(assignedToken)).toBe(sub2.id);
    const unassigned = t.traineeToken((await addTrainee(t, studioId)).id, studioId);
    expect(await coachOf(unassigned)).toBe(ownerCoachId); // oldest HEAD_COACH
    const deactivate = (id: string) =>
      t.deps.database.db.update(coaches).set({ active: false }).where(eq(coaches.id, id));
    await deactivate(sub2.id);
    expect(await coachOf(assignedToken)).toBe(sub1.id); // the other assigned coach
    await deactivate(ownerCoachId);
    expect(await coachOf(unassigned)).toBe(head2.id); // next HEAD_COACH by age
    await deactivate(head2.id);
    expect(await coachOf(unassigned)).toBe(sub1.id); // oldest active coach
    await deactivate(sub1.id);
    const res = await slotsOf(t, unassigned, { from: d, to: d });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ items: [], coachId: null, timezone: ZONE });
  });

  it("VALIDATION for a missing or malformed bound, to not after from, an unknown type", async () => {
    const s = await setup();
    const d = dateAhead(clock, 1);
    for (const params of [
      { from: d },
      { to: d },
      { from: d, to: addDays(d, -1) },
      { from: localIso(d, "10:00"), to: localIso(d, "10:00") },
      { from: "tomorrow", to: d },
      { from: d, to: d, type: "DINNER" },
    ]) {
      const res = await slotsOf(t, s.token, params);
      expect(res.status, JSON.stringify(params)).toBe(422);
      expect(res.body.code).toBe("VALIDATION");
    }
    expect((await slotsOf(t, s.token, { from: d, to: addDays(d, -1) })).body.message).toBe(
      "to must be after from",
    );
  });
});

describe("the calendarEnabled switch", () => {
  it("explicitly false: slots and booking answer 403 calendar is disabled for this studio; meetings and cancel still work", async () => {
    const s = await setup();
    const d = dateAhead(clock, 2);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 600,
      endMinute: 720,
    });
    const [first, second] = await slotItems(t, s.token, { from: d, to: d });
    const booked = await book(t, s.token, first!);
    expect(booked.status).toBe(201);

    await setStudioSettings(t, s.owner, { calendarEnabled: false });
    const refused = [await slotsOf(t, s.token, { from: d, to: d }), await book(t, s.token, second!)];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        ok: false,
        code: "FORBIDDEN",
        message: "calendar is disabled for this studio",
      });
    }
    expect((await meetingsOf(s.token)).items).toHaveLength(1);
    const cancelled = await cancel(s.token, booked.body.data.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("CANCELLED");

    await setStudioSettings(t, s.owner, { calendarEnabled: true });
    expect(await slotItems(t, s.token, { from: d, to: d })).toHaveLength(2);
  });
});

describe("POST /v1/trainee/calendar/book", () => {
  it("201: a CONFIRMED event titled with the trainee's name; no notification", async () => {
    const s = await setup();
    const d = dateAhead(clock, 3);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 600,
      endMinute: 660,
      slotType: "CONVERSATION",
      durationMin: 30,
    });
    const [slot] = await slotItems(t, s.token, { from: d, to: d });
    const res = await book(t, s.token, slot!);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      coachId: s.ownerCoachId,
      traineeId: s.clientId,
      title: "נועה כהן",
      type: "CONVERSATION",
      startsAt: slot!.startsAt,
      endsAt: slot!.endsAt,
      status: "CONFIRMED",
      cancelledAt: null,
    });
    expect(
      await t.deps.database.db.select().from(notifications).where(eq(notifications.clientId, s.clientId)),
    ).toEqual([]);
    // The same slot again: CONFLICT.
    const again = await book(t, s.token, slot!);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "CONFLICT", message: "this slot was just booked" });
  });

  it("only a slot the trainee's coach offers: other times, type, coach, a started slot answer VALIDATION not an available slot", async () => {
    const s = await setup();
    const { coach: colleague } = await addCoach(t, s.owner);
    const foreign = await calendarStudio(t, newOwner());
    const d = dateAhead(clock, 3);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 600,
      endMinute: 720,
    });
    await addWindow(t, s.owner, {
      coachId: colleague.id,
      kind: "DATE",
      date: d,
      startMinute: 600,
      endMinute: 720,
    });
    const today = dateAhead(clock, 0);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: today,
      startMinute: 0,
      endMinute: 1440,
    });
    const slot = {
      coachId: s.ownerCoachId,
      type: "TRAINING",
      startsAt: localIso(d, "10:00"),
      endsAt: localIso(d, "11:00"),
    };
    const hourStart = Math.floor(clock / HOUR_MS) * HOUR_MS; // Jerusalem hours align with UTC hours
    const bad = [
      { ...slot, startsAt: localIso(d, "10:15"), endsAt: localIso(d, "11:15") },
      { ...slot, endsAt: localIso(d, "12:00") },
      { ...slot, type: "CONVERSATION" },
      { ...slot, coachId: colleague.id },
      { ...slot, coachId: foreign.ownerCoachId },
      { ...slot, coachId: "no-such-coach" },
      { ...slot, startsAt: localIso(addDays(d, 7), "10:00"), endsAt: localIso(addDays(d, 7), "11:00") },
      {
        ...slot,
        startsAt: new Date(hourStart).toISOString(),
        endsAt: new Date(hourStart + HOUR_MS).toISOString(),
      },
    ];
    const answers = [];
    for (const body of bad) {
      const res = await book(t, s.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      answers.push({ code: res.body.code, message: res.body.message });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ code: "VALIDATION", message: "not an available slot" })]),
    );
    // endsAt not after startsAt is refused by the contract.
    const reversed = await book(t, s.token, { ...slot, endsAt: slot.startsAt });
    expect(reversed.status).toBe(422);
    expect(reversed.body.details.issues[0].path).toBe("endsAt");
    expect((await book(t, s.token, slot)).status).toBe(201);
  });

  it("50 concurrent bookings of one slot over HTTP: exactly one CONFIRMED, 49 × 409 this slot was just booked", async () => {
    const s = await setup();
    const d = dateAhead(clock, 6);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 600,
      endMinute: 660,
    });
    const tokens = [s.token];
    for (let i = 1; i < 50; i += 1)
      tokens.push(t.traineeToken((await addTrainee(t, s.studioId)).id, s.studioId));
    const [slot] = await slotItems(t, s.token, { from: d, to: d });
    const answers = await Promise.all(tokens.map((token) => book(t, token, slot!)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body).toMatchObject({ ok: false, code: "CONFLICT", message: "this slot was just booked" });
    const rows = await t.deps.database.db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.studioId, s.studioId), eq(calendarEvents.coachId, s.ownerCoachId)));
    expect(rows.filter((r) => r.status === "CONFIRMED")).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(await slotItems(t, s.token, { from: d, to: d })).toEqual([]);
  }, 60_000);
});

describe("GET /v1/trainee/calendar/meetings", () => {
  it("every event of the trainee, past and cancelled included, newest start first, with the studio zone; nobody else's", async () => {
    const s = await setup();
    const other = await addTrainee(t, s.studioId);
    const at = (hours: number) => new Date(clock + hours * HOUR_MS);
    const past = await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      clientId: s.clientId,
      startsAt: at(-48),
      endsAt: at(-47),
    });
    const future = await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      clientId: s.clientId,
      startsAt: at(48),
      endsAt: at(49),
    });
    const cancelled = await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      clientId: s.clientId,
      startsAt: at(24),
      endsAt: at(25),
      status: "CANCELLED",
    });
    await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      clientId: other.id,
      startsAt: at(72),
      endsAt: at(73),
    });
    const list = await meetingsOf(s.token);
    expect(list.timezone).toBe(ZONE);
    expect(list.items.map((m) => m.id)).toEqual([future.id, cancelled.id, past.id]);
    expect(list.items[1]).toMatchObject({ status: "CANCELLED", traineeId: s.clientId });
  });
});

describe("POST /v1/trainee/calendar/meetings/:id/cancel", () => {
  it("an upcoming meeting becomes CANCELLED; cancelling it again answers it unchanged", async () => {
    const s = await setup();
    const d = dateAhead(clock, 2);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 600,
      endMinute: 660,
    });
    const [slot] = await slotItems(t, s.token, { from: d, to: d });
    const booked = (await book(t, s.token, slot!)).body.data;
    const first = await cancel(s.token, booked.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      id: booked.id,
      status: "CANCELLED",
      cancelledAt: new Date(clock).toISOString(),
    });
    const second = await cancel(s.token, booked.id);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
  });

  it("a meeting that has started answers VALIDATION only an upcoming meeting can be cancelled (a cancelled past one is answered unchanged)", async () => {
    const s = await setup();
    const started = await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      clientId: s.clientId,
      startsAt: new Date(clock - 10 * 60_000),
      endsAt: new Date(clock + 50 * 60_000),
    });
    const res = await cancel(s.token, started.id);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: "VALIDATION",
      message: "only an upcoming meeting can be cancelled",
    });
    const [row] = await t.deps.database.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, started.id));
    expect(row!.status).toBe("CONFIRMED");
    const cancelledPast = await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      clientId: s.clientId,
      startsAt: new Date(clock - 2 * DAY_MS),
      endsAt: new Date(clock - 2 * DAY_MS + HOUR_MS),
      status: "CANCELLED",
    });
    expect((await cancel(s.token, cancelledPast.id)).status).toBe(200);
  });

  it("another trainee's, another studio's or an unknown meeting answers NOT_FOUND alike", async () => {
    const s = await setup();
    const other = await addTrainee(t, s.studioId);
    const foreign = await setup();
    const future = new Date(clock + DAY_MS);
    const end = new Date(clock + DAY_MS + HOUR_MS);
    const theirs = await insertEvent(t, {
      studioId: s.studioId,
      coachId: s.ownerCoachId,
      clientId: other.id,
      startsAt: future,
      endsAt: end,
    });
    const abroad = await insertEvent(t, {
      studioId: foreign.studioId,
      coachId: foreign.ownerCoachId,
      clientId: foreign.clientId,
      startsAt: future,
      endsAt: end,
    });
    const bodies = [];
    for (const id of [theirs.id, abroad.id, "no-such-meeting"]) {
      const res = await cancel(s.token, id);
      expect(res.status).toBe(404);
      bodies.push({ ...res.body, requestId: "" });
    }
    expect(bodies[0]).toEqual({ ok: false, code: "NOT_FOUND", message: "meeting not found", requestId: "" });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    const rows = await t.deps.database.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, abroad.id));
    expect(rows[0]!.status).toBe("CONFIRMED");
  });
});

describe("preview sessions", () => {
  it("may read slots and meetings; booking and cancelling answer 403 PREVIEW_READ_ONLY", async () => {
    const s = await setup();
    const d = dateAhead(clock, 2);
    await addWindow(t, s.owner, {
      coachId: s.ownerCoachId,
      kind: "DATE",
      date: d,
      startMinute: 600,
      endMinute: 720,
    });
    const [slot, other] = await slotItems(t, s.token, { from: d, to: d });
    const booked = (await book(t, s.token, slot!)).body.data;
    const preview = createPreviewToken(
      { clientId: s.clientId, studioId: s.studioId },
      t.config.sessionSigningSecret,
      clock,
    ).token;
    expect((await slotsOf(t, preview, { from: d, to: d })).status).toBe(200);
    expect((await traineeRequest(t, preview, "GET", "/v1/trainee/calendar/meetings")).status).toBe(200);
    for (const res of [await book(t, preview, other!), await cancel(preview, booked.id)]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "FORBIDDEN", details: { reason: "PREVIEW_READ_ONLY" } });
    }
    expect((await meetingsOf(s.token)).items.map((m) => m.status)).toEqual(["CONFIRMED"]);
  });

  it("the operations refuse a preview scope themselves (not only the lane guard)", async () => {
    const s = await setup();
    const scope = {
      ...t.scopeFor(s.studioId),
      actor: { kind: "trainee" as const, clientId: s.clientId, preview: true },
    };
    const refused = new AppError("FORBIDDEN", "preview sessions are read-only", {
      reason: "PREVIEW_READ_ONLY",
    });
    await expect(
      bookCalendarSlot(t.deps.database.db, scope, {
        coachId: s.ownerCoachId,
        type: "TRAINING",
        startsAt: new Date(clock + DAY_MS).toISOString(),
        endsAt: new Date(clock + DAY_MS + HOUR_MS).toISOString(),
      }),
    ).rejects.toEqual(refused);
    await expect(cancelTraineeMeeting(t.deps.database.db, scope, { id: "x" })).rejects.toEqual(refused);
  });
});

describe("a deleted trainee", () => {
  it("answers NOT_FOUND trainee not found on every calendar route", async () => {
    const s = await setup();
    await t.deps.database.db
      .update(clients)
      .set({ deletedAt: new Date(clock) })
      .where(eq(clients.id, s.clientId));
    const d = dateAhead(clock, 1);
    for (const res of [
      await slotsOf(t, s.token, { from: d, to: d }),
      await traineeRequest(t, s.token, "GET", "/v1/trainee/calendar/meetings"),
      await cancel(s.token, "x"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("trainee not found");
    }
  });
});

describe.each(["postgres", "pglite"] as const)("the exclusion constraint on %s", (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = engine === "postgres" ? t : await startTestApp({ database: "pglite", now: () => new Date(clock) });
  }, 180_000);
  afterAll(async () => {
    if (engine === "pglite") await app?.close();
  });

  it("no two non-CANCELLED events of a coach overlap; on conflict do nothing inserts nothing; cancelled events and other coaches do not block", async () => {
    const owner = newOwner();
    const { studioId, ownerCoachId } = await calendarStudio(app, owner);
    const { coach } = await addCoach(app, owner);
    const db = app.deps.database.db;
    const at = (minutes: number) => new Date(clock + DAY_MS + minutes * 60_000);
    const event = (coachId: string, from: number, to: number, status = "CONFIRMED") => ({
      studioId,
      coachId,
      title: "x",
      type: "TRAINING",
      startsAt: at(from),
      endsAt: at(to),
      status,
    });
    await db.insert(calendarEvents).values(event(ownerCoachId, 0, 60));
    const overlap = db.insert(calendarEvents).values(event(ownerCoachId, 30, 90));
    await expect(overlap).rejects.toSatisfy((e: any) => (e.code ?? e.cause?.code) === "23P01");
    expect(
      await db
        .insert(calendarEvents)
        .values(event(ownerCoachId, 59, 61))
        .onConflictDoNothing()
        .returning(),
    ).toEqual([]);
    // Touching ranges, cancelled events and another coach's events are fine.
    await db.insert(calendarEvents).values(event(ownerCoachId, 60, 120));
    await db.insert(calendarEvents).values(event(ownerCoachId, 0, 60, "CANCELLED"));
    await db.insert(calendarEvents).values(event(coach.id, 0, 60));
    // Un-cancelling into an overlap is refused too.
    const [cancelledRow] = await db
      .insert(calendarEvents)
      .values(event(ownerCoachId, 10, 20, "CANCELLED"))
      .returning();
    await expect(
      db.update(calendarEvents).set({ status: "CONFIRMED" }).where(eq(calendarEvents.id, cancelledRow!.id)),
    ).rejects.toSatisfy((e: any) => (e.code ?? e.cause?.code) === "23P01");
  });
});
