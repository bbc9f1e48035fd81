import type { StudioScope } from "../scope";
import { and, eq } from "drizzle-orm";
import {
  ACTIVE_NOTIFICATION_TYPES,
  type NotificationConfigPatch,
  type NotificationType,
  type StudioNotificationConfig,
} from "@studio/contracts";
import { notificationOverrides, type Db, type DbOrTx } from "@studio/db";
import { catalogueEntry, codeDefaults, type NotificationConfigValues } from "./catalogue";
import { applyConfigPatch } from "./config-patch";
import { loadPlatformValues, loadStudioConfigs, rowOfValues, valuesOfRow } from "./config-store";

const flat = (
  type: NotificationType,
  v: NotificationConfigValues,
  customized: boolean,
): StudioNotificationConfig => ({
  type,
  enabled: v.enabled,
  titleTemplate: v.titleTemplate,
  bodyTemplate: v.bodyTemplate,
  sound: v.sound,
  sendTime: v.sendTime,
  customized,
});

/** GET /v1/web/notification-configs: per active type the override, else the platform default. */
export async function listStudioConfigs(db: Db, scope: StudioScope): Promise<StudioNotificationConfig[]> {
  const { studioId } = scope;
  const configs = await loadStudioConfigs(db, studioId, ACTIVE_NOTIFICATION_TYPES);
  return ACTIVE_NOTIFICATION_TYPES.map((type) => {
    const c = configs.get(type)!;
    return flat(type, c.values, c.customized);
  });
}

/**
 * Locks the studio's override of a type for a read-modify-write, creating it first as a copy
 * of the platform values when the studio has none (so the first write copies every field).
 */
export async function lockStudioOverride(
  tx: DbOrTx,
  studioId: string,
  type: NotificationType,
): Promise<NotificationConfigValues> {
  // Retired types build their override from the code defaults.
  const platform = catalogueEntry(type).retired
    ? codeDefaults(type)
    : (await loadPlatformValues(tx, [type])).get(type)!;
  await tx
    .insert(notificationOverrides)
    .values({ studioId, type, ...rowOfValues(platform) })
    .onConflictDoNothing({ target: [notificationOverrides.studioId, notificationOverrides.type] });
  const [row] = await tx
    .select()
    .from(notificationOverrides)
    .where(and(eq(notificationOverrides.studioId, studioId), eq(notificationOverrides.type, type)))
    .for("update");
  return valuesOfRow(type, row!);
}

export async function storeStudioOverride(
  tx: DbOrTx,
  studioId: string,
  type: NotificationType,
  values: NotificationConfigValues,
  now: Date,
): Promise<void> {
  await tx
    .update(notificationOverrides)
    .set({ ...rowOfValues(values), updatedAt: now })
    .where(and(eq(notificationOverrides.studioId, studioId), eq(notificationOverrides.type, type)));
}

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
  const { studioId } = scope;
  const { type, ...patch } = input;
  const next = await db.transaction(async (tx) => {
    const current = await lockStudioOverride(tx, studioId, type);
    const values = applyConfigPatch(type, current, patch);
    await storeStudioOverride(tx, studioId, type, values, scope.now);
    return values;
  });
  const answer = flat(type, next, true);
  if (catalogueEntry(type).kind !== "single") answer.messages = next.messages ?? [];
  return answer;
}
