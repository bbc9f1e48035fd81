import { and, eq, sql } from "drizzle-orm";
import { webhooks, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";

/**
 * Every delivery attempt (document 3 "Events"): lastDeliveryAt = now, lastStatus = the HTTP
 * status answered (null when there was none: refused target, network error, timeout, redirect
 * keeps its 3xx), and a failed attempt increments failure_count. The hook is never deactivated.
 */
export async function recordWebhookAttempt(
  db: DbOrTx,
  scope: StudioScope,
  input: { hookId: string; status: number | null; failed: boolean },
): Promise<void> {
  await db
    .update(webhooks)
    .set({
      lastDeliveryAt: scope.now,
      lastStatus: input.status,
      ...(input.failed && { failureCount: sql`${webhooks.failureCount} + 1` }),
    })
    .where(and(eq(webhooks.id, input.hookId), eq(webhooks.studioId, scope.studioId)));
}
