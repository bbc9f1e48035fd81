import { OPEN_TASK_STATUSES } from "@studio/contracts";
import { clientCoaches, clients, tasks, type Db } from "@studio/db";
import { and, arrayContains, count, eq, inArray } from "drizzle-orm";
import type { StudioScope } from "../scope";
import { loadCoach } from "./coach-record";
import { liveTraineeOf } from "../clients/live-trainee";

/**
 * `GET /v1/web/coaches/:id/impact`: what a dismissal would move: open tasks (OPEN or SNOOZED)
 * listing the coach and non-deleted trainees assigned to the coach.
 */
export async function getCoachImpact(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<{ openTasks: number; clients: number }> {
  const { studioId } = scope;
  const { id } = input;
  const coach = await loadCoach(db, scope, id);
  const [[openTasks], [assigned]] = await Promise.all([
    db
      .select({ n: count() })
      .from(tasks)
      .where(
        and(
          eq(tasks.studioId, studioId),
          inArray(tasks.status, [...OPEN_TASK_STATUSES]),
          arrayContains(tasks.coachIds, [coach.id]),
        ),
      ),
    db
      .select({ n: count() })
      .from(clientCoaches)
      .innerJoin(clients, liveTraineeOf(scope, clientCoaches.clientId))
      .where(and(eq(clientCoaches.studioId, studioId), eq(clientCoaches.coachId, coach.id))),
  ]);
  return { openTasks: openTasks?.n ?? 0, clients: assigned?.n ?? 0 };
}
