// The first check-in form day when the caller names none (docs/decisions/forms.md "Recurring
// check-in copies"): one cadence after the trainee's local today, so the first copy (and its
// reminder the evening before) comes a full period after the schedule is set.

import { eq } from "drizzle-orm";
import { studios, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";
import { endDateOf } from "../subscriptions/subscription-dates";
import { addDays, localParts, pickTimeZone } from "../time/zoned-time";

/** One cadence after `today`: 7 days (WEEKLY, and no cadence), 14 (BIWEEKLY), a month (MONTHLY, clamped). */
export function firstCheckInDay(today: string, cadence: string | null | undefined): string {
  if (cadence === "MONTHLY") return endDateOf(today, 1, "MONTHS");
  return addDays(today, cadence === "BIWEEKLY" ? 14 : 7);
}

/** The trainee's local today: their zone, else the studio's, else Asia/Jerusalem. */
export async function traineeToday(db: DbOrTx, scope: StudioScope, timezone: string | null): Promise<string> {
  const [studio] = await db
    .select({ timezone: studios.timezone })
    .from(studios)
    .where(eq(studios.id, scope.studioId))
    .limit(1);
  return localParts(scope.now, pickTimeZone(timezone, studio?.timezone, "Asia/Jerusalem")).date;
}
