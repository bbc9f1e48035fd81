import {
  ACTIVE_NOTIFICATION_TYPES,
  NOTIFICATION_CATEGORIES,
  type NotificationSettings,
} from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { loadStudioConfigs } from "./config-store";
import { toSetting } from "./notification-setting-record";

/**
 * GET /v1/web/studio/notification-settings: every active type in the active-type order with
 * catalogue metadata, the studio's effective values, customized, and the platform row as
 * defaults, plus the category order.
 */
export async function getStudioNotificationSettings(
  db: Db,
  scope: StudioScope,
): Promise<NotificationSettings> {
  const configs = await loadStudioConfigs(db, scope, ACTIVE_NOTIFICATION_TYPES);
  return {
    categories: [...NOTIFICATION_CATEGORIES],
    types: ACTIVE_NOTIFICATION_TYPES.map((type) => toSetting(type, configs.get(type)!)),
  };
}
