import { ACTIVE_NOTIFICATION_TYPES, type PlatformNotificationConfig } from "@studio/contracts";
import { notificationDefaults, type Db } from "@studio/db";
import { asc, inArray } from "drizzle-orm";
import type { ServiceScope } from "../scope";
import { toPlatformConfig } from "./platform-config-record";
import { ACTIVE_CATALOGUE, codeDefaults } from "./catalogue";
import { rowOfValues } from "./config-store";

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
