import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { WebRole } from "@studio/contracts";
import {
  AppError,
  resolveWebCaller,
  type ApiKeyScope,
  type CoachScope,
  type ScopeBase,
  type ServiceScope,
  type TraineeScope,
  type TraineeSignInScope,
  type WaitlistScope,
  type WebhookScope,
} from "@studio/domain";
import type { LaneAuth, RequestContext } from "./context";

/**
 * Route metadata: trpc-to-openapi's `openapi` block plus the HTTP status of a success. The
 * automation envelope's message is `automationMessage`, or what `automationMessageOf` answers
 * for the data when the message depends on the outcome (created or existing, found or not).
 */
export type RouteMeta = OpenApiMeta<{
  successStatus?: number;
  automationMessage?: string;
  automationMessageOf?: (data: never) => string;
}>;

const t = initTRPC.context<RequestContext>().meta<RouteMeta>().create();

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure;

type AuthOf<L extends LaneAuth["lane"]> = Extract<LaneAuth, { lane: L }>;

const refuseLane = () =>
  new TRPCError({ code: "UNAUTHORIZED", cause: new AppError("UNAUTHORIZED", "authentication required") });

/**
 * A lane's procedure with its scope: narrows ctx.auth to the lane (its Hono guard has already
 * proved the credential) and builds the scope, in ONE middleware because
 * every tRPC middleware step copies the context (a measured share of a small request, issue 16).
 */
const scopedProcedure = <L extends LaneAuth["lane"], S>(
  lanes: L[],
  scopeOf: (ctx: RequestContext & { auth: AuthOf<L> }) => S | Promise<S>,
) =>
  t.procedure.use(async ({ ctx, next }) => {
    if (!lanes.includes(ctx.auth.lane as L)) throw refuseLane();
    const laneCtx = ctx as RequestContext & { auth: AuthOf<L> };
    return next({ ctx: { auth: laneCtx.auth, scope: await scopeOf(laneCtx) } });
  });

/**
 * The part of every scope that does not depend on the lane: request id, clock, logger, jobs.
 * The request's child logger is made on first use (most requests never log from the domain).
 */
const scopeBase = (ctx: RequestContext): ScopeBase => {
  let logger: ScopeBase["logger"] | undefined;
  return {
    requestId: ctx.requestId,
    now: ctx.deps.now(),
    get logger() {
      return (logger ??= ctx.deps.logger.child({ requestId: ctx.requestId }));
    },
    jobs: ctx.deps.jobs,
    model: ctx.deps.model ?? null,
    webPages: ctx.deps.webPages ?? null,
    storage: ctx.deps.storage ?? null,
    appWebUrl: ctx.deps.config.appWebUrl,
  };
};

/** scopeBase plus the lane's fields (Object.assign keeps the lazy logger getter; a spread would call it). */
const scopeWith = <S extends ScopeBase>(ctx: RequestContext, fields: Omit<S, keyof ScopeBase>): S =>
  Object.assign(scopeBase(ctx), fields) as S;

/**
 * Builds the web scope once per request. The dismissed-member rule of document 1 ("a Coach
 * with active false is refused with 403") is decided here, so every web route applies it alike.
 */
export const coachScopeOf = async (
  ctx: RequestContext & { auth: AuthOf<"web" | "bearer"> },
): Promise<CoachScope> => {
  const { actor, studio } = await resolveWebCaller(ctx.db, ctx.auth);
  return scopeWith<CoachScope>(ctx, { studioId: ctx.auth.studioId, actor, studio });
};

/**
 * /v1/web: signature + user context; `ctx.scope` is a CoachScope. The bearer lane (a coach's
 * session, document 1) mounts the same procedures under /v1/studios and /v1/clients
 * (lanes/bearer.ts), so they accept both lanes' coach auth.
 */
export const webProcedure = scopedProcedure(["web", "bearer"], coachScopeOf);

/**
 * requireRole of document 1: 401 when no web auth exists, 403 "insufficient role" when the
 * caller's role is not listed (checked before the member lookup, so a refused role never costs it).
 */
export const requireRole = (...roles: WebRole[]) =>
  scopedProcedure(["web", "bearer"], (ctx) => {
    if (!roles.includes(ctx.auth.role)) throw new AppError("FORBIDDEN", "insufficient role");
    return coachScopeOf(ctx);
  });

/** /v1/internal, /v1/admin: the web app server, no user and no studio. */
export const internalProcedure = scopedProcedure(["internal"], (ctx) =>
  scopeWith<ServiceScope>(ctx, {
    actor: { kind: "service", serviceId: ctx.auth.serviceId },
  }),
);

/** The trainee lane's scope (procedures and raw routes alike). */
export const traineeScopeOf = (ctx: RequestContext & { auth: AuthOf<"trainee"> }): TraineeScope =>
  scopeWith<TraineeScope>(ctx, {
    studioId: ctx.auth.studioId,
    actor: {
      kind: "trainee",
      clientId: ctx.auth.clientId,
      preview: ctx.auth.preview,
      ...(ctx.auth.timezone ? { timezone: ctx.auth.timezone } : {}),
    },
  });

/** /v1/trainee: the trainee token; `ctx.scope` is a TraineeScope. */
export const traineeProcedure = scopedProcedure(["trainee"], traineeScopeOf);

/**
 * /v1/trainee/auth/*: no credential (a public path); `ctx.scope` is a TraineeSignInScope with
 * the visitor's address (throttles), the code store, the signing secret and how codes leave.
 */
export const traineeSignInProcedure = scopedProcedure(["public"], (ctx) =>
  scopeWith<TraineeSignInScope>(ctx, {
    actor: { kind: "visitor", ip: ctx.auth.clientIp ?? "unknown" },
    signIn: {
      kv: ctx.deps.kv,
      secret: ctx.deps.config.sessionSigningSecret,
      devMode: ctx.deps.config.otpDevMode,
      chatConfigured: ctx.deps.config.chat !== undefined,
    },
  }),
);

/** /v1/partner, /v1/automation: a studio API key; `ctx.scope` is an ApiKeyScope. */
export const apiKeyProcedure = scopedProcedure(["partner", "automation"], (ctx) =>
  scopeWith<ApiKeyScope>(ctx, {
    studioId: ctx.auth.studioId,
    actor: {
      kind: "apiKey",
      apiKeyId: ctx.auth.apiKeyId,
      studioName: ctx.auth.studioName,
      ...(ctx.auth.via ? { via: ctx.auth.via } : {}),
    },
  }),
);

/**
 * /v1/whatsapp/webhook/:studioId, /v1/agent/webhook: the token query parameter (the lane guard);
 * `ctx.scope` is a WebhookScope with no studio (the WhatsApp route names its studio in the path)
 * and the agent's settings: on only with a model key (LLM_BASE_URL and LLM_API_KEY) and a chat
 * provider (WHATSAPP_*); AGENT_PILOT_PHONES; AGENT_DEBOUNCE_SECONDS.
 */
export const webhookProcedure = scopedProcedure(["webhook"], (ctx) => {
  const { config } = ctx.deps;
  return scopeWith<WebhookScope>(ctx, {
    actor: { kind: "webhook" },
    agent: {
      enabled: Boolean(ctx.deps.model && config.llm?.apiKey && config.chat),
      pilotPhones: config.agent.pilotPhones,
      debounceSeconds: config.agent.debounceSeconds,
    },
  });
});

/** POST /v1/public/waitlist-leads: an anonymous visitor; leads are forwarded when WAITLIST_FORWARD_URL is set. */
export const waitlistProcedure = scopedProcedure(["public"], (ctx) =>
  scopeWith<WaitlistScope>(ctx, {
    actor: { kind: "visitor", ip: ctx.auth.clientIp ?? "unknown" },
    waitlist: {
      forwardConfigured: ctx.deps.config.waitlistForwardUrl !== undefined,
      kv: ctx.deps.kv,
      perAddressLimit: ctx.deps.config.waitlistRateLimit,
    },
  }),
);

export const publicProcedure = t.procedure;
