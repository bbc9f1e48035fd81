// MEETING_REMINDER (docs/decisions/notifications.md "The scheduler"): before each CONFIRMED
// calendar event of a trainee, two slots — `day-before`: the day before the meeting's local date
// at the type's sendTime; `hour-before`: one hour before it starts. A slot is not sent when it
// falls at or after the start, or before the meeting was booked; a cancelled meeting gets none
// (it is no candidate once cancelled). {{coach}} is the meeting's coach, {{date}} its local day
// and time (DD/MM/YYYY HH:MM in the trainee's zone).

import { sql } from "drizzle-orm";
import type { DueWork } from "./due-work";
import {
  dispatchScheduledPushes,
  displayDate,
  scheduledInstant,
  type ScheduledPush,
} from "./scheduled-pushes";
import { rowsOf, schedulableTrainee, sendTimeOf, zoneOf } from "./trainee-sql";
import { addDays, localParts } from "../time/zoned-time";

/** The second reminder: this long before the meeting starts. */
export const MEETING_REMINDER_LEAD_MS = 60 * 60_000;

interface MeetingRow {
  studioId: string;
  clientId: string;
  eventId: string;
  coach: string;
  zone: string;
  startsAt: string | Date;
  createdAt: string | Date;
  sendTime: string;
}

export const meetingReminders: DueWork = {
  name: "meeting-reminders",
  async run(db, scope, tick) {
    const type = "MEETING_REMINDER";
    const sendTime = await sendTimeOf(db, tick, type);
    const rows = await rowsOf<MeetingRow>(
      db,
      sql`
      select e.studio_id as "studioId", e.client_id as "clientId", e.id as "eventId",
        coalesce(nullif(trim(co.first_name), ''), co.name) as coach, ${zoneOf} as zone,
        e.starts_at as "startsAt", e.created_at as "createdAt", ${sendTime} as "sendTime"
      from calendar_events e
      join clients c on c.id = e.client_id and c.studio_id = e.studio_id
      join studios s on s.id = e.studio_id
      join coaches co on co.id = e.coach_id
      where e.status = 'CONFIRMED' and ${schedulableTrainee}
        and e.starts_at > ${tick.since.toISOString()}::timestamptz
        and e.starts_at <= ${tick.now.toISOString()}::timestamptz + interval '50 hours'
        and (select count(*) from scheduled_pushes sp where sp.type = ${type}
          and sp.client_id = e.client_id and sp.subject = e.id) < 2`,
    );
    const pushes: ScheduledPush[] = [];
    for (const row of rows) {
      const startsAt = new Date(row.startsAt);
      const createdAt = new Date(row.createdAt);
      const local = localParts(startsAt, row.zone);
      const base = {
        studioId: row.studioId,
        clientId: row.clientId,
        type,
        subject: row.eventId,
        localDate: local.date,
        variables: { coach: row.coach, date: `${displayDate(local.date)} ${local.time}` },
        data: { eventId: row.eventId },
      } as const;
      const slots = [
        { slot: "day-before", dueAt: scheduledInstant(addDays(local.date, -1), row.sendTime, row.zone) },
        { slot: "hour-before", dueAt: new Date(startsAt.getTime() - MEETING_REMINDER_LEAD_MS) },
      ];
      for (const { slot, dueAt } of slots)
        if (dueAt < startsAt && dueAt >= createdAt) pushes.push({ ...base, slot, dueAt });
    }
    return { candidates: rows.length, ...(await dispatchScheduledPushes(db, scope, tick, pushes)) };
  },
};
