import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { WebRole } from "@studio/contracts";
import { AppError } from "@studio/domain";
import type { LaneAuth, RequestContext } from "./context";

/** Route metadata: trpc-to-openapi's `openapi` block plus the HTTP status of a success. */
export type RouteMeta = OpenApiMeta<{ successStatus?: number; automationMessage?: string }>;

const t = initTRPC.context<RequestContext>().meta<RouteMeta>().create();

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure;

type AuthOf<L extends LaneAuth["lane"]> = Extract<LaneAuth, { lane: L }>;

/** Narrows ctx.auth to one lane; the lane's Hono guard has already proved the credential. */
const laneProcedure = <L extends LaneAuth["lane"]>(...lanes: L[]) =>
  t.procedure.use(({ ctx, next }) => {
    if (!lanes.includes(ctx.auth.lane as L)) {
      throw new TRPCError({
        code: "UNAUTHORIZED",
        cause: new AppError("UNAUTHORIZED", "authentication required"),
      });
    }
    return next({ ctx: { ...ctx, auth: ctx.auth as AuthOf<L> } });
  });

export const webProcedure = laneProcedure("web");
export const internalProcedure = laneProcedure("internal");
export const traineeProcedure = laneProcedure("trainee");
export const apiKeyProcedure = laneProcedure("partner", "automation");
export const publicProcedure = t.procedure;

/**
 * requireRole of document 1: 401 when no web auth exists, 403 "insufficient role" when the
 * caller's role is not listed.
 */
export const requireRole = (...roles: WebRole[]) =>
  webProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.auth.role)) throw new AppError("FORBIDDEN", "insufficient role");
    return next();
  });
