import type { CrmCaller } from "@studio/domain";
import type { AppDeps } from "../../context";

/** The CRM caller of a web request: studio, user (for the actor's Coach row), clock and logger. */
export const crmCaller = (ctx: { auth: { studioId: string; userId: string }; deps: AppDeps }): CrmCaller => ({
  studioId: ctx.auth.studioId,
  userId: ctx.auth.userId,
  now: ctx.deps.now(),
  logger: ctx.deps.logger,
});
