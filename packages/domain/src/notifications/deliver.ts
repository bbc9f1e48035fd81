import { and, eq, inArray, sql } from "drizzle-orm";
import type { PushTimelineEntry } from "@studio/contracts";
import { notifications, pushTokens, traineeActivities, type DbOrTx } from "@studio/db";
import type { PushMessage, PushTicket } from "../ports";
import type { StudioScope } from "../scope";

/** Where the delivery job stands in its retry policy. */
export interface DeliveryAttempt {
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export type DeliveryResult =
  | { outcome: "sent"; delivered: number; failedDevices: number }
  | { outcome: "skipped"; reason: "NO_PUSH_TOKEN" }
  /** Nothing to do: the record is gone or no longer queued (a duplicate delivery). */
  | { outcome: "ignored" }
  /** Final: the record is marked failed. */
  | { outcome: "failed"; error: string }
  /** The provider may accept a later attempt; the record stays queued with the error noted. */
  | { outcome: "retry"; error: string };

/** What the push provider answered for one delivery attempt. */
export type ProviderAnswer =
  | { tickets: readonly PushTicket[] }
  /** Unreachable, unset or refused; `retryable` says whether a later attempt may pass. */
  | { error: string; retryable: boolean };

export type DeliveryPlan =
  | { outcome: "send"; clientId: string; messages: PushMessage[] }
  | { outcome: "skipped"; reason: "NO_PUSH_TOKEN" }
  /** Nothing to do: the record is gone or no longer queued (a duplicate delivery). */
  | { outcome: "ignored" };

/** Tokens the provider says are dead; they are removed so later pushes skip them. */
const DEAD_TOKEN_ERRORS = new Set(["DeviceNotRegistered"]);

const queuedRecord = (studioId: string, notificationId: string) =>
  and(
    eq(notifications.id, notificationId),
    eq(notifications.studioId, studioId),
    eq(notifications.status, "queued"),
  );

/**
 * Step 1 of delivering a recorded push (the deliver-push job): the messages for every device of
 * the trainee. A trainee without devices left is recorded skipped NO_PUSH_TOKEN here. The job
 * then calls the push provider (packages/jobs) and hands its answer to recordNotificationDelivery.
 */
export async function planNotificationDelivery(
  db: DbOrTx,
  scope: StudioScope,
  input: { notificationId: string },
): Promise<DeliveryPlan> {
  const [record] = await db
    .select()
    .from(notifications)
    .where(queuedRecord(scope.studioId, input.notificationId))
    .limit(1);
  if (!record) return { outcome: "ignored" };
  const tokens = await db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .where(and(eq(pushTokens.clientId, record.clientId), eq(pushTokens.studioId, record.studioId)));
  if (tokens.length === 0) {
    await db
      .update(notifications)
      .set({ status: "skipped", skipReason: "NO_PUSH_TOKEN", updatedAt: scope.now })
      .where(queuedRecord(scope.studioId, input.notificationId));
    return { outcome: "skipped", reason: "NO_PUSH_TOKEN" };
  }
  return {
    outcome: "send",
    clientId: record.clientId,
    messages: tokens.map((t) => ({
      to: t.token,
      title: record.title,
      body: record.body,
      sound: record.sound ? "default" : null,
      data: record.data,
    })),
  };
}

/**
 * Step 2: records the provider's answer. A provider that is unreachable, unset or answers
 * 429/5xx leaves the record queued with the error noted (the job is retried per its policy); the
 * final attempt, or a refusal that cannot pass later, marks it failed. Devices the provider
 * reports as not registered are forgotten; the push counts as sent if any device took it.
 * With `timelineOnAccept` MESSAGE, the attempt that marks the record sent also adds a MESSAGE
 * entry to the trainee's timeline (trainee_activities), in the same transaction: an entry exists
 * if and only if a device accepted the push, and a duplicate delivery adds none.
 */
export async function recordNotificationDelivery(
  db: DbOrTx,
  scope: StudioScope,
  input: {
    notificationId: string;
    attempt: DeliveryAttempt;
    /** What planNotificationDelivery answered (the messages sent, in order). */
    plan: Extract<DeliveryPlan, { outcome: "send" }>;
    answer: ProviderAnswer;
    /** What the push adds to the trainee's timeline when a device accepted it (the job's payload). */
    timelineOnAccept?: PushTimelineEntry;
  },
): Promise<DeliveryResult> {
  const { notificationId, attempt, plan, answer } = input;
  const { messages } = plan;
  const stillQueued = queuedRecord(scope.studioId, notificationId);
  const now = scope.now;
  if ("error" in answer) {
    const final = !answer.retryable || attempt.retryCount >= attempt.retryLimit;
    await db
      .update(notifications)
      .set({
        attempts: sql`${notifications.attempts} + 1`,
        error: answer.error,
        status: final ? "failed" : "queued",
        updatedAt: now,
      })
      .where(stillQueued);
    return final ? { outcome: "failed", error: answer.error } : { outcome: "retry", error: answer.error };
  }

  const { tickets } = answer;
  const failures = tickets.flatMap((t, i) =>
    t.status === "error" ? [{ token: messages[i]!.to, code: t.details?.error, message: t.message }] : [],
  );
  const dead = failures.filter((f) => f.code && DEAD_TOKEN_ERRORS.has(f.code)).map((f) => f.token);
  if (dead.length)
    await db
      .delete(pushTokens)
      .where(and(eq(pushTokens.clientId, plan.clientId), inArray(pushTokens.token, dead)));
  const delivered = tickets.length - failures.length;
  const error = failures.length
    ? `${failures.length} of ${tickets.length} devices refused: ${failures.map((f) => f.code ?? f.message).join(", ")}`
    : null;
  await db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(notifications)
      .set({
        attempts: sql`${notifications.attempts} + 1`,
        status: delivered > 0 ? "sent" : "failed",
        sentAt: delivered > 0 ? now : null,
        error,
        updatedAt: now,
      })
      .where(stillQueued)
      .returning();
    if (recorded && delivered > 0 && input.timelineOnAccept === "MESSAGE")
      await tx.insert(traineeActivities).values(messageActivity(recorded, now));
  });
  return delivered > 0
    ? { outcome: "sent", delivered, failedDevices: failures.length }
    : { outcome: "failed", error: error! };
}

/**
 * The timeline's MESSAGE entry of an accepted push (a coach message): actor TRAINER, action
 * SENT, entity the notification, data the title and body the trainee received.
 */
function messageActivity(record: typeof notifications.$inferSelect, at: Date) {
  return {
    studioId: record.studioId,
    clientId: record.clientId,
    actor: "TRAINER",
    action: "SENT",
    entityType: "NOTIFICATION",
    entityId: record.id,
    type: "MESSAGE",
    data: {
      notificationId: record.id,
      notificationType: record.type,
      title: record.title,
      body: record.body,
    },
    createdAt: at,
  };
}
