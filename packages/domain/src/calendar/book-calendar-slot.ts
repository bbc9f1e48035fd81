import type { CalendarBook, CalendarEventRecord } from "@studio/contracts";
import { calendarEvents, isExclusionViolation, type Db } from "@studio/db";
import { AppError, validation } from "../errors";
import type { TraineeScope } from "../scope";
import { toCalendarEventRecord } from "./calendar-record";
import { loadCalendarTrainee, refusePreview, resolveCalendarCoach } from "./calendar-participants";
import { assertCalendarEnabled, loadCalendarStudio } from "./calendar-studio";
import { activeWindowsOf, busyRangesOf } from "./coach-schedule";
import { generateSlots } from "./slots";

const slotTaken = () => new AppError("CONFLICT", "this slot was just booked");

/**
 * `POST /v1/trainee/calendar/book` (document 3, and beyond it): the slot must be one GET slots
 * would answer for the trainee's calendar coach, recomputed from the coach's windows (VALIDATION
 * "not an available slot" otherwise: wrong coach, times, type, or a slot that has started). An
 * event of the coach overlapping it answers CONFLICT "this slot was just booked". The insert
 * itself is arbitrated by the exclusion constraint calendar_events_no_overlap (no two
 * non-CANCELLED events of a coach overlap): `on conflict do nothing` makes the loser of a race
 * insert nothing (never a deadlock), and it hears the same CONFLICT. Title: the trainee's name;
 * status CONFIRMED; no notification.
 */
export async function bookCalendarSlot(
  db: Db,
  scope: TraineeScope,
  input: CalendarBook,
): Promise<CalendarEventRecord> {
  refusePreview(scope);
  const trainee = await loadCalendarTrainee(db, scope);
  const studio = await loadCalendarStudio(db, scope);
  assertCalendarEnabled(studio);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const coachId = await resolveCalendarCoach(db, scope, trainee.id);
  const notASlot = () => validation("not an available slot");
  if (!coachId || coachId !== input.coachId) throw notASlot();
  const windows = await activeWindowsOf(db, scope, coachId, input.type);
  const offered = generateSlots({
    windows,
    from: startsAt,
    to: new Date(startsAt.getTime() + 1),
    now: scope.now,
    zone: studio.zone,
    type: input.type,
  }).some((s) => s.startsAt.getTime() === startsAt.getTime() && s.endsAt.getTime() === endsAt.getTime());
  if (!offered) throw notASlot();
  if ((await busyRangesOf(db, scope, coachId, startsAt, endsAt)).length > 0) throw slotTaken();
  let rows: (typeof calendarEvents.$inferSelect)[];
  try {
    rows = await db
      .insert(calendarEvents)
      .values({
        studioId: scope.studioId,
        coachId,
        clientId: trainee.id,
        title: trainee.name,
        type: input.type,
        startsAt,
        endsAt,
        status: "CONFIRMED",
      })
      .onConflictDoNothing()
      .returning();
  } catch (error) {
    if (isExclusionViolation(error)) throw slotTaken(); // calendar_events_no_overlap
    throw error;
  }
  if (!rows[0]) throw slotTaken();
  return toCalendarEventRecord(rows[0]);
}
