import type { ServiceScope } from "../scope";
import { asc, eq, inArray } from "drizzle-orm";
import {
  ACTIVE_NOTIFICATION_TYPES,
  type NotificationConfigPatch,
  type PlatformNotificationConfig,
} from "@studio/contracts";
import { notificationDefaults, type Db } from "@studio/db";
import { ACTIVE_CATALOGUE, codeDefaults } from "./catalogue";
import { applyConfigPatch } from "./config-patch";
import { rowOfValues, valuesOfRow } from "./config-store";

type DefaultRow = typeof notificationDefaults.$inferSelect;

function toPlatformConfig(row: DefaultRow): PlatformNotificationConfig {
  const type = row.type as PlatformNotificationConfig["type"];
  return { type, ...valuesOfRow(type, row), updatedAt: row.updatedAt.toISOString() };
}

/**
 * GET /v1/admin/notification-configs: ensures a default row per active type (existing rows
 * untouched; `on conflict do nothing` makes concurrent callers safe), answers them sorted by type.
 */
export async function listPlatformConfigs(
  db: Db,
  _scope: ServiceScope,
): Promise<PlatformNotificationConfig[]> {
  await db
    .insert(notificationDefaults)
    .values(ACTIVE_CATALOGUE.map((e) => ({ type: e.type, ...rowOfValues(codeDefaults(e.type)) })))
    .onConflictDoNothing({ target: notificationDefaults.type });
  const rows = await db
    .select()
    .from(notificationDefaults)
    .where(inArray(notificationDefaults.type, [...ACTIVE_NOTIFICATION_TYPES]))
    .orderBy(asc(notificationDefaults.type));
  return rows.map(toPlatformConfig);
}

/** PATCH /v1/admin/notification-configs/:type (any of the fifteen types). */
export async function updatePlatformConfig(
  db: Db,
  scope: ServiceScope,
  input: NotificationConfigPatch,
): Promise<PlatformNotificationConfig> {
  const { type, ...patch } = input;
  return db.transaction(async (tx) => {
    await tx
      .insert(notificationDefaults)
      .values({ type, ...rowOfValues(codeDefaults(type)) })
      .onConflictDoNothing({ target: notificationDefaults.type });
    const [current] = await tx
      .select()
      .from(notificationDefaults)
      .where(eq(notificationDefaults.type, type))
      .for("update");
    const next = applyConfigPatch(type, valuesOfRow(type, current!), patch);
    const [row] = await tx
      .update(notificationDefaults)
      .set({ ...rowOfValues(next), updatedAt: scope.now })
      .where(eq(notificationDefaults.type, type))
      .returning();
    return toPlatformConfig(row!);
  });
}
