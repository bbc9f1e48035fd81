import { and, eq, inArray } from "drizzle-orm";
import type { NotificationType } from "@studio/contracts";
import { notificationDefaults, notificationOverrides, type DbOrTx } from "@studio/db";
import { codeDefaults, type NotificationConfigValues } from "./catalogue";
import { normalizeStoredValues } from "./messages";
import type { StudioScope } from "../scope";

type StoredRow = Pick<
  typeof notificationDefaults.$inferSelect,
  "enabled" | "titleTemplate" | "bodyTemplate" | "sound" | "sendTime" | "messages"
>;

/** A stored row's values, with messages read per kind (defaults when missing/empty/unparsable). */
export function valuesOfRow(type: NotificationType, row: StoredRow): NotificationConfigValues {
  return normalizeStoredValues(type, {
    enabled: row.enabled,
    titleTemplate: row.titleTemplate,
    bodyTemplate: row.bodyTemplate,
    sound: row.sound,
    sendTime: row.sendTime,
    messages: (row.messages ?? null) as NotificationConfigValues["messages"],
  });
}

/** Column values of a settings row. */
export const rowOfValues = (v: NotificationConfigValues) => ({
  enabled: v.enabled,
  titleTemplate: v.titleTemplate,
  bodyTemplate: v.bodyTemplate,
  sound: v.sound,
  sendTime: v.sendTime,
  messages: v.messages,
});

/** Platform values per type: the stored default row, else the code defaults of the catalogue. */
export async function loadPlatformValues(
  db: DbOrTx,
  types: readonly NotificationType[],
): Promise<Map<NotificationType, NotificationConfigValues>> {
  const rows = types.length
    ? await db
        .select()
        .from(notificationDefaults)
        .where(inArray(notificationDefaults.type, [...types]))
    : [];
  const stored = new Map(rows.map((r) => [r.type, r]));
  return new Map(
    types.map((type) => {
      const row = stored.get(type);
      return [type, row ? valuesOfRow(type, row) : codeDefaults(type)];
    }),
  );
}

/**
 * Many studios' effective values of one type (override, else the platform values), one query:
 * what the scheduler's passes read for a page of trainees across studios.
 */
export async function loadStudiosValues(
  db: DbOrTx,
  type: NotificationType,
  studioIds: readonly string[],
  platform: NotificationConfigValues,
): Promise<(studioId: string) => NotificationConfigValues> {
  const overrides = studioIds.length
    ? await db
        .select()
        .from(notificationOverrides)
        .where(
          and(
            inArray(notificationOverrides.studioId, [...new Set(studioIds)]),
            eq(notificationOverrides.type, type),
          ),
        )
    : [];
  const byStudio = new Map(overrides.map((o) => [o.studioId, valuesOfRow(type, o)]));
  return (studioId) => byStudio.get(studioId) ?? platform;
}

export interface StudioConfig {
  values: NotificationConfigValues;
  customized: boolean;
  platform: NotificationConfigValues;
}

/** A studio's effective values per type: its override when one exists, else the platform values. */
export async function loadStudioConfigs(
  db: DbOrTx,
  scope: StudioScope,
  types: readonly NotificationType[],
): Promise<Map<NotificationType, StudioConfig>> {
  const { studioId } = scope;
  const [platform, overrides] = await Promise.all([
    loadPlatformValues(db, types),
    types.length
      ? db
          .select()
          .from(notificationOverrides)
          .where(
            and(
              eq(notificationOverrides.studioId, studioId),
              inArray(notificationOverrides.type, [...types]),
            ),
          )
      : Promise.resolve([]),
  ]);
  const byType = new Map(overrides.map((r) => [r.type, r]));
  return new Map(
    types.map((type) => {
      const override = byType.get(type);
      const platformValues = platform.get(type)!;
      return [
        type,
        {
          values: override ? valuesOfRow(type, override) : platformValues,
          customized: Boolean(override),
          platform: platformValues,
        },
      ];
    }),
  );
}

/** The effective values of one type for a studio. */
export async function loadStudioConfig(
  db: DbOrTx,
  scope: StudioScope,
  type: NotificationType,
): Promise<StudioConfig> {
  return (await loadStudioConfigs(db, scope, [type])).get(type)!;
}
