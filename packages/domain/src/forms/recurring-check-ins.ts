// Recurring check-in copies (issue 28, item 6): on each check-in form day of a trainee's schedule
// (clients.updateFormId every updateCadence from checkInStartDate) the scheduler sends the
// trainee a copy of the form — a form_assignments row with source `schedule` — at the studio's
// FORM_SENT send time in the trainee's zone, with its FORM_SENT push. The copy is claimed by
// (trainee, form, schedule_day) in the transaction that creates it, so a retried tick or two
// workers create it once. Decisions: docs/decisions/forms.md "Recurring check-in copies".

import { sql } from "drizzle-orm";
import type { FormField, FormType, NotificationType } from "@studio/contracts";
import { formAssignments, resultRows, type Db } from "@studio/db";
import type { NotificationConfigValues } from "../notifications/catalogue";
import { loadPlatformValues, loadStudiosValues } from "../notifications/config-store";
import type { PlatformJobScope } from "../notifications/form-reminder-items";
import { notifyMany } from "../notifications/notify-many";
import type { NotifyInput } from "../notifications/notify";
import type { DueWork, SchedulerTick } from "../scheduler/due-work";
import { dateKeyParts, localParts, pickTimeZone, zonedDateTimeToInstant } from "../time/zoned-time";
import type { FrozenFormSchema } from "./form-assignment-record";

/** {{date}}: a local date as DD/MM/YYYY (the form reminders' format). */
function displayDate(dateKey: string): string {
  const { y, m, d } = dateKeyParts(dateKey);
  return `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`;
}

const FORM_SENT: NotificationType = "FORM_SENT";
const DEFAULT_SEND_TIME = "09:00";

export interface RecurringCheckInRun {
  /** Form days of trainees' schedules in the tick's window not yet sent. */
  candidates: number;
  /** Copies whose moment came in this tick's window. */
  due: number;
  /** Copies this tick created (announced, or silent when later than the grace window). */
  created: number;
  /** Copies another tick or worker created first. */
  alreadyCreated: number;
}

interface Candidate {
  studioId: string;
  studioName: string;
  studioTimezone: string | null;
  clientId: string;
  timezone: string | null;
  formId: string;
  formName: string;
  formType: string;
  fields: unknown;
  documentUrl: string | null;
  day: string;
  /** {{coach}}: the first name of the trainee's primary (active) coach. */
  coachName: string | null;
}

/**
 * The form days of every schedule in the UTC dates around the window (one statement): live,
 * not archived trainees of live studios whose check-ins are not paused (no freeze started, no
 * FROZEN live subscription), with an active non-signing form of their own studio as updateFormId,
 * and no copy of that day yet. The zone and the due moment are worked out per row afterwards.
 */
async function candidateDays(db: Db, tick: SchedulerTick): Promise<Candidate[]> {
  const first = localParts(new Date(tick.since.getTime() - 24 * 3600_000), "UTC").date;
  const last = localParts(new Date(tick.now.getTime() + 24 * 3600_000), "UTC").date;
  const now = tick.now.toISOString();
  const rows = await db.execute(sql`
    select c.id as "clientId", c.studio_id as "studioId", s.name as "studioName",
           s.timezone as "studioTimezone", c.timezone, f.id as "formId", f.name as "formName",
           f.type as "formType", f.fields, f.document_url as "documentUrl", d.day::text as day,
           (select coalesce(nullif(trim(co.first_name), ''), nullif(trim(co.name), ''))
              from client_coaches cc
              join coaches co on co.id = cc.coach_id and co.studio_id = cc.studio_id and co.active
              where cc.client_id = c.id and cc.is_primary limit 1) as "coachName"
    from clients c
    join studios s on s.id = c.studio_id and s.archived_at is null
    join forms f on f.id = c.update_form_id and f.studio_id = c.studio_id
      and f.is_active and f.type <> 'PDF_SIGNATURE'
    cross join lateral (
      select g::date as day from generate_series(
        greatest(${first}::date, c.check_in_start_date), ${last}::date, interval '1 day') g
    ) d
    where c.deleted_at is null and c.status <> 'ARCHIVED'
      and c.update_form_id is not null and c.check_in_start_date is not null
      and c.check_in_start_date <= ${last}::date
      and (c.freeze_started_at is null or c.freeze_started_at > ${now}::timestamptz)
      and not exists (
        select 1 from subscriptions z
        where z.client_id = c.id and z.status = 'FROZEN'
          and (z.frozen_at is null or z.frozen_at <= ${now}::timestamptz))
      and case c.update_cadence
        when 'BIWEEKLY' then (d.day - c.check_in_start_date) % 14 = 0
        when 'MONTHLY' then extract(day from d.day) = least(
          extract(day from c.check_in_start_date),
          extract(day from date_trunc('month', d.day) + interval '1 month - 1 day'))
        else (d.day - c.check_in_start_date) % 7 = 0
      end
      and not exists (
        select 1 from form_assignments a
        where a.client_id = c.id and a.form_id = f.id and a.schedule_day = d.day)`);
  return resultRows<Candidate>(rows);
}

/** FORM_SENT's effective values of each studio (override, else platform), one query. */
async function formSentSettings(
  db: Db,
  studioIds: readonly string[],
): Promise<(studioId: string) => NotificationConfigValues> {
  const platform = (await loadPlatformValues(db, [FORM_SENT])).get(FORM_SENT)!;
  return loadStudiosValues(db, FORM_SENT, studioIds, platform);
}

/**
 * The recurring check-in copies due in this tick (a DueWork of the scheduler): each form day's
 * copy is due at the studio's FORM_SENT sendTime (default 09:00) in the trainee's zone
 * (trainee, studio, Asia/Jerusalem; a time in a DST gap at the next minute that exists). Due
 * within the grace window: created visible from that moment with its FORM_SENT push (formType
 * CHECK_IN: the CHECK_INS group, as its reminders). Later (an outage): created all the same but
 * silent (push NEVER) — the trainee still owes the check-in, a push hours late would mislead.
 */
export async function sendDueRecurringCheckIns(
  db: Db,
  scope: PlatformJobScope,
  tick: SchedulerTick,
): Promise<RecurringCheckInRun> {
  const run: RecurringCheckInRun = { candidates: 0, due: 0, created: 0, alreadyCreated: 0 };
  const candidates = await candidateDays(db, tick);
  run.candidates = candidates.length;
  if (candidates.length === 0) return run;
  const settingsOf = await formSentSettings(
    db,
    candidates.map((c) => c.studioId),
  );
  const due = candidates.flatMap((c) => {
    const zone = pickTimeZone(c.timezone, c.studioTimezone, "Asia/Jerusalem");
    const dueAt = zonedDateTimeToInstant(c.day, settingsOf(c.studioId).sendTime ?? DEFAULT_SEND_TIME, zone);
    return dueAt > tick.since && dueAt <= tick.now ? [{ ...c, dueAt }] : [];
  });
  run.due = due.length;
  if (due.length === 0) return run;

  const byStudio = new Map<string, typeof due>();
  for (const item of due) byStudio.set(item.studioId, [...(byStudio.get(item.studioId) ?? []), item]);
  for (const [studioId, items] of byStudio) {
    items.sort((a, b) => (a.clientId + a.formId + a.day < b.clientId + b.formId + b.day ? -1 : 1));
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(formAssignments)
        .values(
          items.map((item) => {
            const announce = tick.now.getTime() - item.dueAt.getTime() <= tick.graceMs;
            const frozenSchema: FrozenFormSchema = {
              fields: Array.isArray(item.fields) ? (item.fields as FormField[]) : [],
              documentUrl: item.documentUrl,
            };
            return {
              studioId,
              formId: item.formId,
              clientId: item.clientId,
              status: "PENDING",
              visibleFrom: item.dueAt,
              frozenSchema,
              pushMode: announce ? "NOW" : "NEVER",
              announcedAt: announce ? tick.now : null,
              source: "schedule",
              scheduleDay: item.day,
              createdAt: tick.now,
            };
          }),
        )
        .onConflictDoNothing({
          target: [formAssignments.clientId, formAssignments.formId, formAssignments.scheduleDay],
          where: sql`schedule_day is not null`,
        })
        .returning({
          id: formAssignments.id,
          clientId: formAssignments.clientId,
          formId: formAssignments.formId,
          scheduleDay: formAssignments.scheduleDay,
          pushMode: formAssignments.pushMode,
        });
      run.created += created.length;
      run.alreadyCreated += items.length - created.length;
      const itemOf = new Map(items.map((i) => [`${i.clientId}\u0000${i.formId}\u0000${i.day}`, i]));
      const pushes: NotifyInput[] = created
        .filter((row) => row.pushMode === "NOW")
        .map((row) => {
          const item = itemOf.get(`${row.clientId}\u0000${row.formId}\u0000${row.scheduleDay}`)!;
          return {
            clientId: row.clientId,
            type: FORM_SENT,
            formType: "CHECK_IN" as FormType,
            formId: row.formId,
            variables: {
              form: item.formName,
              coach: item.coachName ?? item.studioName,
              date: displayDate(item.day),
            },
            data: { assignmentId: row.id, formDay: item.day },
          };
        });
      if (pushes.length > 0) await notifyMany(tx, { ...scope, studioId }, pushes);
    });
  }
  return run;
}

/** The scheduler's DueWork (registered in scheduler/due-work.ts). */
export const recurringCheckIns: DueWork = {
  name: "recurring-check-ins",
  async run(db, scope, tick) {
    return { ...(await sendDueRecurringCheckIns(db, scope, tick)) };
  },
};
