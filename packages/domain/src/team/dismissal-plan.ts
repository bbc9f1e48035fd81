/**
 * The pure part of a dismissal (document 1 "DELETE /v1/web/coaches/:id", steps 2 and 4):
 * which tasks are reassigned or discarded and how each trainee's coach list changes. The
 * caller loads the rows and applies the plan in one transaction.
 */

export interface OpenTaskAssignees {
  id: string;
  coachIds: string[];
}

export interface TraineeCoachList {
  clientId: string;
  /** In list order (position). */
  coachIds: string[];
  primaryCoachId: string | null;
}

export interface DismissalPlanInput {
  coachId: string;
  /** Open tasks listing the coach, oldest first. */
  tasks: OpenTaskAssignees[];
  /** Trainees assigned to the coach, oldest first. */
  trainees: TraineeCoachList[];
  /** Replacement coaches (already cleaned), or null for discard. */
  taskReplacements: string[] | null;
  /** Replacement coaches (already cleaned), or null for unassign. */
  traineeReplacements: string[] | null;
}

export interface TraineeChange {
  clientId: string;
  /** The coach that takes the dismissed coach's place, when it was not listed already. */
  addedCoachId: string | null;
  coachIds: string[];
  primaryCoachId: string | null;
  primaryChanged: boolean;
}

export interface DismissalPlan {
  reassignedTasks: OpenTaskAssignees[];
  discardedTaskIds: string[];
  trainees: TraineeChange[];
  counters: {
    tasksReassigned: number;
    tasksDiscarded: number;
    clientsReassigned: number;
    clientsUnassigned: number;
  };
}

/**
 * Step 2: duplicates and the dismissed coach are removed, keeping the caller's order. An
 * empty result is the caller's VALIDATION (select at least one other team member).
 */
export function cleanReplacementIds(ids: readonly string[], dismissedCoachId: string): string[] {
  return [...new Set(ids)].filter((id) => id !== dismissedCoachId);
}

/** The dismissed coach swapped for `replacement` in place (or removed), without duplicates. */
export function swapCoach(list: readonly string[], dismissed: string, replacement: string | null): string[] {
  const swapped = list.flatMap((id) =>
    id === dismissed ? (replacement === null ? [] : [replacement]) : [id],
  );
  return [...new Set(swapped)];
}

/** Round-robin by index over the replacement list; null (discard/unassign) removes the coach. */
const replacementAt = (replacements: string[] | null, index: number) =>
  replacements && replacements.length > 0 ? replacements[index % replacements.length]! : null;

export function planDismissal(input: DismissalPlanInput): DismissalPlan {
  const reassignedTasks: OpenTaskAssignees[] = [];
  const discardedTaskIds: string[] = [];
  input.tasks.forEach((task, index) => {
    const coachIds = swapCoach(task.coachIds, input.coachId, replacementAt(input.taskReplacements, index));
    // A task left with no assignee is discarded; a shared task keeps its other assignees.
    if (coachIds.length === 0) discardedTaskIds.push(task.id);
    else reassignedTasks.push({ id: task.id, coachIds });
  });

  const trainees = input.trainees.map((trainee, index): TraineeChange => {
    const replacement = replacementAt(input.traineeReplacements, index);
    const coachIds = swapCoach(trainee.coachIds, input.coachId, replacement);
    const addedCoachId = replacement !== null && !trainee.coachIds.includes(replacement) ? replacement : null;
    // The primary coach is kept when still listed, else the first remaining coach, else null.
    const primaryCoachId =
      trainee.primaryCoachId !== null && coachIds.includes(trainee.primaryCoachId)
        ? trainee.primaryCoachId
        : (coachIds[0] ?? null);
    return {
      clientId: trainee.clientId,
      addedCoachId,
      coachIds,
      primaryCoachId,
      primaryChanged: primaryCoachId !== trainee.primaryCoachId,
    };
  });

  const clientsUnassigned = trainees.filter((t) => t.coachIds.length === 0).length;
  return {
    reassignedTasks,
    discardedTaskIds,
    trainees,
    counters: {
      tasksReassigned: reassignedTasks.length,
      tasksDiscarded: discardedTaskIds.length,
      clientsReassigned: trainees.length - clientsUnassigned,
      clientsUnassigned,
    },
  };
}
