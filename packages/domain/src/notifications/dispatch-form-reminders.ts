// Sends a page of due form reminders at most once each (the dispatch claim and the notification
// records in one transaction per studio).

import { and, inArray, sql } from "drizzle-orm";
import { formReminderDispatches, type Db } from "@studio/db";
import { dateKeyParts } from "../time/zoned-time";
import {
  FORM_REMINDERS,
  itemKey,
  keyOf,
  type DueItem,
  type FormReminderRun,
  type PlatformJobScope,
} from "./form-reminder-items";
import { coachNames, filledItems } from "./form-reminder-lookups";
import type { NotifyInput } from "./notify";
import { notifyMany } from "./notify-many";

/** {{date}} of a reminder: the form day as DD/MM/YYYY. */
const displayDate = (dateKey: string) => {
  const { y, m, d } = dateKeyParts(dateKey);
  return `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`;
};

/**
 * Sends the due reminders of one page: drops those already dispatched (one query), decides
 * onlyIfNotFilled from real submissions (two grouped queries), reads {{coach}} (one query),
 * then per studio one transaction: the dispatch claims (one insert, `on conflict do nothing`),
 * one notifyMany for the claims won, one update linking each claim to its notification.
 */
export async function dispatchFormReminders(
  db: Db,
  scope: PlatformJobScope,
  found: DueItem[],
  run: FormReminderRun,
) {
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
