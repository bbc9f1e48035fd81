import { resolveCoachAccess, type TraineeActor } from "@studio/domain";
import type { WebRole } from "@studio/contracts";
import type { RequestContext } from "../context";
import { requireRole, webProcedure } from "../trpc";

type WebCtx = RequestContext & { auth: { lane: "web"; studioId: string; userId: string; role: WebRole } };

/** Coach access of the caller (document 1 "Roles and coach access") as the trainee actor. */
async function traineeActorOf(ctx: WebCtx): Promise<TraineeActor> {
  return { studioId: ctx.auth.studioId, access: await resolveCoachAccess(ctx.deps.database.db, ctx.auth) };
}

/**
 * Web procedures that reach trainees (clients, tasks): a removed coach is refused (403) and
 * a coach limited to assigned trainees gets `ctx.actor.access` of kind assigned, which every
 * trainee query of the domain honours.
 */
export const traineeScopedProcedure = webProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { actor: await traineeActorOf(ctx) } }),
);

/** The same, for routes restricted to OWNER or HEAD_COACH. */
export const headTraineeScopedProcedure = requireRole("OWNER", "HEAD_COACH").use(async ({ ctx, next }) =>
  next({ ctx: { actor: await traineeActorOf(ctx) } }),
);

/**
 * OWNER or HEAD_COACH routes that change the team or the studio (coach create, impact,
 * PATCH, DELETE, studio settings): "a row with active false grants nothing", so a dismissed
 * member is refused with 403 "this team member has been removed" after the role guard (a
 * dismissed HEAD_COACH could otherwise reactivate their own row, which owner protection
 * step 1 always allows). OWNER keeps full access.
 */
export const activeHeadProcedure = requireRole("OWNER", "HEAD_COACH").use(async ({ ctx, next }) => {
  await resolveCoachAccess(ctx.deps.database.db, ctx.auth);
  return next();
});
