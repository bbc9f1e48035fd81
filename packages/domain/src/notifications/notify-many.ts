import { randomUUID } from "node:crypto";
import { and, inArray, lte } from "drizzle-orm";
import {
  DELIVER_PUSH_JOB,
  type DeliverPushPayload,
  type NotificationRecord,
  type NotificationSkipReason,
  type NotificationType,
} from "@studio/contracts";
import { clients, notifications, notificationThrottles, type DbOrTx } from "@studio/db";
import { enqueueJobs } from "../enqueue-jobs";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import type { NotificationConfigValues } from "./catalogue";
import { loadStudioConfig } from "./config-store";
import { toNotificationRecord } from "./notification-record";
import { draftPush, NOTIFICATION_THROTTLE_MS, recipientColumns, type NotifyInput } from "./notify";
import { type pickMessage } from "./resolution";
import { liveTrainees } from "../clients/live-trainee";

interface Draft {
  input: NotifyInput;
  values: NotificationConfigValues;
  message: ReturnType<typeof pickMessage>;
  skipReason: NotificationSkipReason | null;
  title: string;
  body: string;
}

/**
 * `notify` for many pushes at once (bulk plan assignment): the same rules — the studio's
 * effective config per type, the message for the form type, muted groups, push tokens,
 * {{variables}} with the trainee's first name, the type's throttle — decided set-based: one
 * query for the trainees, one config read per type, one throttle claim per throttled type, ONE
 * insert of every record and one enqueue of every delivery, all in one transaction. A trainee
 * id that is not a live trainee of scope.studioId fails the whole call (NOT_FOUND trainee).
 * Records come back in input order.
 */
export async function notifyMany(
  db: DbOrTx,
  scope: StudioScope,
  inputs: readonly NotifyInput[],
): Promise<NotificationRecord[]> {
  if (inputs.length === 0) return [];
  const { studioId, now } = scope;
  return db.transaction(async (tx) => {
    const ids = [...new Set(inputs.map((i) => i.clientId))];
    const rows = await tx
      .select({ id: clients.id, ...recipientColumns })
      .from(clients)
      .where(and(inArray(clients.id, ids), liveTrainees(scope)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (byId.size !== ids.length) throw notFound("trainee");

    const configs = new Map<NotificationType, NotificationConfigValues>();
    for (const type of new Set(inputs.map((i) => i.type)))
      configs.set(type, (await loadStudioConfig(tx, scope, type)).values);

    const drafts = inputs.map((input): Draft => ({
      input,
      values: configs.get(input.type)!,
      ...draftPush(input, configs.get(input.type)!, byId.get(input.clientId)!),
    }));

    // Throttled types, last (a push skipped for another reason does not use up the window):
    // one claim statement per type; a trainee gets at most one push of the type per window.
    for (const [type, windowMs] of Object.entries(NOTIFICATION_THROTTLE_MS) as [NotificationType, number][]) {
      const candidates = drafts.filter((d) => d.input.type === type && !d.skipReason);
      if (candidates.length === 0) continue;
      const claimed = await tx
        .insert(notificationThrottles)
        .values(
          [...new Set(candidates.map((d) => d.input.clientId))].map((clientId) => ({
            studioId,
            clientId,
            type,
            lastSentAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [notificationThrottles.clientId, notificationThrottles.type],
          set: { lastSentAt: now, studioId },
          setWhere: lte(notificationThrottles.lastSentAt, new Date(now.getTime() - windowMs)),
        })
        .returning({ clientId: notificationThrottles.clientId });
      const open = new Set(claimed.map((c) => c.clientId));
      for (const draft of candidates) {
        if (open.delete(draft.input.clientId)) continue; // the first push of the trainee takes the window
        draft.skipReason = "THROTTLED";
      }
    }

    const timelineOf = new Map<string, NotifyInput["timelineOnAccept"]>();
    const values = drafts.map((d) => {
      const id = randomUUID();
      timelineOf.set(id, d.input.timelineOnAccept);
      const data: Record<string, unknown> = {
        notificationId: id,
        type: d.input.type,
        ...(d.input.formId ? { formId: d.input.formId } : {}),
        ...(d.input.formType ? { formType: d.input.formType } : {}),
        ...(d.message?.opens ? { opens: d.message.opens } : {}),
        ...d.input.data,
      };
      return {
        id,
        studioId,
        clientId: d.input.clientId,
        type: d.input.type,
        title: d.title,
        body: d.body,
        sound: d.values.sound,
        data,
        status: d.skipReason ? "skipped" : "queued",
        skipReason: d.skipReason,
        createdAt: now,
        updatedAt: now,
      };
    });
    const inserted = await tx.insert(notifications).values(values).returning();
    const byRecordId = new Map(inserted.map((r) => [r.id, r]));
    await enqueueJobs(
      scope.jobs,
      DELIVER_PUSH_JOB,
      values
        .filter((v) => v.status === "queued")
        .map((v) => {
          const timelineOnAccept = timelineOf.get(v.id);
          return {
            studioId,
            notificationId: v.id,
            ...(timelineOnAccept ? { timelineOnAccept } : {}),
          } satisfies DeliverPushPayload;
        }),
      { tx },
    );
    return values.map((v) => toNotificationRecord(byRecordId.get(v.id)!));
  });
}
