import { eq } from "drizzle-orm";
import { PLAN_ACTIVATED_JOB, type NotificationType, type PlanActivatedPayload } from "@studio/contracts";
import { studios, type DbOrTx } from "@studio/db";
import { enqueueJobs } from "../enqueue-jobs";
import { notifyMany } from "../notifications/notify-many";
import type { StudioScope } from "../scope";
import { startWaitingSubscriptions } from "../subscriptions/activate-first-plan-subscriptions";

/** The activity row's type per program type (document 2 "assign"). */
export const ACTIVITY_TYPE_OF: Readonly<Record<string, string>> = {
  TRAINING: "TRAINING_PLAN",
  NUTRITION: "NUTRITION_PLAN",
  COMBINED: "TRAINING_AND_NUTRITION_PLAN",
};

/** The pushes an activated program sends: one per kind of plan it holds. */
export const PUSH_TYPES_OF: Readonly<Record<string, readonly NotificationType[]>> = {
  TRAINING: ["TRAINING_PLAN_ASSIGNED"],
  NUTRITION: ["NUTRITION_PLAN_ASSIGNED"],
  COMBINED: ["TRAINING_PLAN_ASSIGNED", "NUTRITION_PLAN_ASSIGNED"],
};

/** The trainee activity written on every assignment (held or not). */
export function assignmentActivity(
  scope: StudioScope,
  program: { id: string; clientId: string; type: string },
  template: { id: string; name: string },
) {
  return {
    studioId: scope.studioId,
    clientId: program.clientId,
    actor: "TRAINER",
    action: "ASSIGNED",
    entityType: "PROGRAM",
    entityId: program.id,
    type: ACTIVITY_TYPE_OF[program.type] ?? "TRAINING_AND_NUTRITION_PLAN",
    data: { templateId: template.id, templateName: template.name },
    createdAt: scope.now,
  };
}

/** {{plan}}: the display name, else the name. */
export const planVariable = (program: { name: string; displayName: string | null }) =>
  program.displayName?.trim() ? program.displayName : program.name;

/** {{coach}}: the calling coach's name, else the studio's name (jobs, owners without a Coach row). */
export async function coachVariable(db: DbOrTx, scope: StudioScope): Promise<string> {
  if (scope.actor.kind === "coach" && scope.actor.coachName) return scope.actor.coachName;
  const [studio] = await db
    .select({ name: studios.name })
    .from(studios)
    .where(eq(studios.id, scope.studioId))
    .limit(1);
  return studio?.name ?? "";
}

export interface ActivatedProgram {
  id: string;
  clientId: string;
  type: string;
  name: string;
  displayName: string | null;
  /** The program's start date (null: none sent; a waiting subscription starts today). */
  startDate: string | null;
}

/** The plan pushes of the programs, through ONE notifyMany (settings, mutes and push tokens honoured). */
async function notifyActivatedPrograms(
  tx: DbOrTx,
  scope: StudioScope,
  programs: readonly ActivatedProgram[],
): Promise<void> {
  const coach = await coachVariable(tx, scope);
  await notifyMany(
    tx,
    scope,
    programs.flatMap((program) =>
      (PUSH_TYPES_OF[program.type] ?? []).map((type) => ({
        clientId: program.clientId,
        type,
        variables: { plan: planVariable(program), coach },
        data: { programId: program.id },
      })),
    ),
  );
}

/**
 * What a program becoming ACTIVE causes (assignment without hold, release of a held one, bulk
 * assignment, the automation lane), in the caller's transaction: the trainees' subscriptions
 * waiting on the FIRST_PLAN trigger start from the program's start date (so the answer and every
 * read after it see them started), the plan pushes of every program through ONE notifyMany
 * (settings, mutes and push tokens honoured), and one plan-activated job per program (one
 * enqueue statement), whose handler repeats the start as a backstop (idempotent).
 * `notify: false` (the automation lane's flag) sends no push; the subscriptions start all the same.
 */
export async function announceActivatedPrograms(
  tx: DbOrTx,
  scope: StudioScope,
  programs: readonly ActivatedProgram[],
  options: { notify?: boolean } = {},
): Promise<void> {
  if (programs.length === 0) return;
  await startWaitingSubscriptions(tx, scope, programs);
  if (options.notify !== false) await notifyActivatedPrograms(tx, scope, programs);
  await enqueueJobs(
    scope.jobs,
    PLAN_ACTIVATED_JOB,
    programs.map(
      (program) =>
        ({
          studioId: scope.studioId,
          clientId: program.clientId,
          programId: program.id,
          requestId: scope.requestId,
        }) satisfies PlanActivatedPayload,
    ),
    { tx },
  );
}
