import { hostname } from "node:os";
import type { DatabaseHandle } from "@studio/db";
import type { ChatMessenger, JobEnqueuer, LanguageModel, Mailer, PushClient } from "@studio/domain";
import type { Logger } from "@studio/observability";
import type { z } from "zod";

/** What every job handler receives besides its payload. */
export interface WorkerDeps {
  database: DatabaseHandle;
  logger: Logger;
  now: () => Date;
  /** Identifies this process in worker_heartbeats; defaults to `hostname:pid`. */
  workerId?: string;
  /** Outbound services jobs use; each job says what it needs when one is missing. */
  services?: WorkerServices;
}

/**
 * The provider clients (absent = not configured) and the queue itself (jobs that enqueue jobs).
 * Only job handlers call them: a request enqueues, it never sends.
 */
export interface WorkerServices {
  push?: PushClient;
  mailer?: Mailer;
  chat?: ChatMessenger;
  jobs?: JobEnqueuer;
  /** SESSION_SIGNING_SECRET: opens the sealed sign-in codes of send-trainee-sign-in-code. */
  sessionSigningSecret?: string;
  /**
   * Outbound webhooks: allowLoopback mirrors WEBHOOK_ALLOW_LOOPBACK=1 (refused in production);
   * perStudio (WEBHOOK_DELIVERIES_PER_STUDIO) caps one studio's deliveries in flight across workers.
   */
  webhooks?: { allowLoopback?: boolean; perStudio?: number };
  /** The language model (LLM_*) of the agent's replies; absent: agent-reply sends nothing. */
  model?: LanguageModel | null;
  /** A real chat provider is wired (not the logging stand-in): agent-reply sends only then. */
  chatConfigured?: boolean;
  /** WAITLIST_FORWARD_URL: where forward-waitlist-lead posts leads; absent: nothing is forwarded. */
  waitlistForwardUrl?: string;
  /** SCHEDULER_GRACE_MINUTES: how late the scheduler still does missed work (default 3 h). */
  scheduler?: { graceMs?: number };
}

/** pg-boss 10 queue policies; "standard" unless a job needs singleton semantics. */
export type JobQueuePolicy = "standard" | "short" | "singleton" | "stately";

/** Facts about the delivery, for logging and idempotency keys. */
export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first attempt, then 1, 2, ... up to retryLimit. */
  retryCount: number;
  /** How many attempts of this job this process runs at once (its concurrency here). */
  concurrency?: number;
}

/**
 * Thrown by a handler that must not run yet (e.g. a per-studio cap is full): the attempt is handed
 * back untouched — same job id, same attempt count, no retry spent, nothing logged as a failure —
 * and the job is due again `seconds` from now, behind jobs that were never deferred.
 */
export class JobDeferral extends Error {
  constructor(
    readonly seconds: number,
    readonly reason: string,
  ) {
    super(`job deferred ${seconds} s: ${reason}`);
    this.name = "JobDeferral";
  }
}

export interface JobDefinition<
  TName extends string = string,
  TSchema extends z.ZodType<object> = z.ZodType<object>,
> {
  /** Queue name: letters, digits, `_`, `-`, `.`. */
  name: TName;
  /** Validated on enqueue (input type) and again before the handler runs (output type). */
  payload: TSchema;
  /** Retries after the first attempt; the job ends `failed` after retryLimit + 1 attempts. */
  retryLimit: number;
  /** Base delay in whole seconds; with backoff the n-th retry waits about retryDelaySec * 2^(n-1) (plus jitter). */
  retryDelaySec: number;
  retryBackoff: boolean;
  /** Handler time limit (pg-boss default 15 minutes, maximum 24 hours). */
  expireInSeconds?: number;
  /** Queue policy; singletonKey only de-duplicates under "short", "singleton" or "stately". */
  policy?: JobQueuePolicy;
  /** Number of pollers for this queue in one process (default 1). */
  concurrency?: number;
  /** Repeating job: pg-boss turns this cron into one job per tick, once across all workers. */
  schedule?: { cron: string; tz?: string; payload: z.input<TSchema> };
  /**
   * Single-statement, idempotent SQL the job needs before it can run (run by JobQueue.start()).
   * Interim: such tables move into Drizzle migrations.
   */
  setupSql?: readonly string[];
  /** Throwing (or rejecting) fails the attempt; it is retried per the policy above. */
  handler(payload: z.output<TSchema>, deps: WorkerDeps, job: JobContext): Promise<void>;
}

export type AnyJobDefinition = JobDefinition<string, z.ZodType<object>>;

export type JobName<TJob extends AnyJobDefinition> = TJob["name"];

/** What enqueue accepts for job `TName` (the schema's input type). */
export type JobPayload<TJob extends AnyJobDefinition, TName extends JobName<TJob>> = z.input<
  Extract<TJob, { name: TName }>["payload"]
>;

const JOB_NAME = /^[A-Za-z0-9_.-]+$/;
const MAX_EXPIRE_SECONDS = 24 * 60 * 60 - 1;

/** Declares a job; checks the retry settings pg-boss would otherwise reject at send time. */
export function defineJob<const TName extends string, TSchema extends z.ZodType<object>>(
  definition: JobDefinition<TName, TSchema>,
): JobDefinition<TName, TSchema> {
  const { name, retryLimit, retryDelaySec, expireInSeconds, concurrency } = definition;
  if (!JOB_NAME.test(name))
    throw new Error(`job name "${name}" may only contain letters, digits, "_", "-" and "."`);
  if (!Number.isInteger(retryLimit) || retryLimit < 0)
    throw new Error(`job "${name}": retryLimit must be an integer >= 0`);
  if (!Number.isInteger(retryDelaySec) || retryDelaySec < 0) {
    throw new Error(`job "${name}": retryDelaySec must be an integer >= 0`);
  }
  if (
    expireInSeconds !== undefined &&
    (!Number.isInteger(expireInSeconds) || expireInSeconds < 1 || expireInSeconds > MAX_EXPIRE_SECONDS)
  ) {
    throw new Error(`job "${name}": expireInSeconds must be an integer between 1 and ${MAX_EXPIRE_SECONDS}`);
  }
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1)) {
    throw new Error(`job "${name}": concurrency must be an integer >= 1`);
  }
  if (definition.schedule) definition.payload.parse(definition.schedule.payload);
  return Object.freeze({ ...definition });
}

export interface JobRegistry<TJob extends AnyJobDefinition = AnyJobDefinition> {
  get(name: string): TJob | undefined;
  list(): readonly TJob[];
}

export function createJobRegistry<const TJobs extends readonly AnyJobDefinition[]>(
  jobs: TJobs,
): JobRegistry<TJobs[number]> {
  const byName = new Map<string, TJobs[number]>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`job "${job.name}" is defined twice`);
    byName.set(job.name, job);
  }
  const list = Object.freeze([...jobs]);
  return { get: (name) => byName.get(name), list: () => list };
}

export function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}`;
}
