// notifyMany for a job acting across studios (the scheduler): the same rules — each studio's
// effective config per type, the message for the form type, muted groups, push tokens,
// {{variables}} with the trainee's first name, the type's throttle — for the pushes of every
// studio at once, in a fixed number of statements whatever the number of studios and pushes:
// one read of the recipients, one of the studios' overrides (and the platform defaults), one
// throttle claim per throttled type, ONE insert of every record and ONE enqueue of every delivery.

import { and, inArray, sql } from "drizzle-orm";
import {
  DELIVER_PUSH_JOB,
  type DeliverPushPayload,
  type NotificationSkipReason,
  type NotificationType,
} from "@studio/contracts";
import { notificationOverrides, resultRows, type DbOrTx } from "@studio/db";
import { enqueueJobs } from "../enqueue-jobs";
import { notFound } from "../errors";
import type { NotificationConfigValues } from "./catalogue";
import { loadPlatformValues, valuesOfRow } from "./config-store";
import type { PlatformJobScope } from "./form-reminder-items";
import { draftPush, NOTIFICATION_THROTTLE_MS, type NotifyInput } from "./notify";

export interface StudioNotifyInput extends NotifyInput {
  /** The trainee's studio: the record's, and whose settings apply. */
  studioId: string;
  /** The record's id, chosen by the caller (e.g. written beside its claim first). */
  id: string;
}

export interface StudioNotifyRun {
  queued: number;
  skipped: number;
}

/** A JSON parameter: one bind value however many rows (drizzle expands JS arrays into lists). */
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Records (and, when not skipped, enqueues the delivery of) every push, in the caller's
 * transaction, stamped with scope.now. A trainee that is not a live trainee of its input's
 * studio fails the whole call (NOT_FOUND trainee), as notifyMany.
 */
export async function notifyStudios(
  tx: DbOrTx,
  scope: PlatformJobScope,
  inputs: readonly StudioNotifyInput[],
): Promise<StudioNotifyRun> {
  const run: StudioNotifyRun = { queued: 0, skipped: 0 };
  if (inputs.length === 0) return run;
  const now = scope.now;
  const ids = [...new Set(inputs.map((i) => i.clientId))];
  const recipients = resultRows<{
    id: string;
    studioId: string;
    firstName: string;
    muted: string[] | null;
    hasToken: boolean;
  }>(
    await tx.execute(sql`
      select c.id, c.studio_id as "studioId", c.first_name as "firstName",
        c.muted_notification_groups as muted,
        exists (select 1 from push_tokens t where t.client_id = c.id) as "hasToken"
      from clients c
      where c.id in (select jsonb_array_elements_text(${json(ids)})) and c.deleted_at is null`),
  );
  const byId = new Map(recipients.map((r) => [r.id, r]));
  for (const input of inputs)
    if (byId.get(input.clientId)?.studioId !== input.studioId) throw notFound("trainee");

  const types = [...new Set(inputs.map((i) => i.type))];
  const studioIds = [...new Set(inputs.map((i) => i.studioId))];
  const platform = await loadPlatformValues(tx, types);
  const overrides = await tx
    .select()
    .from(notificationOverrides)
    .where(
      and(inArray(notificationOverrides.studioId, studioIds), inArray(notificationOverrides.type, types)),
    );
  const configs = new Map<string, NotificationConfigValues>();
  for (const row of overrides)
    configs.set(`${row.studioId}\u0000${row.type}`, valuesOfRow(row.type as NotificationType, row));
  const configOf = (input: StudioNotifyInput) =>
    configs.get(`${input.studioId}\u0000${input.type}`) ?? platform.get(input.type)!;

  const drafts = inputs.map((input) => {
    const draft = draftPush(input, configOf(input), byId.get(input.clientId)!);
    return {
      input,
      values: configOf(input),
      ...draft,
      skipReason: draft.skipReason as NotificationSkipReason | null,
    };
  });

  // Throttled types, last (a push skipped for another reason does not use up the window): one
  // claim statement per type; a trainee gets at most one push of the type per window.
  for (const [type, windowMs] of Object.entries(NOTIFICATION_THROTTLE_MS) as [NotificationType, number][]) {
    const candidates = drafts.filter((d) => d.input.type === type && !d.skipReason);
    if (candidates.length === 0) continue;
    const claims = [...new Map(candidates.map((d) => [d.input.clientId, d.input.studioId]))].map(
      ([clientId, studioId]) => ({ clientId, studioId }),
    );
    const claimed = resultRows<{ clientId: string }>(
      await tx.execute(sql`
        insert into notification_throttles (studio_id, client_id, type, last_sent_at)
        select v."studioId", v."clientId", ${type}, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${json(claims)}) as v("studioId" text, "clientId" text)
        order by v."clientId"
        on conflict (client_id, type) do update set last_sent_at = excluded.last_sent_at, studio_id = excluded.studio_id
        where notification_throttles.last_sent_at <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz
        returning client_id as "clientId"`),
    );
    const open = new Set(claimed.map((c) => c.clientId));
    for (const draft of candidates) {
      if (open.delete(draft.input.clientId)) continue; // the first push of the trainee takes the window
      draft.skipReason = "THROTTLED";
    }
  }

  const records = drafts.map((d) => ({
    id: d.input.id,
    studioId: d.input.studioId,
    clientId: d.input.clientId,
    type: d.input.type,
    title: d.title,
    body: d.body,
    sound: d.values.sound,
    data: {
      notificationId: d.input.id,
      type: d.input.type,
      ...(d.input.formId ? { formId: d.input.formId } : {}),
      ...(d.input.formType ? { formType: d.input.formType } : {}),
      ...(d.message?.opens ? { opens: d.message.opens } : {}),
      ...d.input.data,
    },
    status: d.skipReason ? "skipped" : "queued",
    skipReason: d.skipReason,
  }));
  await tx.execute(sql`
    insert into notifications (id, studio_id, client_id, type, title, body, sound, data, status, skip_reason,
      created_at, updated_at)
    select v.id, v."studioId", v."clientId", v.type, v.title, v.body, v.sound, v.data, v.status, v."skipReason",
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json(records)}) as v(id text, "studioId" text, "clientId" text, type text,
      title text, body text, sound boolean, data jsonb, status text, "skipReason" text)`);
  const queued = drafts.filter((d) => !d.skipReason);
  await enqueueJobs(
    scope.jobs,
    DELIVER_PUSH_JOB,
    queued.map((d): DeliverPushPayload => ({
      studioId: d.input.studioId,
      notificationId: d.input.id,
      ...(d.input.timelineOnAccept ? { timelineOnAccept: d.input.timelineOnAccept } : {}),
    })),
    { tx },
  );
  run.queued = queued.length;
  run.skipped = drafts.length - queued.length;
  return run;
}
