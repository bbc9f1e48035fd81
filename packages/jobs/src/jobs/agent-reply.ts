import { AGENT_REPLY_JOB, AgentReplyPayload } from "@studio/contracts";
import { agentReplyKey, draftAgentReply, prepareAgentReply, recordAgentReply } from "@studio/domain";
import { defineJob } from "../job-registry";

export interface AgentReplyPolicy {
  retryLimit: number;
  retryDelaySec: number;
  retryBackoff: boolean;
}

/** A model or chat provider failure is tried twice more, 15 s then 30 s later (plus jitter). */
export const AGENT_REPLY_POLICY: AgentReplyPolicy = { retryLimit: 2, retryDelaySec: 15, retryBackoff: true };

/**
 * Answers a conversation of the platform agent (POST /v1/agent/webhook). Queue policy "short": at
 * most one queued job per conversation (singletonKey), so a burst of messages schedules one job;
 * a message arriving while a job runs queues the next one. When it runs:
 * - the conversation is still busy (its newest message is younger than debounceSeconds): it
 *   schedules itself again for the rest of the quiet time and ends;
 * - nothing is unanswered: it ends;
 * - else it asks the model for a short Hebrew reply to the messages since the last reply (with the
 *   conversation's recent messages as context), sends it over the chat channel, and records it
 *   (OUT) only once the provider accepted it. A model or provider failure fails the attempt (retried).
 * Without a model or a chat provider in the worker it sends nothing. Logs carry no phone or text.
 */
export function createAgentReplyJob(policy: AgentReplyPolicy = AGENT_REPLY_POLICY) {
  return defineJob({
    name: AGENT_REPLY_JOB,
    payload: AgentReplyPayload,
    ...policy,
    policy: "short",
    expireInSeconds: 120,
    async handler(payload, deps, job) {
      const logger = deps.logger.child({
        job: job.name,
        jobId: job.id,
        ...(payload.requestId && { requestId: payload.requestId }),
      });
      const services = deps.services ?? {};
      const model = services.model;
      if (!model || !services.chat || !services.chatConfigured) {
        logger.warn("agent reply not sent: no language model or chat provider in the worker");
        return;
      }
      const db = deps.database.db;
      const { conversationId, debounceSeconds } = payload;
      const step = await prepareAgentReply(db, { conversationId, debounceSeconds });
      if (step.kind === "nothing") {
        logger.info("agent reply not needed: every message has its reply");
        return;
      }
      if (step.kind === "wait") {
        const jobs = services.jobs;
        if (!jobs) throw new Error("the job queue is not in the worker's services (services.jobs)");
        await db.transaction((tx) =>
          jobs.enqueue(AGENT_REPLY_JOB, payload, {
            tx,
            startAfter: step.afterSeconds,
            singletonKey: agentReplyKey(conversationId),
          }),
        );
        logger.info("agent reply deferred: the conversation is still active", {
          afterSeconds: step.afterSeconds,
        });
        return;
      }
      const draft = await draftAgentReply(model, step.history);
      if (!draft.ok) throw new Error(`agent reply: the language model failed (${draft.failure})`);
      await services.chat.sendMessage({ studioId: "platform", phone: step.phone, text: draft.value });
      await recordAgentReply(db, {
        conversationId,
        phone: step.phone,
        body: draft.value,
        answeredIds: step.answeredIds,
      });
      logger.info("agent reply sent", { answered: step.answeredIds.length });
    },
  });
}

export const agentReply = createAgentReplyJob();
