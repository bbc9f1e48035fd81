import type { CalendarSlotFilters, CalendarSlotList } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { loadCalendarTrainee, resolveCalendarCoach } from "./calendar-participants";
import { assertCalendarEnabled, loadCalendarStudio, resolveRange } from "./calendar-studio";
import { activeWindowsOf, busyRangesOf } from "./coach-schedule";
import { generateSlots, walkDates, windowMinuteInstant } from "./slots";

/**
 * `GET /v1/trainee/calendar/slots` (document 3): 403 when the studio switched the calendar off;
 * the slots of the trainee's calendar coach (none without a coach) over at most 31 days from
 * `from`, starting inside the range and in the future, free of the coach's non-CANCELLED events
 * (read in one query for the walked days).
 */
export async function listBookableSlots(
  db: Db,
  scope: TraineeScope,
  input: CalendarSlotFilters,
): Promise<CalendarSlotList> {
  const trainee = await loadCalendarTrainee(db, scope);
  const studio = await loadCalendarStudio(db, scope);
  assertCalendarEnabled(studio);
  const range = resolveRange(input.from, input.to, studio.zone);
  const coachId = await resolveCalendarCoach(db, scope, trainee.id);
  if (!coachId) return { items: [], coachId: null, timezone: studio.zone };
  const dates = walkDates(range.from, range.to, studio.zone);
  if (dates.length === 0) return { items: [], coachId, timezone: studio.zone };
  const windows = await activeWindowsOf(db, scope, coachId, input.type);
  if (windows.length === 0) return { items: [], coachId, timezone: studio.zone };
  // Slots of the walked days end by the last day's 24:00.
  const walkEnd = windowMinuteInstant(dates.at(-1)!, 1440, studio.zone);
  const busy = await busyRangesOf(db, scope, coachId, range.from, walkEnd);
  const slots = generateSlots({
    windows,
    from: range.from,
    to: range.to,
    now: scope.now,
    zone: studio.zone,
    busy,
    type: input.type,
  });
  return {
    items: slots.map((s) => ({
      coachId,
      type: s.type,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
    })),
    coachId,
    timezone: studio.zone,
  };
}
