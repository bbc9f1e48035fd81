import { and, eq, isNull, lt, or } from "drizzle-orm";
import { coaches, type Db } from "@studio/db";

export const COACH_ACTIVITY_STAMP_INTERVAL_MS = 5 * 60_000;

/**
 * Stamps lastActiveAt unless it was stamped within the last 5 minutes. The condition lives
 * in SQL so replicas sharing one database still write at most once per interval.
 */
export async function touchCoachActivity(db: Db, input: { studioId: string; userId: string; now: Date }) {
  const threshold = new Date(input.now.getTime() - COACH_ACTIVITY_STAMP_INTERVAL_MS);
  await db
    .update(coaches)
    .set({ lastActiveAt: input.now })
    .where(
      and(
        eq(coaches.studioId, input.studioId),
        eq(coaches.externalUserId, input.userId),
        or(isNull(coaches.lastActiveAt), lt(coaches.lastActiveAt, threshold)),
      ),
    );
}
