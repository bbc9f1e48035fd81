// Slot generation (document 3 "Trainee calendar"): pure, no database. Window minutes are
// converted to instants in the studio's zone through time/zoned-time.ts (no offset math here).

import { CALENDAR_LIMITS, type AvailabilityKind, type CalendarSlotType } from "@studio/contracts";
import { addDays, daysBetween, localParts, weekdayOf, zonedDateTimeToInstant } from "../time/zoned-time";

const MINUTE_MS = 60_000;

/** The fields of an availability window slot generation reads. */
export interface SlotWindow {
  kind: AvailabilityKind | string;
  weekday: number | null;
  date: string | null;
  startMinute: number;
  endMinute: number;
  durationMin: number;
  slotType: CalendarSlotType | string;
  isActive: boolean;
}

/** An interval a slot must not overlap: a non-CANCELLED event of the coach. */
export interface BusyRange {
  startsAt: Date;
  endsAt: Date;
}

export interface GeneratedSlot {
  type: CalendarSlotType;
  startsAt: Date;
  endsAt: Date;
}

export interface SlotRequest {
  windows: readonly SlotWindow[];
  /** Slots start at or after `from` and before `to`. */
  from: Date;
  to: Date;
  /** Only slots starting after `now` are kept. */
  now: Date;
  /** The studio's IANA zone: window minutes are local times of this zone. */
  zone: string;
  busy?: readonly BusyRange[];
  /** Omit for both types. */
  type?: CalendarSlotType;
  /** At most this many slots (earliest first); default CALENDAR_LIMITS.slotsPerAnswer. */
  limit?: number;
}

/** The instant of a window minute on a local date; 1440 is midnight starting the next day. */
export function windowMinuteInstant(date: string, minute: number, zone: string): Date {
  const day = Math.floor(minute / 1440);
  const rest = minute - day * 1440;
  const wall = `${String(Math.floor(rest / 60)).padStart(2, "0")}:${String(rest % 60).padStart(2, "0")}`;
  return zonedDateTimeToInstant(addDays(date, day), wall, zone);
}

/**
 * The local dates the walk covers: from the date `from` falls on, at most 31 days
 * (CALENDAR_LIMITS.slotWalkDays), and no further than the date of the range's last instant.
 */
export function walkDates(from: Date, to: Date, zone: string): string[] {
  if (to.getTime() <= from.getTime()) return [];
  const first = localParts(from, zone).date;
  const last = localParts(new Date(to.getTime() - 1), zone).date;
  const count = Math.min(CALENDAR_LIMITS.slotWalkDays, daysBetween(first, last) + 1);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(first, i));
}

/** Whether a window applies to a local date (active, and its weekday or its date). */
export function windowAppliesOn(window: SlotWindow, date: string): boolean {
  if (!window.isActive) return false;
  if (window.kind === "DATE") return window.date === date;
  return window.kind === "RECURRING" && window.weekday === weekdayOf(date);
}

/**
 * One window on one date cut into back-to-back slots. The window's start and end minutes are
 * converted to instants in the zone, and slots of durationMin real minutes are laid from the
 * start while they end by the window's end. On a normal day this is the wall-clock grid; on the
 * day clocks go forward the skipped hour yields no slot (a window 00:00–06:00 is five hours
 * long), on the day they go back the repeated hour is offered (seven hours), always
 * durationMin long and never overlapping.
 */
export function cutWindow(window: SlotWindow, date: string, zone: string): GeneratedSlot[] {
  const start = windowMinuteInstant(date, window.startMinute, zone).getTime();
  const end = windowMinuteInstant(date, window.endMinute, zone).getTime();
  const length = window.durationMin * MINUTE_MS;
  if (!(length > 0)) return [];
  const out: GeneratedSlot[] = [];
  for (let at = start; at + length <= end; at += length) {
    out.push({
      type: window.slotType as CalendarSlotType,
      startsAt: new Date(at),
      endsAt: new Date(at + length),
    });
  }
  return out;
}

const overlaps = (slot: GeneratedSlot, busy: BusyRange) =>
  slot.startsAt.getTime() < busy.endsAt.getTime() && busy.startsAt.getTime() < slot.endsAt.getTime();

/**
 * The bookable slots of one coach (document 3 "GET /v1/trainee/calendar/slots"): for each day of
 * the walk every matching active window is cut into slots; a slot is kept when it starts inside
 * [from, to), starts after now, and overlaps no busy range. Identical slots of overlapping
 * windows are answered once; earliest first (then TRAINING before CONVERSATION).
 */
export function generateSlots(request: SlotRequest): GeneratedSlot[] {
  const { from, to, now, zone, type } = request;
  const busy = [...(request.busy ?? [])].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const limit = request.limit ?? CALENDAR_LIMITS.slotsPerAnswer;
  const windows = request.windows.filter((w) => w.isActive && (!type || w.slotType === type));
  const out: GeneratedSlot[] = [];
  const seen = new Set<string>();
  for (const date of walkDates(from, to, zone)) {
    const day: GeneratedSlot[] = [];
    for (const window of windows) {
      if (!windowAppliesOn(window, date)) continue;
      for (const slot of cutWindow(window, date, zone)) {
        const start = slot.startsAt.getTime();
        if (start < from.getTime() || start >= to.getTime() || start <= now.getTime()) continue;
        if (busy.some((b) => overlaps(slot, b))) continue;
        const key = `${start}|${slot.endsAt.getTime()}|${slot.type}`;
        if (seen.has(key)) continue;
        seen.add(key);
        day.push(slot);
      }
    }
    day.sort(
      (a, b) =>
        a.startsAt.getTime() - b.startsAt.getTime() ||
        a.endsAt.getTime() - b.endsAt.getTime() ||
        (a.type === b.type ? 0 : a.type === "TRAINING" ? -1 : 1),
    );
    for (const slot of day) {
      if (out.length >= limit) return out;
      out.push(slot);
    }
  }
  return out;
}
