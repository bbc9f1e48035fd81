import { type NotificationType, type StudioNotificationConfig } from "@studio/contracts";
import { notificationOverrides, type DbOrTx } from "@studio/db";
import { and, eq } from "drizzle-orm";
import { catalogueEntry, codeDefaults, type NotificationConfigValues } from "./catalogue";
import { loadPlatformValues, rowOfValues, valuesOfRow } from "./config-store";
import type { StudioScope } from "../scope";

export const flat = (
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

/**
 * Locks the studio's override of a type for a read-modify-write, creating it first as a copy
 * of the platform values when the studio has none (so the first write copies every field).
 */
export async function lockStudioOverride(
  tx: DbOrTx,
  scope: StudioScope,
  type: NotificationType,
): Promise<NotificationConfigValues> {
  const { studioId } = scope;
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
  scope: StudioScope,
  type: NotificationType,
  values: NotificationConfigValues,
  now: Date,
): Promise<void> {
  const { studioId } = scope;
  await tx
    .update(notificationOverrides)
    .set({ ...rowOfValues(values), updatedAt: now })
    .where(and(eq(notificationOverrides.studioId, studioId), eq(notificationOverrides.type, type)));
}
