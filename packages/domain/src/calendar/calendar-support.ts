import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { CalendarSlotType } from "@studio/contracts";
import {
  availabilityWindows,
  calendarEvents,
  clientCoaches,
  clients,
  coaches,
  studios,
  type DbOrTx,
} from "@studio/db";
import { AppError, forbidden, notFound, validation } from "../errors";
import type { CoachScope, TraineeScope } from "../scope";
import { addDays, pickTimeZone, zonedDateTimeToInstant } from "../time/zoned-time";
import { signedInTrainee } from "../trainee/signed-in-trainee";
import type { BusyRange, SlotWindow } from "./slots";
import type { StudioScope } from "../scope";

/** The zone window minutes are read in when the studio has none (or an invalid one). */
export const DEFAULT_STUDIO_ZONE = "Asia/Jerusalem";

/** The studio's calendar settings: its zone (default Asia/Jerusalem) and the calendarEnabled switch. */
export interface CalendarStudio {
  zone: string;
  /** False only when settings.calendarEnabled is explicitly false (document 3). */
  enabled: boolean;
}

export async function loadCalendarStudio(db: DbOrTx, scope: StudioScope): Promise<CalendarStudio> {
  const { studioId } = scope;
  const [row] = await db
    .select({ timezone: studios.timezone, settings: studios.settings })
    .from(studios)
    .where(eq(studios.id, studioId))
    .limit(1);
  if (!row) throw notFound("studio");
  return {
    zone: pickTimeZone(row.timezone, DEFAULT_STUDIO_ZONE),
    enabled: row.settings?.calendarEnabled !== false,
  };
}

/** Slots and booking answer 403 when the studio switched the calendar off (meetings and cancel do not check). */
export function assertCalendarEnabled(studio: CalendarStudio): void {
  if (!studio.enabled) throw forbidden("calendar is disabled for this studio");
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A query range: a date-time is its instant; a plain date is read in the studio zone, `from` as
 * the start of that day and `to` as its end (from=to=D covers day D). VALIDATION unless to > from.
 */
export function resolveRange(from: string, to: string, zone: string): { from: Date; to: Date } {
  const start = DATE_ONLY.test(from) ? zonedDateTimeToInstant(from, "00:00", zone) : new Date(from);
  const end = DATE_ONLY.test(to) ? zonedDateTimeToInstant(addDays(to, 1), "00:00", zone) : new Date(to);
  if (!(end.getTime() > start.getTime()))
    throw validation("to must be after from", {
      issues: [{ path: "to", message: "to must be after from", code: "custom" }],
    });
  return { from: start, to: end };
}

/** Preview sessions may only read (the lane guard refuses them first; this keeps the rule in the operation). */
export function refusePreview(scope: TraineeScope): void {
  if (scope.actor.preview)
    throw new AppError("FORBIDDEN", "preview sessions are read-only", { reason: "PREVIEW_READ_ONLY" });
}

/** The signed-in trainee (NOT_FOUND "trainee not found" when deleted). */
export async function loadCalendarTrainee(db: DbOrTx, scope: TraineeScope) {
  const [row] = await db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(signedInTrainee(scope))
    .limit(1);
  if (!row) throw notFound("trainee");
  return { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() };
}

/**
 * The coach whose slots a trainee sees (document 3): the trainee's assigned coach (the primary
 * one, then the others in their order), else the studio's oldest active HEAD_COACH, else its
 * oldest active coach; dismissed coaches never. One query; null when the studio has no coach.
 */
export async function resolveCalendarCoach(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
): Promise<string | null> {
  const { studioId } = scope;
  const [row] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .leftJoin(
      clientCoaches,
      and(
        eq(clientCoaches.coachId, coaches.id),
        eq(clientCoaches.clientId, clientId),
        eq(clientCoaches.studioId, studioId),
      ),
    )
    .where(and(eq(coaches.studioId, studioId), eq(coaches.active, true)))
    .orderBy(
      sql`(${clientCoaches.id} is null)`,
      sql`${clientCoaches.isPrimary} desc nulls last`,
      asc(clientCoaches.position),
      sql`(${coaches.role} <> 'HEAD_COACH')`,
      asc(coaches.createdAt),
      asc(coaches.id),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The coach's active windows (of one slot type when given). */
export async function activeWindowsOf(
  db: DbOrTx,
  scope: StudioScope,
  coachId: string,
  type?: CalendarSlotType,
): Promise<SlotWindow[]> {
  const { studioId } = scope;
  return db
    .select({
      kind: availabilityWindows.kind,
      weekday: availabilityWindows.weekday,
      date: availabilityWindows.date,
      startMinute: availabilityWindows.startMinute,
      endMinute: availabilityWindows.endMinute,
      durationMin: availabilityWindows.durationMin,
      slotType: availabilityWindows.slotType,
      isActive: availabilityWindows.isActive,
    })
    .from(availabilityWindows)
    .where(
      and(
        eq(availabilityWindows.studioId, studioId),
        eq(availabilityWindows.coachId, coachId),
        eq(availabilityWindows.isActive, true),
        type ? eq(availabilityWindows.slotType, type) : undefined,
      ),
    );
}

/** The coach's non-CANCELLED events overlapping [from, to), in one query. */
export async function busyRangesOf(
  db: DbOrTx,
  scope: StudioScope,
  coachId: string,
  from: Date,
  to: Date,
): Promise<BusyRange[]> {
  const { studioId } = scope;
  return db
    .select({ startsAt: calendarEvents.startsAt, endsAt: calendarEvents.endsAt })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.studioId, studioId),
        eq(calendarEvents.coachId, coachId),
        ne(calendarEvents.status, "CANCELLED"),
        lt(calendarEvents.startsAt, to),
        gt(calendarEvents.endsAt, from),
      ),
    );
}

/**
 * Who manages a coach's availability: OWNER and HEAD_COACH any coach of the studio, any other
 * team member only their own (FORBIDDEN "you can manage only your own availability").
 */
export function assertManagesCoach(scope: CoachScope, coachId: string): void {
  const { role, access } = scope.actor;
  if (role === "OWNER" || role === "HEAD_COACH") return;
  if (access.coachId !== null && access.coachId === coachId) return;
  throw forbidden("you can manage only your own availability");
}

/** A coach of the studio (NOT_FOUND "coach not found" for a missing or another studio's id). */
export async function loadStudioCoach(db: DbOrTx, scope: StudioScope, coachId: string) {
  const { studioId } = scope;
  const [row] = await db
    .select({ id: coaches.id, active: coaches.active })
    .from(coaches)
    .where(and(eq(coaches.id, coachId), eq(coaches.studioId, studioId)))
    .limit(1);
  if (!row) throw notFound("coach");
  return row;
}
