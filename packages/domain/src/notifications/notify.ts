import { randomUUID } from "node:crypto";
import { eq, exists, lte, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import {
  DELIVER_PUSH_JOB,
  type DeliverPushPayload,
  type FormType,
  type NotificationRecord,
  type NotificationSkipReason,
  type NotificationType,
  type PushTimelineEntry,
} from "@studio/contracts";
import { clients, notifications, notificationThrottles, pushTokens, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";
import type { NotificationConfigValues } from "./catalogue";
import { loadStudioConfig } from "./config-store";
import { toNotificationRecord } from "./notification-record";
import { groupOf, isMuted, pickMessage, renderTemplate } from "./resolution";
import { loadLiveTrainee } from "../clients/live-trainee";

export type NotifyVariables = Readonly<Record<string, string | number | null | undefined>>;

export interface NotifyInput {
  clientId: string;
  type: NotificationType;
  /** {{variables}}; name defaults to the trainee's first name. */
  variables?: NotifyVariables;
  /** The form's type: picks the FORM_SENT message and the preference group of form pushes. */
  formType?: FormType | null;
  formId?: string | null;
  /** FORM_REMINDERS: the reminder (message id) to send. */
  messageId?: string | null;
  /** Record the push as skipped for a reason the caller found (e.g. the form is already filled). */
  skipReason?: Extract<NotificationSkipReason, "FORM_FILLED" | "OUTSIDE_GRACE" | "APP_LOCKED">;
  /** Extra payload for the app. */
  data?: Readonly<Record<string, string | number | boolean | null>>;
  /**
   * MESSAGE: the delivery job adds a MESSAGE entry to the trainee's timeline (trainee_activities)
   * when the provider accepted the push for at least one device, and only then.
   */
  timelineOnAccept?: PushTimelineEntry;
}

/** Throttled types: at most one push per window per trainee. */
export const NOTIFICATION_THROTTLE_MS: Partial<Record<NotificationType, number>> = {
  PLAN_UPDATED: 6 * 60 * 60_000,
};

/**
 * Claims the throttle window in SQL: the row is inserted, or moved forward only when the last
 * push is older than the window. Concurrent claims (any replica) serialize on the row, and
 * only one of them gets a row back.
 */
async function claimThrottle(
  tx: DbOrTx,
  scope: StudioScope,
  input: NotifyInput,
  windowMs: number,
  now: Date,
): Promise<boolean> {
  const { studioId } = scope;
  const claimed = await tx
    .insert(notificationThrottles)
    .values({ studioId, clientId: input.clientId, type: input.type, lastSentAt: now })
    .onConflictDoUpdate({
      target: [notificationThrottles.clientId, notificationThrottles.type],
      set: { lastSentAt: now, studioId },
      setWhere: lte(notificationThrottles.lastSentAt, new Date(now.getTime() - windowMs)),
    })
    .returning({ clientId: notificationThrottles.clientId });
  return claimed.length > 0;
}

/** What a notification reads of its trainee: first name, muted groups, whether a push token exists. */
export const recipientColumns = {
  firstName: clients.firstName,
  muted: clients.mutedNotificationGroups,
  hasToken: sql<boolean>`${exists(
    new QueryBuilder()
      .select({ one: sql`1` })
      .from(pushTokens)
      .where(eq(pushTokens.clientId, clients.id)),
  )}`,
};

/**
 * One push before throttling (notify and notifyMany): the message for the type and form type,
 * title and body rendered with the trainee's first name and the input's {{variables}}, and why
 * it is skipped: the caller's reason, the type disabled, no message, a muted group, no push token.
 */
export function draftPush(
  input: NotifyInput,
  values: NotificationConfigValues,
  client: { firstName: string; muted: string[] | null; hasToken: boolean },
) {
  const message = pickMessage(input.type, values, { formType: input.formType, messageId: input.messageId });
  const variables: NotifyVariables = { name: client.firstName, ...input.variables };
  let skipReason: NotificationSkipReason | null = null;
  if (input.skipReason) skipReason = input.skipReason;
  else if (!values.enabled) skipReason = "DISABLED";
  else if (!message) skipReason = "NO_MESSAGE";
  else if (isMuted(groupOf(input.type, input.formType ?? message.formType), client.muted ?? []))
    skipReason = "MUTED";
  else if (!client.hasToken) skipReason = "NO_PUSH_TOKEN";
  return {
    message,
    skipReason,
    title: renderTemplate(message?.title ?? values.titleTemplate, variables),
    body: renderTemplate(message?.subtitle ?? values.bodyTemplate, variables),
  };
}

/**
 * Sends a push to a trainee the way every feature does (plan assignment, forms, coach
 * messages, reminders): resolves the studio's effective config and the message for the form
 * type, honours the trainee's muted groups (the locked group is ignored), renders the
 * {{variables}}, applies the type's throttle, records the outcome and — when the push is to be
 * sent — enqueues its delivery (scope.jobs) in the same transaction as the record. The
 * trainee is looked up in scope.studioId; the record is stamped with scope.now.
 */
export async function notify(
  db: DbOrTx,
  scope: StudioScope,
  input: NotifyInput,
): Promise<NotificationRecord> {
  const { studioId, now } = scope;
  return db.transaction(async (tx) => {
    const client = await loadLiveTrainee(tx, scope, input.clientId, {
      reach: false,
      missing: "trainee",
      select: recipientColumns,
    });

    const { values } = await loadStudioConfig(tx, scope, input.type);
    const { message, title, body, skipReason: unthrottled } = draftPush(input, values, client);
    let skipReason: NotificationSkipReason | null = unthrottled;
    const throttleMs = NOTIFICATION_THROTTLE_MS[input.type];
    // Last, so a push skipped for another reason does not use up the window.
    if (!skipReason && throttleMs && !(await claimThrottle(tx, scope, input, throttleMs, now)))
      skipReason = "THROTTLED";

    const id = randomUUID();
    const data: Record<string, unknown> = {
      notificationId: id,
      type: input.type,
      ...(input.formId ? { formId: input.formId } : {}),
      ...(input.formType ? { formType: input.formType } : {}),
      ...(message?.opens ? { opens: message.opens } : {}),
      ...input.data,
    };
    const [row] = await tx
      .insert(notifications)
      .values({
        id,
        studioId,
        clientId: input.clientId,
        type: input.type,
        title,
        body,
        sound: values.sound,
        data,
        status: skipReason ? "skipped" : "queued",
        skipReason,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!skipReason)
      await scope.jobs.enqueue(
        DELIVER_PUSH_JOB,
        {
          studioId,
          notificationId: id,
          ...(input.timelineOnAccept ? { timelineOnAccept: input.timelineOnAccept } : {}),
        } satisfies DeliverPushPayload,
        { tx },
      );
    return toNotificationRecord(row!);
  });
}
