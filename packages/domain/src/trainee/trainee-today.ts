import { eq } from "drizzle-orm";
import { clients, studios, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { todayKey } from "../time/day-keys";
import { pickTimeZone } from "../time/zoned-time";
import { signedInTrainee } from "./signed-in-trainee";

/** The zone the signed-in trainee's days are keyed in, and today's key there. */
export interface TraineeToday {
  zone: string;
  today: string;
}

/**
 * Loads the signed-in trainee (NOT_FOUND trainee not found when deleted or of another studio)
 * and resolves its day zone (document 3 "Daily metric and logs"): the request's x-timezone, the
 * trainee's stored zone, the studio's, then Asia/Jerusalem.
 */
export async function loadTraineeToday(db: DbOrTx, scope: TraineeScope): Promise<TraineeToday> {
  const [row] = await db
    .select({ timezone: clients.timezone, studioTimezone: studios.timezone })
    .from(clients)
    .innerJoin(studios, eq(studios.id, clients.studioId))
    .where(signedInTrainee(scope))
    .limit(1);
  if (!row) throw notFound("trainee");
  const zone = pickTimeZone(scope.actor.timezone, row.timezone, row.studioTimezone);
  return { zone, today: todayKey(scope.now, zone) };
}
