// The civil dates of subscriptions: the studio's today and a subscription's end date.

import { eq } from "drizzle-orm";
import type { DurationUnit } from "@studio/contracts";
import { studios, type DbOrTx } from "@studio/db";
import { AppError } from "../errors";
import type { StudioScope } from "../scope";
import { addDays, dateKeyParts, daysBetween, daysInMonth, localParts, pickTimeZone } from "../time";

/** Today's civil date in the studio's zone (scope.now is the clock). */
export async function studioToday(db: DbOrTx, scope: StudioScope): Promise<string> {
  const [studio] = await db
    .select({ timezone: studios.timezone })
    .from(studios)
    .where(eq(studios.id, scope.studioId))
    .limit(1);
  return localParts(scope.now, pickTimeZone(studio?.timezone)).date;
}

const LAST_DATE = "9999-12-31";

/** The end date of a subscription starting on `start` (civil dates; months clamp to the month's last day). */
export function endDateOf(start: string, value: number, unit: DurationUnit): string {
  const tooLate = () => new AppError("BAD_REQUEST", `the subscription would end after ${LAST_DATE}`);
  if (unit === "DAYS") {
    if (value > daysBetween(start, LAST_DATE)) throw tooLate();
    return addDays(start, value);
  }
  const { y, m, d } = dateKeyParts(start);
  const months = m - 1 + value;
  const year = y + Math.floor(months / 12);
  if (year > 9999) throw tooLate();
  const month = (months % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
