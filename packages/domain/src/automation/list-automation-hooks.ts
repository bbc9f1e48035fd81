import type { Hook } from "@studio/contracts";
import type { Db } from "@studio/db";
import { listWebhooks } from "../webhooks/list-webhooks";
import type { ApiKeyScope } from "../scope";

/** `GET /v1/automation/hooks`: data `{hooks}`, the calling key's hooks without secrets. */
export async function listAutomationHooks(
  db: Db,
  scope: ApiKeyScope,
  input: { event?: string },
): Promise<{ hooks: Hook[] }> {
  return { hooks: await listWebhooks(db, scope, { event: input.event }) };
}
