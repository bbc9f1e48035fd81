// The engine of task automations (issue 28, item 7): which rules fire for which subjects, and
// the tasks they create — once per rule and subject, claimed in task_automation_runs in the
// transaction that creates the task. The scheduler runs it every tick over every studio (a
// DueWork); assignSubscription runs it for the subscription it just created (the spec's
// "subscription-assigned task hook"), so a same-day rule does not wait for a tick.
// Decisions: docs/decisions/task-automations.md.

import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { TASK_DESCRIPTION_MAX } from "@studio/contracts";
import { resultRows, taskAutomationRuns, tasks, type DbOrTx } from "@studio/db";
import { renderTemplate } from "../notifications/resolution";
import type { DueWork, SchedulerTick } from "../scheduler/due-work";
import { addDays, dateKeyParts, localParts, pickTimeZone, zonedDateTimeToInstant } from "../time/zoned-time";

export interface TaskAutomationRun {
  /** Rule and subject pairs found around the window and not yet handled. */
  candidates: number;
  /** Of those, due by now. */
  due: number;
  /** Tasks created. */
  created: number;
  /** Due pairs another run had claimed first. */
  alreadyClaimed: number;
}

interface CandidateRow {
  ruleId: string;
  studioId: string;
  trigger: string;
  offsetDays: number;
  title: string;
  name: string;
  description: string | null;
  priority: number;
  assigneeRule: string;
  ruleCoachIds: string[] | null;
  ruleCreatedAt: string | Date;
  clientId: string;
  firstName: string;
  lastName: string;
  timezone: string | null;
  studioTimezone: string | null;
  subject: string;
  /** ASSIGNED: the subscription's creation; CHECK_IN_OVERDUE: the copy's visibleFrom. */
  at: string | Date | null;
  /** ENDING / ENDED: the coverage end (YYYY-MM-DD). */
  endDate: string | null;
  /** {{date}} of ASSIGNED: the subscription's start. */
  startDate: string | null;
  planName: string | null;
  formName: string | null;
  primaryCoachId: string | null;
  traineeCoachIds: string[] | null;
}

export interface TaskCandidateFilter {
  studioId?: string;
  subscriptionId?: string;
  trigger?: string;
}

/** {{date}}: a local date as DD/MM/YYYY (the form reminders' format). */
function displayDate(dateKey: string): string {
  const { y, m, d } = dateKeyParts(dateKey);
  return `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`;
}

const utcDate = (d: Date) => localParts(d, "UTC").date;

/**
 * Every (rule, subject) pair of active rules of live studios whose due day may fall in the UTC
 * dates around the window and that the rule has not handled yet (one statement). Subjects:
 * SUBSCRIPTION_ASSIGNED — any subscription (its creation + offset); SUBSCRIPTION_ENDING /
 * SUBSCRIPTION_ENDED — the trainee's last live subscription (PENDING with dates or ACTIVE; ENDED
 * too for ENDED), none live ending later or waiting for a trigger (end − offset / end + 1 +
 * offset); CHECK_IN_OVERDUE — a PENDING copy of a check-in form (a CHECK_IN form, or a recurring
 * copy) still not filled (its form day + 1 + offset). Live trainees only.
 */
async function candidates(
  db: DbOrTx,
  tick: SchedulerTick,
  filter: TaskCandidateFilter,
): Promise<CandidateRow[]> {
  const d0 = addDays(utcDate(tick.since), -2);
  const d1 = addDays(utcDate(tick.now), 2);
  const ruleFilter: SQL[] = [sql`ta.is_active`];
  if (filter.studioId) ruleFilter.push(sql`ta.studio_id = ${filter.studioId}`);
  if (filter.trigger) ruleFilter.push(sql`ta.trigger = ${filter.trigger}`);
  const subscriptionFilter = filter.subscriptionId ? sql`and z.id = ${filter.subscriptionId}` : sql``;
  const lastLive = sql`not exists (
      select 1 from subscriptions o
      where o.client_id = z.client_id and o.id <> z.id and o.status in ('PENDING', 'ACTIVE', 'FROZEN')
        and (o.end_date is null or o.end_date > z.end_date))`;
  const rows = await db.execute(sql`
    with r as (
      select ta.* from task_automations ta
      join studios s on s.id = ta.studio_id and s.archived_at is null
      where ${sql.join(ruleFilter, sql` and `)}
    ), subj as (
      select r.id as rule_id, z.client_id, z.id as subject, z.created_at as at, null::date as end_date,
             z.start_date, p.name as plan_name, null::text as form_name
      from r join subscriptions z on z.studio_id = r.studio_id
      join plans p on p.id = z.plan_id
      where r.trigger = 'SUBSCRIPTION_ASSIGNED' ${subscriptionFilter}
        and (z.created_at at time zone 'UTC')::date + r.offset_days between ${d0}::date and ${d1}::date
      union all
      select r.id, z.client_id, z.id, null, z.end_date, z.start_date, p.name, null
      from r join subscriptions z on z.studio_id = r.studio_id
      join plans p on p.id = z.plan_id
      where r.trigger = 'SUBSCRIPTION_ENDING' ${subscriptionFilter}
        and z.status in ('PENDING', 'ACTIVE') and z.end_date is not null
        and z.end_date - r.offset_days between ${d0}::date and ${d1}::date and ${lastLive}
      union all
      select r.id, z.client_id, z.id, null, z.end_date, z.start_date, p.name, null
      from r join subscriptions z on z.studio_id = r.studio_id
      join plans p on p.id = z.plan_id
      where r.trigger = 'SUBSCRIPTION_ENDED' ${subscriptionFilter}
        and z.status in ('PENDING', 'ACTIVE', 'ENDED') and z.end_date is not null
        and z.end_date + 1 + r.offset_days between ${d0}::date and ${d1}::date and ${lastLive}
      union all
      select r.id, a.client_id, a.id, a.visible_from, null, null, null, f.name
      from r join form_assignments a on a.studio_id = r.studio_id and a.status = 'PENDING'
      join forms f on f.id = a.form_id and (f.type = 'CHECK_IN' or a.source = 'schedule')
      where r.trigger = 'CHECK_IN_OVERDUE' ${filter.subscriptionId ? sql`and false` : sql``}
        and (a.visible_from at time zone 'UTC')::date + 1 + r.offset_days between ${d0}::date and ${d1}::date
    )
    select r.id as "ruleId", r.studio_id as "studioId", r.trigger, r.offset_days as "offsetDays",
           r.title, r.name, r.description, r.priority, r.assignee_rule as "assigneeRule",
           r.assignee_coach_ids as "ruleCoachIds", r.created_at as "ruleCreatedAt",
           c.id as "clientId", c.first_name as "firstName", c.last_name as "lastName",
           c.timezone, s.timezone as "studioTimezone", subj.subject, subj.at,
           subj.end_date::text as "endDate", subj.start_date::text as "startDate",
           subj.plan_name as "planName", subj.form_name as "formName",
           (select cc.coach_id from client_coaches cc
              join coaches co on co.id = cc.coach_id and co.studio_id = cc.studio_id and co.active
              where cc.client_id = c.id and cc.is_primary limit 1) as "primaryCoachId",
           (select array_agg(cc.coach_id order by cc.position, cc.created_at) from client_coaches cc
              join coaches co on co.id = cc.coach_id and co.studio_id = cc.studio_id and co.active
              where cc.client_id = c.id) as "traineeCoachIds"
    from subj
    join r on r.id = subj.rule_id
    join clients c on c.id = subj.client_id and c.studio_id = r.studio_id and c.deleted_at is null
    join studios s on s.id = c.studio_id
    where not exists (
      select 1 from task_automation_runs x where x.automation_id = r.id and x.subject = subj.subject)`);
  return resultRows<CandidateRow>(rows);
}

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** The trainee-local day a candidate's task is due, and the {{date}} it names. */
function dueDayOf(row: CandidateRow, zone: string): { day: string; dateVariable: string | null } | null {
  switch (row.trigger) {
    case "SUBSCRIPTION_ASSIGNED":
      if (!row.at) return null;
      return {
        day: addDays(localParts(asDate(row.at), zone).date, row.offsetDays),
        dateVariable: row.startDate,
      };
    case "SUBSCRIPTION_ENDING":
      if (!row.endDate) return null;
      return { day: addDays(row.endDate, -row.offsetDays), dateVariable: row.endDate };
    case "SUBSCRIPTION_ENDED":
      if (!row.endDate) return null;
      return { day: addDays(row.endDate, 1 + row.offsetDays), dateVariable: row.endDate };
    case "CHECK_IN_OVERDUE": {
      if (!row.at) return null;
      const formDay = localParts(asDate(row.at), zone).date;
      return { day: addDays(formDay, 1 + row.offsetDays), dateVariable: formDay };
    }
    default:
      return null;
  }
}

/** The assignees of a rule for a trainee; the rule's coachIds stand in when the trainee has none. */
function assigneesOf(row: CandidateRow): string[] {
  const fallback = row.ruleCoachIds ?? [];
  if (row.assigneeRule === "PRIMARY_COACH") return row.primaryCoachId ? [row.primaryCoachId] : fallback;
  if (row.assigneeRule === "TRAINEE_COACHES")
    return row.traineeCoachIds && row.traineeCoachIds.length > 0 ? row.traineeCoachIds : fallback;
  return fallback;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

interface DueTask {
  row: CandidateRow;
  dueAt: Date;
  variables: Record<string, string>;
}

/**
 * Creates the tasks due by tick.now: a candidate is due at 00:00 of its due day in the trainee's
 * zone (trainee, studio, Asia/Jerusalem), when that day is not before the window's first local
 * day (tick.since; missed days older than the scheduler's look-back are not caught up) nor
 * before the day the rule was created (a new rule does not act on the past). Per studio one
 * transaction: claim insert (on conflict do nothing), task insert, link update.
 */
export async function runTaskAutomations(
  db: DbOrTx,
  tick: SchedulerTick,
  filter: TaskCandidateFilter = {},
): Promise<TaskAutomationRun> {
  const run: TaskAutomationRun = { candidates: 0, due: 0, created: 0, alreadyClaimed: 0 };
  const rows = await candidates(db, tick, filter);
  run.candidates = rows.length;
  const due: DueTask[] = [];
  for (const row of rows) {
    const zone = pickTimeZone(row.timezone, row.studioTimezone, "Asia/Jerusalem");
    const dueDay = dueDayOf(row, zone);
    if (!dueDay) continue;
    const dueAt = zonedDateTimeToInstant(dueDay.day, "00:00", zone);
    if (dueAt > tick.now) continue;
    if (dueDay.day < localParts(tick.since, zone).date) continue;
    if (dueDay.day < localParts(asDate(row.ruleCreatedAt), zone).date) continue;
    due.push({
      row,
      dueAt,
      variables: {
        name: `${row.firstName} ${row.lastName}`.trim(),
        plan: row.planName ?? "",
        form: row.formName ?? "",
        date: dueDay.dateVariable ? displayDate(dueDay.dateVariable) : "",
      },
    });
  }
  run.due = due.length;
  const byStudio = new Map<string, DueTask[]>();
  for (const task of due) byStudio.set(task.row.studioId, [...(byStudio.get(task.row.studioId) ?? []), task]);
  for (const [studioId, items] of byStudio) {
    items.sort((a, b) => (a.row.ruleId + a.row.subject < b.row.ruleId + b.row.subject ? -1 : 1));
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(taskAutomationRuns)
        .values(
          items.map(({ row }) => ({
            studioId,
            automationId: row.ruleId,
            subject: row.subject,
            clientId: row.clientId,
            createdAt: tick.now,
          })),
        )
        .onConflictDoNothing({ target: [taskAutomationRuns.automationId, taskAutomationRuns.subject] })
        .returning({
          id: taskAutomationRuns.id,
          automationId: taskAutomationRuns.automationId,
          subject: taskAutomationRuns.subject,
        });
      run.alreadyClaimed += items.length - claimed.length;
      if (claimed.length === 0) return;
      const byKey = new Map(items.map((i) => [`${i.row.ruleId}\u0000${i.row.subject}`, i]));
      const created = claimed.map((claim) => ({
        claimId: claim.id,
        taskId: randomUUID(),
        item: byKey.get(`${claim.automationId}\u0000${claim.subject}`)!,
      }));
      await tx.insert(tasks).values(
        created.map(({ taskId, item: { row, dueAt, variables } }) => ({
          id: taskId,
          studioId,
          title: cut(renderTemplate(row.title || row.name, variables).trim() || row.name, 200),
          description: row.description
            ? cut(renderTemplate(row.description, variables), TASK_DESCRIPTION_MAX)
            : null,
          status: "OPEN",
          priority: row.priority,
          dueDate: dueAt,
          traineeId: row.clientId,
          coachIds: assigneesOf(row),
          type: row.trigger,
          source: "system",
          createdAt: tick.now,
          updatedAt: tick.now,
        })),
      );
      const links = created.map(({ claimId, taskId }) => ({ id: claimId, taskId }));
      await tx.execute(sql`
        update task_automation_runs as x set task_id = v."taskId"
        from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(id text, "taskId" text)
        where x.id = v.id and x.studio_id = ${studioId}`);
      run.created += created.length;
    });
  }
  return run;
}

/** The scheduler's DueWork (registered in scheduler/due-work.ts): every studio's rules. */
export const taskAutomationWork: DueWork = {
  name: "task-automations",
  async run(db, _scope, tick) {
    return { ...(await runTaskAutomations(db, tick)) };
  },
};
