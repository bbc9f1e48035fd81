import { type NotificationConfigPatch, type PlatformNotificationConfig } from "@studio/contracts";
import { notificationDefaults, type Db } from "@studio/db";
import { eq } from "drizzle-orm";
import type { ServiceScope } from "../scope";
import { toPlatformConfig } from "./platform-config-record";
import { codeDefaults } from "./catalogue";
import { applyConfigPatch } from "./config-patch";
import { rowOfValues, valuesOfRow } from "./config-store";

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
