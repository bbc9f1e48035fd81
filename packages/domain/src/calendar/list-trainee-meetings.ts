import { and, desc, eq } from "drizzle-orm";
import type { CalendarEventList } from "@studio/contracts";
import { calendarEvents, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { toCalendarEventRecord } from "./calendar-record";
import { loadCalendarTrainee } from "./calendar-participants";
import { loadCalendarStudio } from "./calendar-studio";

/**
 * `GET /v1/trainee/calendar/meetings` (document 3): every event linked to the trainee, past and
 * future, cancelled included, newest start first, with the studio zone. Not behind the switch.
 */
export async function listTraineeMeetings(db: Db, scope: TraineeScope): Promise<CalendarEventList> {
  const trainee = await loadCalendarTrainee(db, scope);
  const studio = await loadCalendarStudio(db, scope);
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.studioId, scope.studioId), eq(calendarEvents.clientId, trainee.id)))
    .orderBy(desc(calendarEvents.startsAt), desc(calendarEvents.id));
  return { items: rows.map(toCalendarEventRecord), timezone: studio.zone };
}
