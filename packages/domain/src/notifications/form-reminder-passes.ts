// The two passes of the FORM_REMINDERS scheduler: keyset pages of the trainees with a recurring
// check-in form, and of the sent forms visible in the reminder horizon; each page's due reminders
// go to dispatchFormReminders.

import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
import { FORM_TYPES, type FormType, type NotificationMessage } from "@studio/contracts";
import { clients, formAssignments, forms, studios, type Db } from "@studio/db";
import { addDays, localParts, pickTimeZone, zonedDateTimeToInstant } from "../time/zoned-time";
import type { NotificationConfigValues } from "./catalogue";
import {
  dueFormReminders,
  dueSentFormReminders,
  isCheckInReminder,
  remindsFormType,
} from "./check-in-schedule";
import { loadStudiosValues } from "./config-store";
import { dispatchFormReminders } from "./dispatch-form-reminders";
import {
  FORM_REMINDERS,
  type DueItem,
  type FormReminderRun,
  type PlatformJobScope,
} from "./form-reminder-items";
import { effectiveMessages } from "./messages";
import { clientIsLive } from "../clients/live-trainee";

const DAY_MS = 24 * 60 * 60_000;

const asFormType = (type: string): FormType | null =>
  (FORM_TYPES as readonly string[]).includes(type) ? (type as FormType) : null;

/** The studios' FORM_REMINDERS values (override, else platform), one query per page. */
async function reminderSettings(
  db: Db,
  studioIds: readonly string[],
  platform: NotificationConfigValues,
): Promise<(studioId: string) => NotificationMessage[]> {
  const valuesOf = await loadStudiosValues(db, FORM_REMINDERS, studioIds, platform);
  return (studioId) => {
    const values = valuesOf(studioId);
    return values.enabled ? effectiveMessages(FORM_REMINDERS, values) : [];
  };
}

export interface PassInput {
  batchSize: number;
  graceMs: number;
  platform: NotificationConfigValues;
  run: FormReminderRun;
}

/** The recurring check-in form of every trainee with one (an active form of the trainee's studio). */
export async function remindRecurringForms(db: Db, scope: PlatformJobScope, pass: PassInput) {
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
          clientIsLive(),
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
    await dispatchFormReminders(db, scope, items, pass.run);
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
export async function remindSentForms(db: Db, scope: PlatformJobScope, pass: PassInput) {
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
          clientIsLive(),
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
    await dispatchFormReminders(db, scope, items, pass.run);
    if (page.length < pass.batchSize) break;
  }
}
