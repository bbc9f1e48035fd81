import type { DatabaseHandle } from "@studio/db";
import type { DomainPorts, LanguageModel } from "@studio/domain";
import type { Logger } from "@studio/observability";
import type { WorkerServices } from "./job-registry";
import { DEFAULT_PUSH_API_URL } from "@studio/config";
import { loggingPorts } from "@studio/providers";
import { createExpoPushClient } from "@studio/providers/push";
import { createJobQueue, type JobQueue, type JobQueueOptions } from "./queue";

/**
 * The job queue as the API and the worker process run it: the built-in jobs with their
 * services wired (the push provider client, the mail and chat ports, and the queue itself for
 * jobs that enqueue). Mail defaults to a stand-in that only logs (no provider yet); chat too, unless
 * the caller passes the WhatsApp Cloud client (WHATSAPP_*, @studio/providers/chat).
 */
export function createWiredJobQueue(
  database: DatabaseHandle,
  options: {
    logger: Logger;
    now: () => Date;
    pushApiUrl?: string;
    /** Mail and chat providers; tests pass recording or failing ones. */
    ports?: Partial<DomainPorts>;
    workerId?: string;
    queue?: JobQueueOptions;
    /** WEBHOOK_ALLOW_LOOPBACK=1: webhook deliveries may reach loopback targets (tests only). */
    webhookAllowLoopback?: boolean;
    /** WEBHOOK_DELIVERIES_PER_STUDIO: one studio's deliveries in flight at once, across workers (default 4). */
    webhookDeliveriesPerStudio?: number;
    /** SESSION_SIGNING_SECRET (the API's): sign-in codes travel sealed under it. */
    sessionSigningSecret?: string;
    /** LLM_*: the agent's replies (agent-reply); absent: they are not sent. */
    model?: LanguageModel | null;
    /** WAITLIST_FORWARD_URL: waitlist leads are forwarded there (forward-waitlist-lead). */
    waitlistForwardUrl?: string;
    /** SCHEDULER_GRACE_MINUTES in ms: how late the scheduler still does missed work (default 3 h). */
    schedulerGraceMs?: number;
  },
): JobQueue {
  const ports = { ...loggingPorts(options.logger), ...options.ports };
  const services: WorkerServices = {
    push: createExpoPushClient({ url: options.pushApiUrl ?? DEFAULT_PUSH_API_URL }),
    mailer: ports.mailer,
    chat: ports.chat,
    webhooks: {
      allowLoopback: options.webhookAllowLoopback === true,
      ...(options.webhookDeliveriesPerStudio !== undefined && {
        perStudio: options.webhookDeliveriesPerStudio,
      }),
    },
    sessionSigningSecret: options.sessionSigningSecret,
    model: options.model ?? null,
    chatConfigured: options.ports?.chat !== undefined,
    waitlistForwardUrl: options.waitlistForwardUrl,
    ...(options.schedulerGraceMs !== undefined && { scheduler: { graceMs: options.schedulerGraceMs } }),
  };
  const queue = createJobQueue(
    database,
    { database, logger: options.logger, now: options.now, workerId: options.workerId, services },
    options.queue,
  );
  services.jobs = queue;
  return queue;
}
