import { randomUUID } from "node:crypto";
import { and, sql } from "drizzle-orm";
import {
  DELIVER_PUSH_JOB,
  type DeliverPushPayload,
  type NotificationRecord,
  type NotificationSkipReason,
  type NotificationType,
} from "@studio/contracts";
import { clients, notifications, notificationThrottles, type DbOrTx, resultRows } from "@studio/db";
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
 *
 * The ids, the throttle claims and the records travel as ONE jsonb parameter each (issue 30
 * item 4): a 1,000-row Drizzle insert spent ~100 ms of the API's CPU building its SQL and 12,000
 * parameters. The records are the rows as inserted (error null, attempts 0, sentAt null: the
 * columns' defaults), so the insert returns nothing.
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
      .where(
        and(
          sql`${clients.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
          liveTrainees(scope),
        ),
      );
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
      const at = now.toISOString();
      const claimants = JSON.stringify([...new Set(candidates.map((d) => d.input.clientId))]);
      const claimed = resultRows<{ clientId: string }>(
        await tx.execute(sql`insert into ${notificationThrottles} (studio_id, client_id, type, last_sent_at)
          select ${studioId}, c.id, ${type}, ${at}::timestamptz
          from jsonb_array_elements_text(${claimants}::jsonb) with ordinality as c(id, n)
          order by c.n
          on conflict (client_id, type) do update set last_sent_at = ${at}::timestamptz, studio_id = ${studioId}
          where ${notificationThrottles}.last_sent_at <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz
          returning client_id as "clientId"`),
      );
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
    await tx.execute(sql`insert into ${notifications} (id, studio_id, client_id, type, title, body, sound, data,
        status, skip_reason, created_at, updated_at)
      select r.id, ${studioId}, r.client_id, r.type, r.title, r.body, coalesce(r.sound, true),
        coalesce(r.data, '{}'::jsonb), r.status, r.skip_reason, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz
      from rows from (jsonb_to_recordset(${JSON.stringify(values.map(recordsetRow))}::jsonb)
        as (id text, client_id text, type text, title text, body text, sound boolean, data jsonb,
          status text, skip_reason text)) with ordinality
        as r(id, client_id, type, title, body, sound, data, status, skip_reason, n)
      order by r.n`);
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
    // Each row as inserted: the columns' defaults for what the insert leaves out.
    return values.map((v) => toNotificationRecord({ ...v, error: null, attempts: 0, sentAt: null }));
  });
}

/** One record as a jsonb_to_recordset row (the columns' SQL names). */
const recordsetRow = (v: {
  id: string;
  clientId: string;
  type: string;
  title: string;
  body: string;
  sound: boolean;
  data: Record<string, unknown>;
  status: string;
  skipReason: string | null;
}) => ({
  id: v.id,
  client_id: v.clientId,
  type: v.type,
  title: v.title,
  body: v.body,
  sound: v.sound,
  data: v.data,
  status: v.status,
  skip_reason: v.skipReason,
});
