import { sql } from "drizzle-orm";
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
  await recordWebhookAttempts(db, [{ scope, ...input }]);
}

/**
 * recordWebhookAttempt for many attempts, of any studios, in one statement (issue 30 item 6): per
 * hook, as if recorded one by one in order (the last attempt's time and status, every failure
 * counted). Each attempt touches its hook only in its scope's studio.
 */
export async function recordWebhookAttempts(
  db: DbOrTx,
  attempts: readonly { scope: StudioScope; hookId: string; status: number | null; failed: boolean }[],
): Promise<void> {
  if (!attempts.length) return;
  const rows = JSON.stringify(
    attempts.map((a, ord) => ({
      hook_id: a.hookId,
      studio_id: a.scope.studioId,
      status: a.status,
      failed: a.failed,
      at: a.scope.now.toISOString(),
      ord,
    })),
  );
  await db.execute(sql`update ${webhooks} w set
      last_delivery_at = a.at, last_status = a.status, failure_count = w.failure_count + a.failures
    from (select hook_id, studio_id,
            (array_agg(at order by ord desc))[1] as at,
            (array_agg(status order by ord desc))[1] as status,
            (count(*) filter (where failed))::int as failures
          from jsonb_to_recordset(${rows}::jsonb)
            as r(hook_id text, studio_id text, status int, failed boolean, at timestamptz, ord int)
          group by hook_id, studio_id) a
    where w.id = a.hook_id and w.studio_id = a.studio_id`);
}
