import { ACTIVE_NOTIFICATION_TYPES, type StudioNotificationConfig } from "@studio/contracts";
import { type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { loadStudioConfigs } from "./config-store";
import { flat } from "./studio-overrides";

/** GET /v1/web/notification-configs: per active type the override, else the platform default. */
export async function listStudioConfigs(db: Db, scope: StudioScope): Promise<StudioNotificationConfig[]> {
  const configs = await loadStudioConfigs(db, scope, ACTIVE_NOTIFICATION_TYPES);
  return ACTIVE_NOTIFICATION_TYPES.map((type) => {
    const c = configs.get(type)!;
    return flat(type, c.values, c.customized);
  });
}
