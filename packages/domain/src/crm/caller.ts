import type { CoachScope } from "../scope";

/** The actor written on notes and activities: the caller's Coach row, or nulls. */
export interface CrmActor {
  coachId: string | null;
  coachName: string | null;
}

/** The caller's Coach row as the scope resolved it (no query of its own). */
export const crmActorOf = (scope: CoachScope): CrmActor => ({
  coachId: scope.actor.access.coachId,
  coachName: scope.actor.coachName,
});
