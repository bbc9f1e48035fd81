import { and, eq, inArray, sql } from "drizzle-orm";
import { notifications, pushTokens, type DbOrTx } from "@studio/db";
import { PushProviderError, type PushClient, type PushMessage, type PushTicket } from "./expo-push-client";

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

export interface DeliveryDeps {
  /** Absent when no push provider is configured: every attempt fails, the last marks the record failed. */
  push?: PushClient;
  now?: () => Date;
}

/** Tokens the provider says are dead; they are removed so later pushes skip them. */
const DEAD_TOKEN_ERRORS = new Set(["DeviceNotRegistered"]);

/**
 * Delivers one recorded push (the worker's deliver-push job): sends it to every device of the
 * trainee through the provider and records sent / failed. A provider that is unreachable,
 * unset or answers 429/5xx is retried per the job's policy; the final attempt marks the record
 * failed. Never throws for provider problems.
 */
export async function deliverNotification(
  db: DbOrTx,
  notificationId: string,
  attempt: DeliveryAttempt,
  deps: DeliveryDeps,
): Promise<DeliveryResult> {
  const now = deps.now?.() ?? new Date();
  const [record] = await db.select().from(notifications).where(eq(notifications.id, notificationId)).limit(1);
  if (!record || record.status !== "queued") return { outcome: "ignored" };
  const stillQueued = and(eq(notifications.id, notificationId), eq(notifications.status, "queued"));

  const tokens = await db
    .select({ token: pushTokens.token })
    .from(pushTokens)
    .where(and(eq(pushTokens.clientId, record.clientId), eq(pushTokens.studioId, record.studioId)));
  if (tokens.length === 0) {
    await db
      .update(notifications)
      .set({ status: "skipped", skipReason: "NO_PUSH_TOKEN", updatedAt: now })
      .where(stillQueued);
    return { outcome: "skipped", reason: "NO_PUSH_TOKEN" };
  }

  const messages: PushMessage[] = tokens.map((t) => ({
    to: t.token,
    title: record.title,
    body: record.body,
    sound: record.sound ? "default" : null,
    data: record.data,
  }));
  let tickets: PushTicket[];
  try {
    if (!deps.push) throw new PushProviderError("push provider not configured", true);
    tickets = await deps.push.send(messages);
  } catch (error) {
    const providerError =
      error instanceof PushProviderError
        ? error
        : new PushProviderError(error instanceof Error ? error.message : String(error), true);
    const final = !providerError.retryable || attempt.retryCount >= attempt.retryLimit;
    await db
      .update(notifications)
      .set({
        attempts: sql`${notifications.attempts} + 1`,
        error: providerError.message,
        status: final ? "failed" : "queued",
        updatedAt: now,
      })
      .where(stillQueued);
    return final
      ? { outcome: "failed", error: providerError.message }
      : { outcome: "retry", error: providerError.message };
  }

  const failures = tickets.flatMap((t, i) =>
    t.status === "error" ? [{ token: messages[i]!.to, code: t.details?.error, message: t.message }] : [],
  );
  const dead = failures.filter((f) => f.code && DEAD_TOKEN_ERRORS.has(f.code)).map((f) => f.token);
  if (dead.length)
    await db
      .delete(pushTokens)
      .where(and(eq(pushTokens.clientId, record.clientId), inArray(pushTokens.token, dead)));
  const delivered = tickets.length - failures.length;
  const error = failures.length
    ? `${failures.length} of ${tickets.length} devices refused: ${failures.map((f) => f.code ?? f.message).join(", ")}`
    : null;
  await db
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      status: delivered > 0 ? "sent" : "failed",
      sentAt: delivered > 0 ? now : null,
      error,
      updatedAt: now,
    })
    .where(stillQueued);
  return delivered > 0
    ? { outcome: "sent", delivered, failedDevices: failures.length }
    : { outcome: "failed", error: error! };
}
