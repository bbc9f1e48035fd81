import { type PlatformNotificationConfig } from "@studio/contracts";
import { type notificationDefaults } from "@studio/db";
import { valuesOfRow } from "./config-store";

type DefaultRow = typeof notificationDefaults.$inferSelect;

export function toPlatformConfig(row: DefaultRow): PlatformNotificationConfig {
  const type = row.type as PlatformNotificationConfig["type"];
  return { type, ...valuesOfRow(type, row), updatedAt: row.updatedAt.toISOString() };
}
