// The FORM_REMINDERS scheduler (docs/decisions/notifications.md "Form reminders"). Reminders are
// counted from a form day of a form the trainee has to fill:
//   - the recurring check-in form (clients.updateFormId every updateCadence from checkInStartDate):
//     CHECK_IN and ALL reminders, each form day;
//   - a sent form (form_assignments PENDING or SUBMITTED, announced: push NOW, or DEFERRED once
//     announced; never NEVER): the reminders of the form's type and ALL ones, from the local day
//     it became visible, never before it reached the trainee.
// One dispatch row per (trainee, form, form day, reminder) makes each reminder happen once.

import type { Db } from "@studio/db";
import { FORM_REMINDER_GRACE_MS } from "./check-in-schedule";
import { loadPlatformValues } from "./config-store";
import { FORM_REMINDERS, type FormReminderRun, type PlatformJobScope } from "./form-reminder-items";
import { remindRecurringForms, remindSentForms } from "./form-reminder-passes";

export interface FormReminderOptions {
  /** Rows read per query (keyset pages of trainees, of sent forms). */
  batchSize?: number;
  graceMs?: number;
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
