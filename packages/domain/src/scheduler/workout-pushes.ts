// WORKOUT_REMINDER and WORKOUT_MISSED (docs/decisions/notifications.md "The scheduler").
// A workout day: a day of the trainee's active training program (the most recently updated
// ACTIVE TRAINING program with content, not a file plan) whose rotation day (document 2: offset
// from the program's startDate, else the local day it was assigned, wrapping) has at least one
// strength row, on or after that first day. WORKOUT_REMINDER: that day at the type's sendTime,
// unless a workout is already logged that day. WORKOUT_MISSED: the next day at its sendTime, when
// nothing was logged on the workout day. Both are recorded skipped APP_LOCKED while the app is locked.

import { sql } from "drizzle-orm";
import type { Db } from "@studio/db";
import type { DueWork } from "./due-work";
import {
  dispatchScheduledPushes,
  displayDate,
  scheduledInstant,
  type ScheduledPush,
} from "./scheduled-pushes";
import {
  appLockedOf,
  coachNameOf,
  dateKey,
  dueDaysOf,
  dueDaysTable,
  rowsOf,
  studioSendTimes,
} from "./trainee-sql";
import { addDays } from "../time/zoned-time";

interface WorkoutRow {
  studioId: string;
  clientId: string;
  programId: string;
  plan: string;
  coach: string;
  zone: string;
  day: string | Date;
  sendTime: string;
  createdAt: string | Date;
  locked: boolean;
}

function workoutPushes(type: "WORKOUT_REMINDER" | "WORKOUT_MISSED"): DueWork {
  const shift = type === "WORKOUT_MISSED" ? 1 : 0;
  return {
    name: type === "WORKOUT_MISSED" ? "workout-missed" : "workout-reminders",
    async run(db: Db, scope, tick) {
      const now = tick.now.toISOString();
      const days = await dueDaysOf(db, tick, type, shift);
      if (days.length === 0) return { candidates: 0 };
      const rows = await rowsOf<WorkoutRow>(
        db,
        sql`
        with st as (${await studioSendTimes(db, tick, type)}),
        due_days as (${dueDaysTable(days)}),
        held as (
          select distinct on (p.client_id)
            p.id as program_id, p.client_id, p.studio_id, coalesce(p.display_name, p.name) as plan,
            p.content->'days' as days, p.created_at, p.start_date,
            coalesce(c.timezone, st.timezone, 'Asia/Jerusalem') as zone, st.send_time
          from programs p
          join clients c on c.id = p.client_id and c.studio_id = p.studio_id
          join st on st.id = p.studio_id
          where p.status = 'ACTIVE' and p.type = 'TRAINING' and p.pdf_url is null
            and c.deleted_at is null and c.status <> 'ARCHIVED'
            and (coalesce(c.timezone, st.timezone, 'Asia/Jerusalem'), st.send_time) in (select zone, send_time from due_days)
          order by p.client_id, p.updated_at desc, p.created_at desc
        )
        select h.studio_id as "studioId", h.client_id as "clientId", h.program_id as "programId",
          h.plan, h.zone, to_char(dd.day, 'YYYY-MM-DD') as day, h.send_time as "sendTime", h.created_at as "createdAt",
          ${coachNameOf} as coach,
          ${appLockedOf(tick.now, sql`(${now}::timestamptz at time zone h.zone)::date`)} as locked
        from held h
        join due_days dd on dd.zone = h.zone and dd.send_time = h.send_time
        join clients c on c.id = h.client_id
        join studios s on s.id = h.studio_id
        where jsonb_typeof(h.days) = 'array' and jsonb_array_length(h.days) > 0
          and dd.day >= coalesce(h.start_date, (h.created_at at time zone h.zone)::date)
          and jsonb_array_length(coalesce(h.days -> ((dd.day - coalesce(h.start_date, (h.created_at at time zone h.zone)::date))
            % jsonb_array_length(h.days)) -> 'strength', '[]'::jsonb)) > 0
          and not exists (select 1 from workout_logs w where w.client_id = h.client_id and w.performed_on = dd.day)
          and not exists (select 1 from scheduled_pushes sp where sp.type = ${type} and sp.client_id = h.client_id
            and sp.subject = h.program_id and sp.local_date = dd.day and sp.slot = 'send-time')`,
      );
      const pushes: ScheduledPush[] = [];
      for (const row of rows) {
        const day = dateKey(row.day);
        const dueAt = scheduledInstant(addDays(day, shift), row.sendTime, row.zone);
        // Never for a moment before the program reached the trainee.
        if (dueAt < new Date(row.createdAt)) continue;
        pushes.push({
          studioId: row.studioId,
          clientId: row.clientId,
          type,
          subject: row.programId,
          localDate: day,
          slot: "send-time",
          dueAt,
          variables: { plan: row.plan, coach: row.coach, date: displayDate(day) },
          data: { programId: row.programId },
          ...(row.locked ? { skipReason: "APP_LOCKED" as const } : {}),
        });
      }
      return { candidates: rows.length, ...(await dispatchScheduledPushes(db, scope, tick, pushes)) };
    },
  };
}

export const workoutReminders = workoutPushes("WORKOUT_REMINDER");
export const workoutMissed = workoutPushes("WORKOUT_MISSED");
