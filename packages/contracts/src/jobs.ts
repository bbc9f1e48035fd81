import { z } from "zod";

/*
 * Background jobs: their names and payloads. Domain code enqueues them in the caller's
 * transaction (scope.jobs); packages/jobs validates the payload again and runs the handler.
 * Payloads carry ids, never personal data: they are stored in the job table and its archive,
 * and the handler reads the current row when it runs.
 */

/** What a delivered push adds to the trainee's timeline once a device accepted it. */
export const PUSH_TIMELINE_ENTRIES = ["MESSAGE"] as const;
export type PushTimelineEntry = (typeof PUSH_TIMELINE_ENTRIES)[number];

/** notify() recorded a push; the worker sends it to the trainee's devices. */
export const DELIVER_PUSH_JOB = "deliver-push";
export const DeliverPushPayload = z.object({
  studioId: z.string().min(1),
  notificationId: z.string().min(1),
  /** MESSAGE: when a device accepts the push, a MESSAGE entry is added to the trainee's timeline. */
  timelineOnAccept: z.enum(PUSH_TIMELINE_ENTRIES).optional(),
});
export type DeliverPushPayload = z.input<typeof DeliverPushPayload>;

/** The request that caused a job; every log line of the job carries it. */
const requestId = z.string().min(1).max(200).optional();

/** A team member was added; the worker mails the invitation. */
export const SEND_COACH_INVITATION_JOB = "send-coach-invitation";
export const SendCoachInvitationPayload = z.object({
  studioId: z.string().min(1),
  coachId: z.string().min(1),
  requestId,
});
export type SendCoachInvitationPayload = z.input<typeof SendCoachInvitationPayload>;

/** A trainee was created with sendInvite; the worker sends the app invite over the chat channel. */
export const SEND_TRAINEE_INVITE_JOB = "send-trainee-invite";
export const SendTraineeInvitePayload = z.object({
  studioId: z.string().min(1),
  clientId: z.string().min(1),
  requestId,
});
export type SendTraineeInvitePayload = z.input<typeof SendTraineeInvitePayload>;

/** Repeating jobs (cron) take no payload. */
export const EmptyJobPayload = z.object({});

/**
 * A program became ACTIVE (assignment without hold, or the release of a held one): the worker
 * starts the trainee's subscriptions waiting on the FIRST_PLAN trigger.
 */
export const PLAN_ACTIVATED_JOB = "plan-activated";
export const PlanActivatedPayload = z.object({
  studioId: z.string().min(1),
  clientId: z.string().min(1),
  programId: z.string().min(1),
  requestId,
});
export type PlanActivatedPayload = z.input<typeof PlanActivatedPayload>;

/**
 * A form was submitted (FORM_FILLED): one job per matching hook, enqueued in the submission's
 * transaction. The body is built when the job runs (the submission ordinal is computed at send time).
 */
export const DELIVER_WEBHOOK_JOB = "deliver-webhook";
export const DeliverWebhookPayload = z.object({
  studioId: z.string().min(1),
  hookId: z.string().min(1),
  responseId: z.string().min(1),
  requestId,
});
export type DeliverWebhookPayload = z.input<typeof DeliverWebhookPayload>;

/**
 * A trainee asked for a sign-in code: the worker sends it over the chat channel. The code is
 * sealed (AES-GCM under a key derived from SESSION_SIGNING_SECRET), never stored readable; the
 * phone is read from the trainee row when the job runs; a job past expiresAt sends nothing.
 */
export const SEND_TRAINEE_SIGN_IN_CODE_JOB = "send-trainee-sign-in-code";
export const SendTraineeSignInCodePayload = z.object({
  studioId: z.string().min(1),
  clientId: z.string().min(1),
  sealedCode: z.string().min(1).max(200),
  /** Epoch ms: when the code expires. */
  expiresAt: z.number().int().positive(),
  requestId,
});
export type SendTraineeSignInCodePayload = z.input<typeof SendTraineeSignInCodePayload>;

/**
 * A waitlist lead was created while WAITLIST_FORWARD_URL is configured: the worker posts it to
 * that address (best effort) and marks it forwarded. The lead is read from its row when the job runs.
 */
export const FORWARD_WAITLIST_LEAD_JOB = "forward-waitlist-lead";
export const ForwardWaitlistLeadPayload = z.object({ leadId: z.string().min(1).max(128), requestId });
export type ForwardWaitlistLeadPayload = z.input<typeof ForwardWaitlistLeadPayload>;

/**
 * The platform agent got a message (POST /v1/agent/webhook): after the conversation has been quiet
 * for debounceSeconds the worker answers every unanswered message of it in one reply. One queued
 * job per conversation (singletonKey); the messages are read from agent_messages when it runs.
 */
export const AGENT_REPLY_JOB = "agent-reply";
export const AgentReplyPayload = z.object({
  conversationId: z.string().min(1).max(200),
  debounceSeconds: z.number().int().min(0).max(300),
  requestId,
});
export type AgentReplyPayload = z.input<typeof AgentReplyPayload>;
