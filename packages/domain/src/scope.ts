import type { Permissions, WebRole } from "@studio/contracts";
import type { DbOrTx, studios } from "@studio/db";
import type { Logger } from "@studio/observability";
import type { LanguageModel, WebPageReader } from "./ports";
import type { ObjectStorage } from "./ports";
import type { StudioRecordRow } from "./studio/studio-record";

/**
 * Enqueues a job in the caller's transaction (the job exists if and only if the write that
 * causes it commits). packages/jobs implements it; domain code names the job and its payload.
 */
export interface JobEnqueuer {
  enqueue(
    name: string,
    payload: object,
    options: { tx: DbOrTx; startAfter?: Date | number; singletonKey?: string },
  ): Promise<unknown>;
  /** Many jobs of one name in one statement (enqueueJobs falls back to enqueue per job without it). */
  enqueueMany?(name: string, payloads: readonly object[], options: { tx: DbOrTx }): Promise<unknown>;
}

/**
 * What a web caller may reach. `assigned` limits trainee reads and writes to their own trainees.
 * Declared here (types only) so the scope depends on no query module; team/coach-access.ts resolves it.
 */
export type CoachAccess =
  | { kind: "studio"; coachId: string | null; permissions: Permissions }
  | { kind: "assigned"; coachId: string; permissions: Permissions };

/** A web caller (coach app server): the user, their role, and what they may reach. */
export interface CoachActor {
  kind: "coach";
  userId: string;
  role: WebRole;
  /** Resolved once per request (document 1 "Roles and coach access"); a removed member never gets here. */
  access: CoachAccess;
  /** The caller's Coach row name, written on CRM notes and activities. */
  coachName: string | null;
}

/** A trainee of the mobile app (preview tokens may only read). */
export interface TraineeActor {
  kind: "trainee";
  clientId: string;
  preview: boolean;
  /** The request's valid x-timezone (never on previews); trainee days follow it first (day-keys.ts). */
  timezone?: string;
}

/** An automation tool or partner holding a studio API key. */
export interface ApiKeyActor {
  kind: "apiKey";
  apiKeyId: string;
  studioName: string;
  /** model_tool: the call came through the model-tool endpoint (audit entries name it as actor). */
  via?: "model_tool";
}

/** The web app server on the internal/admin lanes (no user context). */
export interface ServiceActor {
  kind: "service";
  serviceId: string;
}

/** A background job acting for a studio. */
export interface JobActor {
  kind: "job";
  job: string;
}

/** What every domain operation receives besides its db handle and input. */
export interface ScopeBase {
  /** Request id (or job id): ties log lines and audit rows to one call. */
  requestId: string;
  /** The one clock of the call: domain code never calls `new Date()`. */
  now: Date;
  logger: Logger;
  /** Side effects (push, mail, chat, webhooks) leave through the transactional job queue. */
  jobs: JobEnqueuer;
  /** The language model; null or absent when LLM_BASE_URL is unset (model features answer 503). */
  model?: LanguageModel | null;
  /** Reads links under the outbound target checks (recipe drafts). */
  webPages?: WebPageReader | null;
  /** Object storage for media uploads; null or absent when not configured (media answers INTERNAL). */
  storage?: ObjectStorage | null;
  /** APP_WEB_URL, the base of signing links (`<appWebUrl>/sign/<token>`); absent: http://localhost:3000. */
  appWebUrl?: string | null;
}

/**
 * The studio columns the web caller's statement reads: what `GET /v1/web/studio` answers and the
 * CRM board's cache version. Only these: every further column was decoded on every web request
 * (timestamps parsed into Dates) and read by nothing (issue 30 profile).
 */
export type WebCallerStudio = StudioRecordRow & Pick<typeof studios.$inferSelect, "crmBoardVersion">;

/** A call scoped to one studio (the tenant): every query filters by `studioId`. */
export interface StudioScope<A extends StudioActor = StudioActor> extends ScopeBase {
  studioId: string;
  actor: A;
  /**
   * The studio's row as the web lane read it with the caller's Coach row (one statement per
   * request, issue 16): a read-only snapshot taken at the start of the request. Absent on the
   * other lanes and in jobs; never a basis for a write.
   */
  studio?: WebCallerStudio;
}

export type StudioActor = CoachActor | TraineeActor | ApiKeyActor | JobActor;
export type CoachScope = StudioScope<CoachActor>;
export type TraineeScope = StudioScope<TraineeActor>;
export type ApiKeyScope = StudioScope<ApiKeyActor>;
export type JobScope = StudioScope<JobActor>;

/** The internal/admin lanes: platform-wide operations, no studio. */
export interface ServiceScope extends ScopeBase {
  actor: ServiceActor;
}

/** Coach access of any studio scope: a coach's own, everyone else studio-wide. */
export const accessOf = (scope: StudioScope): CoachAccess | undefined =>
  scope.actor.kind === "coach" ? scope.actor.access : undefined;
