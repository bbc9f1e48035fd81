import { expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { calendarEvents, coaches } from "@studio/db";
import { localParts, zonedDateTimeToInstant } from "@studio/domain";
import type { TestApp, WebUserContext } from "./harness";
import { traineeRequest } from "./notification-fixtures";
import { studioIdOf } from "./team-fixtures";

export const ZONE = "Asia/Jerusalem";
export const DAY_MS = 86_400_000;

/** The studio of a web owner and the owner's own Coach row (a HEAD_COACH, the studio's oldest). */
export async function calendarStudio(t: TestApp, owner: WebUserContext) {
  const studioId = await studioIdOf(t, owner);
  const [coach] = await t.deps.database.db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, owner.userId!)));
  expect(coach, "the owner's coach row").toBeDefined();
  return { studioId, ownerCoachId: coach!.id };
}

/** The local date `days` after the clock's date in the zone. */
export const dateAhead = (clock: number, days: number, zone = ZONE) =>
  localParts(new Date(clock + days * DAY_MS), zone).date;

/** The ISO instant of a local wall time on a local date. */
export const localIso = (date: string, wall: string, zone = ZONE) =>
  zonedDateTimeToInstant(date, wall, zone).toISOString();

/** POST /v1/web/calendar/availability, expecting 201. */
export async function addWindow(t: TestApp, by: WebUserContext, body: Record<string, unknown>) {
  const res = await t.web("POST", "/v1/web/calendar/availability", by, {
    slotType: "TRAINING",
    durationMin: 60,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export const query = (params: Record<string, string | undefined>) =>
  Object.entries(params)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");

/** GET /v1/trainee/calendar/slots. */
export const slotsOf = (t: TestApp, token: string, params: Record<string, string | undefined>) =>
  traineeRequest(t, token, "GET", `/v1/trainee/calendar/slots?${query(params)}`);

/** The slots answered, expecting 200. */
export async function slotItems(t: TestApp, token: string, params: Record<string, string | undefined>) {
  const res = await slotsOf(t, token, params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items as { coachId: string; type: string; startsAt: string; endsAt: string }[];
}

export const book = (t: TestApp, token: string, slot: Record<string, unknown>) =>
  traineeRequest(t, token, "POST", "/v1/trainee/calendar/book", slot);

/** An event inserted directly (past meetings and other coaches' bookings the routes cannot make). */
export async function insertEvent(
  t: TestApp,
  fields: {
    studioId: string;
    coachId: string;
    clientId?: string | null;
    startsAt: Date;
    endsAt: Date;
    status?: string;
    type?: string;
  },
) {
  const [row] = await t.deps.database.db
    .insert(calendarEvents)
    .values({ title: "Direct", type: "TRAINING", ...fields })
    .returning();
  return row!;
}
