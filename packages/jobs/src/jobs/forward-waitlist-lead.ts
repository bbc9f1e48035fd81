import { FORWARD_WAITLIST_LEAD_JOB, ForwardWaitlistLeadPayload } from "@studio/contracts";
import { loadWaitlistLeadForForward, markWaitlistLeadForwarded } from "@studio/domain";
import { OutboundError, safeFetch } from "@studio/outbound";
import { defineJob } from "../job-registry";
import { verdictOf } from "./deliver-webhook";

export interface ForwardWaitlistLeadPolicy {
  retryLimit: number;
  retryDelaySec: number;
  retryBackoff: boolean;
}

/**
 * Best effort, but not a single try: 3 attempts in total, 30 s then 60 s apart (plus jitter), for
 * a receiver that is briefly down (5xx, 429, timeout, network). A 4xx other than 429 is final.
 */
export const FORWARD_WAITLIST_POLICY: ForwardWaitlistLeadPolicy = {
  retryLimit: 2,
  retryDelaySec: 30,
  retryBackoff: true,
};

/**
 * Forwards a waitlist lead to WAITLIST_FORWARD_URL (the worker's own setting, services.waitlistForward):
 * POST JSON {id, name, businessName, phone, source, createdAt}, 10 s timeout, no redirects, the
 * outbound target checks of decisions.md (https; loopback only under WEBHOOK_ALLOW_LOOPBACK, never in
 * production). A 2xx sets forwarded_at. Logs carry the lead id and the outcome, never its fields.
 * Without a URL in the worker, or for a lead that is gone, nothing is sent.
 */
export function createForwardWaitlistLeadJob(
  policy: ForwardWaitlistLeadPolicy = FORWARD_WAITLIST_POLICY,
  options: { timeoutMs?: number } = {},
) {
  return defineJob({
    name: FORWARD_WAITLIST_LEAD_JOB,
    payload: ForwardWaitlistLeadPayload,
    ...policy,
    expireInSeconds: 60,
    async handler(payload, deps, job) {
      const logger = deps.logger.child({
        job: job.name,
        jobId: job.id,
        ...(payload.requestId && { requestId: payload.requestId }),
      });
      const { leadId } = payload;
      const url = deps.services?.waitlistForwardUrl;
      if (!url) {
        logger.warn("waitlist lead not forwarded: WAITLIST_FORWARD_URL is not set in the worker", { leadId });
        return;
      }
      const lead = await loadWaitlistLeadForForward(deps.database.db, leadId);
      if (!lead) {
        logger.info("waitlist lead not forwarded: the lead is gone", { leadId });
        return;
      }
      const body = JSON.stringify({
        id: lead.id,
        name: lead.name,
        businessName: lead.businessName,
        phone: lead.phone,
        source: lead.source,
        createdAt: lead.createdAt,
      });
      let status: number | null = null;
      let failure: string | undefined;
      try {
        const answer = await safeFetch(url, {
          method: "POST",
          body,
          headers: { "content-type": "application/json", "user-agent": "studio-waitlist/1" },
          schemes: ["https"],
          allowLoopback: deps.services?.webhooks?.allowLoopback ?? false,
          timeoutMs: options.timeoutMs ?? 10_000,
          maxBytes: 64 * 1024,
        });
        status = answer.status;
      } catch (err) {
        if (!(err instanceof OutboundError)) throw err;
        status = err.status ?? null;
        // The kind only: the message may name the address, which can hold a secret.
        failure = err.kind;
      }
      // A target the outbound checks refuse stays refused: no retry.
      const verdict = failure === "refused" ? "final" : verdictOf(status);
      const attempt = job.retryCount + 1;
      if (verdict === "delivered") {
        await markWaitlistLeadForwarded(deps.database.db, leadId, deps.now());
        logger.info("waitlist lead forwarded", { leadId, status, attempt });
        return;
      }
      if (verdict === "final") {
        logger.warn("waitlist lead not forwarded; not retried", { leadId, status, reason: failure, attempt });
        return;
      }
      const reason = failure ?? `receiver answered ${status}`;
      if (job.retryCount >= policy.retryLimit)
        logger.error("waitlist lead forward failed on its last attempt", { leadId, attempt, reason });
      throw new Error(`waitlist forward of lead ${leadId} failed (attempt ${attempt}): ${reason}`);
    },
  });
}

export const forwardWaitlistLead = createForwardWaitlistLeadJob();
