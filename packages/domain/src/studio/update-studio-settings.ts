import type { StudioScope } from "../scope";
import { eq } from "drizzle-orm";
import type { StudioSettingsUpdate, StudioWithLimits } from "@studio/contracts";
import { studios, type Db } from "@studio/db";
import { notFound } from "../errors";
import { toStudio } from "./studio-record";

type StudioRow = typeof studios.$inferSelect;

export function toStudioWithLimits(row: StudioRow): StudioWithLimits {
  return {
    ...toStudio(row),
    planId: row.planId,
    seatLimit: row.seatLimit,
    clientLimit: row.clientLimit,
  };
}

/**
 * `PATCH /v1/web/studio/settings` (decisions.md "Team"): name, timezone, locale and the plan
 * limits are columns; calendarEnabled, allowAppWhileFrozen and branding live in settings,
 * where sent branding members replace stored ones and other settings keys are kept.
 */
export async function updateStudioSettings(
  db: Db,
  scope: StudioScope,
  input: StudioSettingsUpdate,
): Promise<StudioWithLimits> {
  const { studioId } = scope;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(studios).where(eq(studios.id, studioId)).for("no key update");
    if (!current) throw notFound("studio");
    const patch: Partial<StudioRow> = {};
    for (const key of ["name", "timezone", "locale", "seatLimit", "clientLimit"] as const) {
      if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
    }
    const settings = { ...current.settings };
    if (input.calendarEnabled !== undefined) settings.calendarEnabled = input.calendarEnabled;
    if (input.allowAppWhileFrozen !== undefined) settings.allowAppWhileFrozen = input.allowAppWhileFrozen;
    if (input.branding !== undefined) {
      const stored =
        typeof settings.branding === "object" && settings.branding !== null
          ? (settings.branding as Record<string, unknown>)
          : {};
      settings.branding = { ...stored, ...input.branding };
    }
    const [updated] = await tx
      .update(studios)
      .set({ ...patch, settings })
      .where(eq(studios.id, studioId))
      .returning();
    return toStudioWithLimits(updated!);
  });
}
