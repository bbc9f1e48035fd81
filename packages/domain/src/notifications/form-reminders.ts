import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne } from "drizzle-orm";
import {
  clients,
  formReminderDispatches,
  notificationOverrides,
  studios,
  type Db,
  type DbOrTx,
} from "@studio/db";
import { addDays, dateKeyParts, localParts, pickTimeZone } from "../time/zoned-time";
import { loadPlatformValues, valuesOfRow } from "./config-store";
import { dueFormReminders, FORM_REMINDER_GRACE_MS, isCheckInReminder } from "./check-in-schedule";
import { effectiveMessages } from "./messages";
import type { JobActor, ScopeBase } from "../scope";
import { notify } from "./notify";

/**
 * Whether the trainee already filled the check-in form of a form day. The forms work plugs its
 * answer in here (a SUBMITTED assignment of formId for that form day); until then nothing is
 * ever filled, so onlyIfNotFilled reminders always go out.
 */
export type CheckInFilledPort = (
  db: DbOrTx,
  query: { studioId: string; clientId: string; formId: string; formDay: string },
) => Promise<boolean>;
export const checkInNeverFilled: CheckInFilledPort = async () => false;

/** A job acting across studios (a scheduler): it scopes each write to the trainee's studio. */
export type PlatformJobScope = ScopeBase & { actor: JobActor };

export interface FormReminderOptions {
  isCheckInFilled?: CheckInFilledPort;
  /** Trainees read per query (keyset pages). */
  batchSize?: number;
  graceMs?: number;
}

export interface FormReminderRun {
  /** Trainees with a check-in schedule looked at. */
  scanned: number;
  /** Reminders due in this run's window. */
  due: number;
  /** Reminders recorded by this run (queued or skipped with a reason). */
  dispatched: number;
  /** Due reminders another run (or replica) had already dispatched. */
  alreadyDispatched: number;
}

const FORM_REMINDERS = "FORM_REMINDERS" as const;

/** {{date}} of a reminder: the form day as DD/MM/YYYY. */
const displayDate = (dateKey: string) => {
  const { y, m, d } = dateKeyParts(dateKey);
  return `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`;
};

/**
 * The FORM_REMINDERS scheduler (a repeating worker job): for every trainee with a recurring
 * check-in form, computes the reminders due from the form day, offset and time in the trainee's
 * zone (else the studio's), and sends each at most once: the unique dispatch row is inserted in
 * the same transaction as notify's record and delivery job, so a second run, a restarted
 * worker or another replica finds it and skips.
 */
export async function dispatchDueFormReminders(
  db: Db,
  scope: PlatformJobScope,
  input: FormReminderOptions = {},
): Promise<FormReminderRun> {
  const now = scope.now;
  const isFilled = input.isCheckInFilled ?? checkInNeverFilled;
  const batchSize = input.batchSize ?? 500;
  const graceMs = input.graceMs ?? FORM_REMINDER_GRACE_MS;
  // A form day can be up to 3 days after the reminder's date (offset -3); every zone's date is within a day of UTC's.
  const latestStart = addDays(localParts(now, "UTC").date, 4);
  const platform = (await loadPlatformValues(db, [FORM_REMINDERS])).get(FORM_REMINDERS)!;
  const run: FormReminderRun = { scanned: 0, due: 0, dispatched: 0, alreadyDispatched: 0 };

  let after = "";
  for (;;) {
    const page = await db
      .select({
        id: clients.id,
        studioId: clients.studioId,
        timezone: clients.timezone,
        studioTimezone: studios.timezone,
        startDate: clients.checkInStartDate,
        cadence: clients.updateCadence,
        formId: clients.updateFormId,
      })
      .from(clients)
      .innerJoin(studios, eq(studios.id, clients.studioId))
      .where(
        and(
          gt(clients.id, after),
          isNotNull(clients.updateFormId),
          isNotNull(clients.checkInStartDate),
          lte(clients.checkInStartDate, latestStart),
          isNull(clients.deletedAt),
          ne(clients.status, "ARCHIVED"),
          isNull(studios.archivedAt),
        ),
      )
      .orderBy(asc(clients.id))
      .limit(batchSize);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    run.scanned += page.length;

    const studioIds = [...new Set(page.map((c) => c.studioId))];
    const overrides = await db
      .select()
      .from(notificationOverrides)
      .where(
        and(
          inArray(notificationOverrides.studioId, studioIds),
          eq(notificationOverrides.type, FORM_REMINDERS),
        ),
      );
    const byStudio = new Map(overrides.map((o) => [o.studioId, valuesOfRow(FORM_REMINDERS, o)]));

    for (const client of page) {
      const values = byStudio.get(client.studioId) ?? platform;
      if (!values.enabled) continue;
      const reminders = effectiveMessages(FORM_REMINDERS, values).filter(isCheckInReminder);
      if (reminders.length === 0) continue;
      const due = dueFormReminders({
        now,
        zone: pickTimeZone(client.timezone, client.studioTimezone),
        schedule: { startDate: client.startDate!, cadence: client.cadence },
        reminders,
        graceMs,
      });
      run.due += due.length;
      for (const { reminder, formDay } of due) {
        const dispatched = await db.transaction(async (tx) => {
          const [claim] = await tx
            .insert(formReminderDispatches)
            .values({ studioId: client.studioId, clientId: client.id, formDay, reminderId: reminder.id })
            .onConflictDoNothing({
              target: [
                formReminderDispatches.clientId,
                formReminderDispatches.formId,
                formReminderDispatches.formDay,
                formReminderDispatches.reminderId,
              ],
            })
            .returning({ id: formReminderDispatches.id });
          if (!claim) return false;
          const filled =
            reminder.onlyIfNotFilled === true &&
            (await isFilled(tx, {
              studioId: client.studioId,
              clientId: client.id,
              formId: client.formId!,
              formDay,
            }));
          const record = await notify(
            tx,
            { ...scope, studioId: client.studioId },
            {
              clientId: client.id,
              type: FORM_REMINDERS,
              formType: "CHECK_IN",
              formId: client.formId,
              messageId: reminder.id,
              variables: { date: displayDate(formDay) },
              data: { formDay },
              ...(filled ? { skipReason: "FORM_FILLED" as const } : {}),
            },
          );
          await tx
            .update(formReminderDispatches)
            .set({ notificationId: record.id })
            .where(eq(formReminderDispatches.id, claim.id));
          return true;
        });
        if (dispatched) run.dispatched++;
        else run.alreadyDispatched++;
      }
    }
    if (page.length < batchSize) break;
  }
  return run;
}
