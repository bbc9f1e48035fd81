import { type NotificationConfigPatch, type StudioNotificationConfig } from "@studio/contracts";
import { type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { catalogueEntry } from "./catalogue";
import { applyConfigPatch } from "./config-patch";
import { flat, lockStudioOverride, storeStudioOverride } from "./studio-overrides";

/**
 * PATCH /v1/web/notification-configs/:type: starts from the studio's effective values, applies
 * the fields sent and upserts the override (later default changes no longer reach the studio).
 * Retired types are accepted. The answer carries messages only for FORM_SENT / FORM_REMINDERS.
 */
export async function updateStudioConfig(
  db: Db,
  scope: StudioScope,
  input: NotificationConfigPatch,
): Promise<StudioNotificationConfig> {
  const { type, ...patch } = input;
  const next = await db.transaction(async (tx) => {
    const current = await lockStudioOverride(tx, scope, type);
    const values = applyConfigPatch(type, current, patch);
    await storeStudioOverride(tx, scope, type, values, scope.now);
    return values;
  });
  const answer = flat(type, next, true);
  if (catalogueEntry(type).kind !== "single") answer.messages = next.messages ?? [];
  return answer;
}
