// What the FORM_REMINDERS scheduler's parts share: the scope of a job acting across studios, the
// run's counters, one due reminder and the key that makes it happen once.

import type { FormType, NotificationMessage } from "@studio/contracts";
import type { JobActor, ScopeBase } from "../scope";

/** A job acting across studios (a scheduler): it scopes each write to the trainee's studio. */
export type PlatformJobScope = ScopeBase & { actor: JobActor };

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

export const FORM_REMINDERS = "FORM_REMINDERS" as const;

/** One reminder of one form day of one trainee, ready to be claimed and sent. */
export interface DueItem {
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

export const keyOf = (i: { clientId: string; formId: string; formDay: string; reminderId: string }) =>
  `${i.clientId}\u0000${i.formId}\u0000${i.formDay}\u0000${i.reminderId}`;
export const itemKey = (i: DueItem) => keyOf({ ...i, reminderId: i.reminder.id });
