import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, max, ne, or, sql } from "drizzle-orm";
import { FORM_TYPES, type FormType, type NotificationMessage } from "@studio/contracts";
import {
  clientCoaches,
  clients,
  coaches,
  formAssignments,
  formReminderDispatches,
  formResponses,
  forms,
  notificationOverrides,
  studios,
  type Db,
} from "@studio/db";
import { addDays, dateKeyParts, localParts, pickTimeZone, zonedDateTimeToInstant } from "../time/zoned-time";
import type { NotificationConfigValues } from "./catalogue";
import { loadPlatformValues, valuesOfRow } from "./config-store";
import {
  dueFormReminders,
  dueSentFormReminders,
  FORM_REMINDER_GRACE_MS,
  isCheckInReminder,
  remindsFormType,
} from "./check-in-schedule";
import { effectiveMessages } from "./messages";
import type { JobActor, ScopeBase } from "../scope";
import type { NotifyInput } from "./notify";
import { notifyMany } from "./notify-many";

// The FORM_REMINDERS scheduler (docs/decisions/notifications.md "Form reminders"). Reminders are
// counted from a form day of a form the trainee has to fill:
//   - the recurring check-in form (clients.updateFormId every updateCadence from checkInStartDate):
//     CHECK_IN and ALL reminders, each form day;
//   - a sent form (form_assignments PENDING or SUBMITTED, announced: push NOW, or DEFERRED once
//     announced; never NEVER): the reminders of the form's type and ALL ones, from the local day
//     it became visible, never before it reached the trainee.
// One dispatch row per (trainee, form, form day, reminder) makes each reminder happen once.

/** A job acting across studios (a scheduler): it scopes each write to the trainee's studio. */
export type PlatformJobScope = ScopeBase & { actor: JobActor };

export interface FormReminderOptions {
  /** Rows read per query (keyset pages of trainees, of sent forms). */
  batchSize?: number;
  graceMs?: number;
}

export interface FormReminderRun {
  /** Trainees with a recurring check-in form looked at. */
  scanned: number;
  /** Sent forms (assignments) visible in the reminder horizon looked at. */
  assignmentsScanned: number;
  /** Reminders due in this run's window (one per trainee, form, form day and reminder). */
  due: number;
  /** Reminders recorded by this run (queued or skipped with a reason). */
  dispatched: number;
  /** Due reminders another run (or replica) had already dispatched. */
  alreadyDispatched: number;
}

const FORM_REMINDERS = "FORM_REMINDERS" as const;
const DAY_MS = 24 * 60 * 60_000;

/** One reminder of one form day of one trainee, ready to be claimed and sent. */
interface DueItem {
  studioId: string;
  studioName: string;
  clientId: string;
  formId: string;
  formName: string;
  /** The form type the push is sent as (picks the preference group): CHECK_IN for the recurring form. */
  formType: FormType;
  formDay: string;
  reminder: NotificationMessage;
  /** A submission of the form at or after this instant fills this form day. */
  filledSince: Date;
  /** The sent form the reminder is about (null for the recurring schedule). */
  assignmentId: string | null;
  assignmentSubmitted: boolean;
  /** The recurring schedule: a dispatch row written before rows carried the form ('') counts too. */
  recurring: boolean;
}

const keyOf = (i: { clientId: string; formId: string; formDay: string; reminderId: string }) =>
  `${i.clientId}\u0000${i.formId}\u0000${i.formDay}\u0000${i.reminderId}`;
const itemKey = (i: DueItem) => keyOf({ ...i, reminderId: i.reminder.id });

/** {{date}} of a reminder: the form day as DD/MM/YYYY. */
const displayDate = (dateKey: string) => {
  const { y, m, d } = dateKeyParts(dateKey);
  return `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`;
};

const asFormType = (type: string): FormType | null =>
  (FORM_TYPES as readonly string[]).includes(type) ? (type as FormType) : null;

/** The studios' FORM_REMINDERS values (override, else platform), one query per page. */
async function reminderSettings(
  db: Db,
  studioIds: readonly string[],
  platform: NotificationConfigValues,
): Promise<(studioId: string) => NotificationMessage[]> {
  const overrides = await db
    .select()
    .from(notificationOverrides)
    .where(
      and(
        inArray(notificationOverrides.studioId, [...new Set(studioIds)]),
        eq(notificationOverrides.type, FORM_REMINDERS),
      ),
    );
  const byStudio = new Map(overrides.map((o) => [o.studioId, valuesOfRow(FORM_REMINDERS, o)]));
  return (studioId) => {
    const values = byStudio.get(studioId) ?? platform;
    return values.enabled ? effectiveMessages(FORM_REMINDERS, values) : [];
  };
}

/**
 * The FORM_REMINDERS scheduler (a repeating worker job): computes the reminders due around the
 * form days of every trainee's recurring check-in form and of every sent form, in the trainee's
 * zone (else the studio's), and sends each at most once: the unique dispatch row is inserted in
 * the same transaction as the notification records and delivery jobs, so a second run, a
 * restarted worker or another replica finds it and skips. Batch-shaped: per page of trainees
 * (or sent forms) a fixed number of statements, and one transaction per studio with reminders
 * to send (claims, one notifyMany, one update).
 */
export async function dispatchDueFormReminders(
  db: Db,
  scope: PlatformJobScope,
  input: FormReminderOptions = {},
): Promise<FormReminderRun> {
  const batchSize = input.batchSize ?? 500;
  const graceMs = input.graceMs ?? FORM_REMINDER_GRACE_MS;
  const platform = (await loadPlatformValues(db, [FORM_REMINDERS])).get(FORM_REMINDERS)!;
  const run: FormReminderRun = {
    scanned: 0,
    assignmentsScanned: 0,
    due: 0,
    dispatched: 0,
    alreadyDispatched: 0,
  };
  // Sent forms first: a reminder also due from the recurring schedule (same trainee, form, day)
  // is then claimed with the assignment it is about.
  await remindSentForms(db, scope, { batchSize, graceMs, platform, run });
  await remindRecurringForms(db, scope, { batchSize, graceMs, platform, run });
  return run;
}

interface PassInput {
  batchSize: number;
  graceMs: number;
  platform: NotificationConfigValues;
  run: FormReminderRun;
}

/** The recurring check-in form of every trainee with one (an active form of the trainee's studio). */
async function remindRecurringForms(db: Db, scope: PlatformJobScope, pass: PassInput) {
  const { now } = scope;
  // A form day can be up to 3 days after the reminder's date (offset -3); every zone's date is within a day of UTC's.
  const latestStart = addDays(localParts(now, "UTC").date, 4);
  let after = "";
  for (;;) {
    const page = await db
      .select({
        id: clients.id,
        studioId: clients.studioId,
        timezone: clients.timezone,
        studioTimezone: studios.timezone,
        studioName: studios.name,
        startDate: clients.checkInStartDate,
        cadence: clients.updateCadence,
        formId: forms.id,
        formName: forms.name,
      })
      .from(clients)
      .innerJoin(studios, eq(studios.id, clients.studioId))
      .innerJoin(
        forms,
        and(
          eq(forms.id, clients.updateFormId),
          eq(forms.studioId, clients.studioId),
          eq(forms.isActive, true),
        ),
      )
      .where(
        and(
          gt(clients.id, after),
          isNotNull(clients.checkInStartDate),
          lte(clients.checkInStartDate, latestStart),
          isNull(clients.deletedAt),
          ne(clients.status, "ARCHIVED"),
          isNull(studios.archivedAt),
        ),
      )
      .orderBy(asc(clients.id))
      .limit(pass.batchSize);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    pass.run.scanned += page.length;

    const remindersOf = await reminderSettings(
      db,
      page.map((c) => c.studioId),
      pass.platform,
    );
    const items: DueItem[] = [];
    for (const client of page) {
      const reminders = remindersOf(client.studioId).filter(isCheckInReminder);
      if (reminders.length === 0) continue;
      const zone = pickTimeZone(client.timezone, client.studioTimezone);
      const due = dueFormReminders({
        now,
        zone,
        schedule: { startDate: client.startDate!, cadence: client.cadence },
        reminders,
        graceMs: pass.graceMs,
      });
      for (const { reminder, formDay } of due)
        items.push({
          studioId: client.studioId,
          studioName: client.studioName,
          clientId: client.id,
          formId: client.formId,
          formName: client.formName,
          formType: "CHECK_IN",
          formDay,
          reminder,
          // The form day's period starts on its eve: the default reminder (the day before, 19:00) invites filling then.
          filledSince: zonedDateTimeToInstant(addDays(formDay, -1), "00:00", zone),
          assignmentId: null,
          assignmentSubmitted: false,
          recurring: true,
        });
    }
    await dispatchItems(db, scope, items, pass.run);
    if (page.length < pass.batchSize) break;
  }
}

/**
 * Sent forms whose reminders can be due now: PENDING or SUBMITTED assignments of an active form
 * of the trainee's studio, visible by now and at most 4 days (+ grace, + an hour of DST) ago
 * (a reminder is at most 3 days after the visible day), announced to the trainee (push NOW, or
 * DEFERRED once the pending-form notifier did; never push NEVER). No reminder precedes the
 * form's visibility, its creation or its announcement.
 */
async function remindSentForms(db: Db, scope: PlatformJobScope, pass: PassInput) {
  const { now } = scope;
  const horizon = new Date(now.getTime() - 4 * DAY_MS - 60 * 60_000 - pass.graceMs);
  let after = "";
  for (;;) {
    const page = await db
      .select({
        id: formAssignments.id,
        studioId: formAssignments.studioId,
        clientId: formAssignments.clientId,
        formId: formAssignments.formId,
        status: formAssignments.status,
        visibleFrom: formAssignments.visibleFrom,
        createdAt: formAssignments.createdAt,
        announcedAt: formAssignments.announcedAt,
        formName: forms.name,
        formType: forms.type,
        timezone: clients.timezone,
        studioTimezone: studios.timezone,
        studioName: studios.name,
      })
      .from(formAssignments)
      .innerJoin(
        clients,
        and(eq(clients.id, formAssignments.clientId), eq(clients.studioId, formAssignments.studioId)),
      )
      .innerJoin(studios, eq(studios.id, formAssignments.studioId))
      .innerJoin(
        forms,
        and(
          eq(forms.id, formAssignments.formId),
          eq(forms.studioId, formAssignments.studioId),
          eq(forms.isActive, true),
        ),
      )
      .where(
        and(
          gt(formAssignments.id, after),
          inArray(formAssignments.status, ["PENDING", "SUBMITTED"]),
          ne(formAssignments.pushMode, "NEVER"),
          // A DEFERRED form is reminded about once the pending-form notifier announced it.
          or(ne(formAssignments.pushMode, "DEFERRED"), isNotNull(formAssignments.announcedAt)),
          lte(formAssignments.visibleFrom, now),
          gt(formAssignments.visibleFrom, horizon),
          isNull(clients.deletedAt),
          ne(clients.status, "ARCHIVED"),
          isNull(studios.archivedAt),
        ),
      )
      .orderBy(asc(formAssignments.id))
      .limit(pass.batchSize);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    pass.run.assignmentsScanned += page.length;

    const remindersOf = await reminderSettings(
      db,
      page.map((a) => a.studioId),
      pass.platform,
    );
    const items: DueItem[] = [];
    for (const a of page) {
      const formType = asFormType(a.formType);
      if (!formType) continue;
      const reminders = remindersOf(a.studioId).filter(remindsFormType(formType));
      if (reminders.length === 0) continue;
      const due = dueSentFormReminders({
        now,
        zone: pickTimeZone(a.timezone, a.studioTimezone),
        formType,
        visibleFrom: a.visibleFrom,
        notBefore: new Date(
          Math.max(a.visibleFrom.getTime(), a.createdAt.getTime(), a.announcedAt?.getTime() ?? 0),
        ),
        reminders,
        graceMs: pass.graceMs,
      });
      for (const { reminder, formDay } of due)
        items.push({
          studioId: a.studioId,
          studioName: a.studioName,
          clientId: a.clientId,
          formId: a.formId,
          formName: a.formName,
          formType,
          formDay,
          reminder,
          filledSince: a.visibleFrom,
          assignmentId: a.id,
          assignmentSubmitted: a.status === "SUBMITTED",
          recurring: false,
        });
    }
    // Of two sent copies of one form visible the same day, the pending one is reminded about.
    items.sort((x, y) => Number(x.assignmentSubmitted) - Number(y.assignmentSubmitted));
    await dispatchItems(db, scope, items, pass.run);
    if (page.length < pass.batchSize) break;
  }
}

/**
 * Sends the due reminders of one page: drops those already dispatched (one query), decides
 * onlyIfNotFilled from real submissions (two grouped queries), reads {{coach}} (one query),
 * then per studio one transaction: the dispatch claims (one insert, `on conflict do nothing`),
 * one notifyMany for the claims won, one update linking each claim to its notification.
 */
async function dispatchItems(db: Db, scope: PlatformJobScope, found: DueItem[], run: FormReminderRun) {
  const byKey = new Map<string, DueItem>();
  for (const item of found) if (!byKey.has(itemKey(item))) byKey.set(itemKey(item), item);
  if (byKey.size === 0) return;
  run.due += byKey.size;

  const clientIds = [...new Set([...byKey.values()].map((i) => i.clientId))];
  const formDays = [...new Set([...byKey.values()].map((i) => i.formDay))];
  const existing = await db
    .select({
      clientId: formReminderDispatches.clientId,
      formId: formReminderDispatches.formId,
      formDay: formReminderDispatches.formDay,
      reminderId: formReminderDispatches.reminderId,
    })
    .from(formReminderDispatches)
    .where(
      and(
        inArray(formReminderDispatches.clientId, clientIds),
        inArray(formReminderDispatches.formDay, formDays),
      ),
    );
  const dispatchedKeys = new Set(existing.map(keyOf));
  const todo = [...byKey.entries()].filter(([key, item]) => {
    const legacyKey = keyOf({ ...item, formId: "", reminderId: item.reminder.id });
    const done = dispatchedKeys.has(key) || (item.recurring && dispatchedKeys.has(legacyKey));
    if (done) run.alreadyDispatched++;
    return !done;
  });
  if (todo.length === 0) return;

  const filled = await filledItems(
    db,
    scope.now,
    todo.map(([, item]) => item).filter((i) => i.reminder.onlyIfNotFilled === true),
  );
  const coachOf = await coachNames(
    db,
    todo.map(([, item]) => item),
  );

  const byStudio = new Map<string, [string, DueItem][]>();
  for (const entry of todo) {
    const list = byStudio.get(entry[1].studioId) ?? [];
    list.push(entry);
    byStudio.set(entry[1].studioId, list);
  }
  for (const [studioId, entries] of byStudio) {
    // Claims in one order everywhere, so concurrent runs wait on each other instead of deadlocking.
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(formReminderDispatches)
        .values(
          entries.map(([, i]) => ({
            studioId,
            clientId: i.clientId,
            formId: i.formId,
            formDay: i.formDay,
            reminderId: i.reminder.id,
          })),
        )
        .onConflictDoNothing({
          target: [
            formReminderDispatches.clientId,
            formReminderDispatches.formId,
            formReminderDispatches.formDay,
            formReminderDispatches.reminderId,
          ],
        })
        .returning({
          id: formReminderDispatches.id,
          clientId: formReminderDispatches.clientId,
          formId: formReminderDispatches.formId,
          formDay: formReminderDispatches.formDay,
          reminderId: formReminderDispatches.reminderId,
        });
      if (claimed.length === 0) return 0;
      const claims = claimed.map((c) => ({ id: c.id, item: byKey.get(keyOf(c))! }));
      const records = await notifyMany(
        tx,
        { ...scope, studioId },
        claims.map(({ item }): NotifyInput => {
          const key = itemKey(item);
          return {
            clientId: item.clientId,
            type: FORM_REMINDERS,
            formType: item.formType,
            formId: item.formId,
            messageId: item.reminder.id,
            variables: {
              date: displayDate(item.formDay),
              form: item.formName,
              coach: coachOf.get(`${item.studioId}\u0000${item.clientId}`) ?? item.studioName,
            },
            data: {
              formDay: item.formDay,
              ...(item.assignmentId ? { assignmentId: item.assignmentId } : {}),
            },
            ...(filled.has(key) ? { skipReason: "FORM_FILLED" as const } : {}),
          };
        }),
      );
      const links = claims.map(({ id }, n) => ({ id, notificationId: records[n]!.id }));
      await tx.execute(sql`
        update form_reminder_dispatches as d set notification_id = v."notificationId"
        from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(id text, "notificationId" text)
        where d.id = v.id and d.studio_id = ${studioId}`);
      return claims.length;
    });
    run.dispatched += sent;
    run.alreadyDispatched += entries.length - sent;
  }
}

/**
 * onlyIfNotFilled: the keys of the items whose form day is already filled — the trainee, in the
 * item's studio, submitted the form (a response, or a sent copy marked SUBMITTED) at or after the
 * item's filledSince and not after now, or the sent form the item is about is SUBMITTED.
 */
async function filledItems(db: Db, now: Date, items: DueItem[]): Promise<Set<string>> {
  const filled = new Set<string>();
  for (const item of items) if (item.assignmentSubmitted) filled.add(itemKey(item));
  const open = items.filter((i) => !filled.has(itemKey(i)));
  if (open.length === 0) return filled;
  const clientIds = [...new Set(open.map((i) => i.clientId))];
  const formIds = [...new Set(open.map((i) => i.formId))];
  const [responses, submitted] = await Promise.all([
    db
      .select({
        studioId: formResponses.studioId,
        clientId: formResponses.clientId,
        formId: formResponses.formId,
        last: max(formResponses.submittedAt),
      })
      .from(formResponses)
      .where(
        and(
          inArray(formResponses.clientId, clientIds),
          inArray(formResponses.formId, formIds),
          lte(formResponses.submittedAt, now),
        ),
      )
      .groupBy(formResponses.studioId, formResponses.clientId, formResponses.formId),
    db
      .select({
        studioId: formAssignments.studioId,
        clientId: formAssignments.clientId,
        formId: formAssignments.formId,
        last: max(formAssignments.submittedAt),
      })
      .from(formAssignments)
      .where(
        and(
          inArray(formAssignments.clientId, clientIds),
          inArray(formAssignments.formId, formIds),
          eq(formAssignments.status, "SUBMITTED"),
          lte(formAssignments.submittedAt, now),
        ),
      )
      .groupBy(formAssignments.studioId, formAssignments.clientId, formAssignments.formId),
  ]);
  const lastSubmission = new Map<string, number>();
  for (const row of [...responses, ...submitted]) {
    if (!row.last) continue;
    const key = `${row.studioId}\u0000${row.clientId}\u0000${row.formId}`;
    const at = new Date(row.last).getTime();
    lastSubmission.set(key, Math.max(lastSubmission.get(key) ?? 0, at));
  }
  for (const item of open) {
    const last = lastSubmission.get(`${item.studioId}\u0000${item.clientId}\u0000${item.formId}`);
    if (last !== undefined && last >= item.filledSince.getTime()) filled.add(itemKey(item));
  }
  return filled;
}

/** {{coach}}: the first name of the trainee's primary coach (an active coach of the trainee's studio), by studio and trainee. */
async function coachNames(db: Db, items: DueItem[]): Promise<Map<string, string>> {
  const rows = await db
    .select({
      studioId: clientCoaches.studioId,
      clientId: clientCoaches.clientId,
      firstName: coaches.firstName,
      name: coaches.name,
    })
    .from(clientCoaches)
    .innerJoin(
      coaches,
      and(
        eq(coaches.id, clientCoaches.coachId),
        eq(coaches.studioId, clientCoaches.studioId),
        eq(coaches.active, true),
      ),
    )
    .where(
      and(
        inArray(clientCoaches.clientId, [...new Set(items.map((i) => i.clientId))]),
        eq(clientCoaches.isPrimary, true),
      ),
    );
  const names = new Map<string, string>();
  for (const row of rows) {
    const name = row.firstName.trim() || row.name.trim();
    if (name) names.set(`${row.studioId}\u0000${row.clientId}`, name);
  }
  return names;
}
