import { and, eq } from "drizzle-orm";
import { coaches, type DbOrTx } from "@studio/db";

/** Where a failed side write (an activity) is reported; the API passes its logger. */
export interface CrmLogger {
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Who calls a CRM operation: the web caller's studio and user, the clock, and a logger. */
export interface CrmCaller {
  studioId: string;
  userId: string;
  now: Date;
  logger?: CrmLogger;
}

/** The actor written on notes and activities: the caller's Coach row, or nulls. */
export interface CrmActor {
  coachId: string | null;
  coachName: string | null;
}

export async function resolveCrmActor(
  db: DbOrTx,
  caller: Pick<CrmCaller, "studioId" | "userId">,
): Promise<CrmActor> {
  const [row] = await db
    .select({ id: coaches.id, name: coaches.name })
    .from(coaches)
    .where(and(eq(coaches.studioId, caller.studioId), eq(coaches.externalUserId, caller.userId)))
    .limit(1);
  return { coachId: row?.id ?? null, coachName: row?.name ?? null };
}
