import { and, eq, gt } from "drizzle-orm";
import type { CalendarEventRecord } from "@studio/contracts";
import { calendarEvents, type Db } from "@studio/db";
import { notFound, validation } from "../errors";
import type { TraineeScope } from "../scope";
import { toCalendarEventRecord } from "./calendar-record";
import { loadCalendarTrainee, refusePreview } from "./calendar-participants";

/**
 * `POST /v1/trainee/calendar/meetings/:id/cancel` (document 3): an upcoming CONFIRMED meeting of
 * the trainee becomes CANCELLED (its slot is bookable again); a cancelled one is answered
 * unchanged; NOT_FOUND "meeting not found" for a missing, another trainee's or another studio's
 * id; VALIDATION "only an upcoming meeting can be cancelled" once it has started. Not behind the
 * calendar switch. One conditional update, so two cancels never both write.
 */
export async function cancelTraineeMeeting(
  db: Db,
  scope: TraineeScope,
  input: { id: string },
): Promise<CalendarEventRecord> {
  refusePreview(scope);
  const trainee = await loadCalendarTrainee(db, scope);
  const own = and(
    eq(calendarEvents.id, input.id),
    eq(calendarEvents.studioId, scope.studioId),
    eq(calendarEvents.clientId, trainee.id),
  );
  const [cancelled] = await db
    .update(calendarEvents)
    .set({ status: "CANCELLED", cancelledAt: scope.now, updatedAt: scope.now })
    .where(and(own, eq(calendarEvents.status, "CONFIRMED"), gt(calendarEvents.startsAt, scope.now)))
    .returning();
  if (cancelled) return toCalendarEventRecord(cancelled);
  const [row] = await db.select().from(calendarEvents).where(own).limit(1);
  if (!row) throw notFound("meeting");
  if (row.status === "CANCELLED") return toCalendarEventRecord(row);
  throw validation("only an upcoming meeting can be cancelled");
}
