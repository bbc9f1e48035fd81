import { pendingFormNotifier } from "./pending-form-notifier";
import { deliverPush } from "./deliver-push";
import { deliverWebhook } from "./deliver-webhook";
import { planActivated } from "./plan-activated";
import { recordHeartbeat } from "./record-heartbeat";
import { schedulerTick } from "./scheduler-tick";
import { sendCoachInvitation } from "./send-coach-invitation";
import { sendTraineeInvite } from "./send-trainee-invite";
import { sendTraineeSignInCode } from "./send-trainee-sign-in-code";
import { forwardWaitlistLead } from "./forward-waitlist-lead";
import { agentReply } from "./agent-reply";
import { processPaymentWebhookJob } from "./process-payment-webhook";

/** Every job the platform runs; one file per job in this folder. */
export const builtInJobs = [
  recordHeartbeat,
  deliverPush,
  schedulerTick,
  sendCoachInvitation,
  sendTraineeInvite,
  sendTraineeSignInCode,
  planActivated,
  deliverWebhook,
  pendingFormNotifier,
  forwardWaitlistLead,
  agentReply,
  processPaymentWebhookJob,
] as const;

export type BuiltInJob = (typeof builtInJobs)[number];

export { recordHeartbeat, WORKER_HEARTBEATS_DDL } from "./record-heartbeat";
export {
  createDeliverPushJob,
  deliverPush,
  DELIVER_PUSH_POLICY,
  pushClientOf,
  type DeliverPushPolicy,
} from "./deliver-push";
export { schedulerTick } from "./scheduler-tick";
export { pendingFormNotifier } from "./pending-form-notifier";
export { planActivated } from "./plan-activated";
export {
  createSendCoachInvitationJob,
  INVITATION_POLICY,
  sendCoachInvitation,
  type InvitationPolicy,
} from "./send-coach-invitation";
export { createSendTraineeInviteJob, sendTraineeInvite } from "./send-trainee-invite";
export { sendTraineeSignInCode } from "./send-trainee-sign-in-code";
export {
  createDeliverWebhookJob,
  DEFAULT_DELIVERIES_PER_STUDIO,
  DEFAULT_DELIVERY_CONCURRENCY,
  deliverWebhook,
  DELIVER_WEBHOOK_POLICY,
  verdictOf,
  webhookSignature,
  type AttemptVerdict,
  type DeliverWebhookOptions,
  type DeliverWebhookPolicy,
} from "./deliver-webhook";
export {
  createForwardWaitlistLeadJob,
  forwardWaitlistLead,
  FORWARD_WAITLIST_POLICY,
  type ForwardWaitlistLeadPolicy,
} from "./forward-waitlist-lead";
export { AGENT_REPLY_POLICY, agentReply, createAgentReplyJob, type AgentReplyPolicy } from "./agent-reply";
export { processPaymentWebhookJob } from "./process-payment-webhook";
