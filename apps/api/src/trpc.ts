import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { WebRole } from "@studio/contracts";
import {
  AppError,
  resolveCoachActor,
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

/** The part of every scope that does not depend on the lane: request id, clock, logger, jobs. */
const scopeBase = (ctx: RequestContext): ScopeBase => ({
  requestId: ctx.requestId,
  now: ctx.deps.now(),
  logger: ctx.deps.logger.child({ requestId: ctx.requestId }),
  jobs: ctx.deps.jobs,
  model: ctx.deps.model ?? null,
  webPages: ctx.deps.webPages ?? null,
  storage: ctx.deps.storage ?? null,
  appWebUrl: ctx.deps.config.appWebUrl,
});

const webLane = laneProcedure("web");

/**
 * Builds the web scope once per request. The dismissed-member rule of document 1 ("a Coach
 * with active false is refused with 403") is decided here, so every web route applies it alike.
 */
export const coachScopeOf = async (ctx: RequestContext & { auth: AuthOf<"web"> }): Promise<CoachScope> => ({
  ...scopeBase(ctx),
  studioId: ctx.auth.studioId,
  actor: await resolveCoachActor(ctx.db, ctx.auth),
});

/** /v1/web: signature + user context; `ctx.scope` is a CoachScope. */
export const webProcedure = webLane.use(async ({ ctx, next }) =>
  next({ ctx: { scope: await coachScopeOf(ctx) } }),
);

/**
 * requireRole of document 1: 401 when no web auth exists, 403 "insufficient role" when the
 * caller's role is not listed (checked before the member lookup, so a refused role never costs it).
 */
export const requireRole = (...roles: WebRole[]) =>
  webLane
    .use(({ ctx, next }) => {
      if (!roles.includes(ctx.auth.role)) throw new AppError("FORBIDDEN", "insufficient role");
      return next();
    })
    .use(async ({ ctx, next }) => next({ ctx: { scope: await coachScopeOf(ctx) } }));

/** /v1/internal, /v1/admin: the web app server, no user and no studio. */
export const internalProcedure = laneProcedure("internal").use(({ ctx, next }) => {
  const scope: ServiceScope = {
    ...scopeBase(ctx),
    actor: { kind: "service", serviceId: ctx.auth.serviceId },
  };
  return next({ ctx: { scope } });
});

/** /v1/trainee: the trainee token; `ctx.scope` is a TraineeScope. */
export const traineeProcedure = laneProcedure("trainee").use(({ ctx, next }) => {
  const scope: TraineeScope = {
    ...scopeBase(ctx),
    studioId: ctx.auth.studioId,
    actor: {
      kind: "trainee",
      clientId: ctx.auth.clientId,
      preview: ctx.auth.preview,
      ...(ctx.auth.timezone ? { timezone: ctx.auth.timezone } : {}),
    },
  };
  return next({ ctx: { scope } });
});

/**
 * /v1/trainee/auth/*: no credential (a public path); `ctx.scope` is a TraineeSignInScope with
 * the visitor's address (throttles), the code store, the signing secret and how codes leave.
 */
export const traineeSignInProcedure = laneProcedure("public").use(({ ctx, next }) => {
  const scope: TraineeSignInScope = {
    ...scopeBase(ctx),
    actor: { kind: "visitor", ip: ctx.auth.clientIp ?? "unknown" },
    signIn: {
      kv: ctx.deps.kv,
      secret: ctx.deps.config.sessionSigningSecret,
      devMode: ctx.deps.config.otpDevMode,
      chatConfigured: ctx.deps.config.chat !== undefined,
    },
  };
  return next({ ctx: { scope } });
});

/** /v1/partner, /v1/automation: a studio API key; `ctx.scope` is an ApiKeyScope. */
export const apiKeyProcedure = laneProcedure("partner", "automation").use(({ ctx, next }) => {
  const scope: ApiKeyScope = {
    ...scopeBase(ctx),
    studioId: ctx.auth.studioId,
    actor: { kind: "apiKey", apiKeyId: ctx.auth.apiKeyId, studioName: ctx.auth.studioName },
  };
  return next({ ctx: { scope } });
});

/**
 * /v1/whatsapp/webhook/:studioId, /v1/agent/webhook: the token query parameter (the lane guard);
 * `ctx.scope` is a WebhookScope with no studio (the WhatsApp route names its studio in the path)
 * and the agent's settings: on only with a model key (LLM_BASE_URL and LLM_API_KEY) and a chat
 * provider (WHATSAPP_*); AGENT_PILOT_PHONES; AGENT_DEBOUNCE_SECONDS.
 */
export const webhookProcedure = laneProcedure("webhook").use(({ ctx, next }) => {
  const { config } = ctx.deps;
  const scope: WebhookScope = {
    ...scopeBase(ctx),
    actor: { kind: "webhook" },
    agent: {
      enabled: Boolean(ctx.deps.model && config.llm?.apiKey && config.chat),
      pilotPhones: config.agent.pilotPhones,
      debounceSeconds: config.agent.debounceSeconds,
    },
  };
  return next({ ctx: { scope } });
});

/** POST /v1/public/waitlist-leads: an anonymous visitor; leads are forwarded when WAITLIST_FORWARD_URL is set. */
export const waitlistProcedure = laneProcedure("public").use(({ ctx, next }) => {
  const scope: WaitlistScope = {
    ...scopeBase(ctx),
    actor: { kind: "visitor", ip: ctx.auth.clientIp ?? "unknown" },
    waitlist: {
      forwardConfigured: ctx.deps.config.waitlistForwardUrl !== undefined,
      kv: ctx.deps.kv,
      perAddressLimit: ctx.deps.config.waitlistRateLimit,
    },
  };
  return next({ ctx: { scope } });
});

export const publicProcedure = t.procedure;
