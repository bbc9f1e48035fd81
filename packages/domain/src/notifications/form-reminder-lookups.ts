// What a page of due form reminders reads before it is sent: which form days are already filled
// (onlyIfNotFilled) and the {{coach}} variable.

import { and, eq, inArray, lte, max } from "drizzle-orm";
import { clientCoaches, coaches, formAssignments, formResponses, type Db } from "@studio/db";
import { itemKey, type DueItem } from "./form-reminder-items";

/**
 * onlyIfNotFilled: the keys of the items whose form day is already filled — the trainee, in the
 * item's studio, submitted the form (a response, or a sent copy marked SUBMITTED) at or after the
 * item's filledSince and not after now, or the sent form the item is about is SUBMITTED.
 */
export async function filledItems(db: Db, now: Date, items: DueItem[]): Promise<Set<string>> {
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
export async function coachNames(
  db: Db,
  items: readonly Pick<DueItem, "studioId" | "clientId">[],
): Promise<Map<string, string>> {
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
