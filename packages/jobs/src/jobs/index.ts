import { pendingFormNotifier } from "./pending-form-notifier";
import { deliverPush } from "./deliver-push";
import { deliverWebhook } from "./deliver-webhook";
import { planActivated } from "./plan-activated";
import { recordHeartbeat } from "./record-heartbeat";
import { scheduleFormReminders } from "./schedule-form-reminders";
import { sendCoachInvitation } from "./send-coach-invitation";
import { sendTraineeInvite } from "./send-trainee-invite";
import { sendTraineeSignInCode } from "./send-trainee-sign-in-code";

/** Every job the platform runs; one file per job in this folder. */
export const builtInJobs = [
  recordHeartbeat,
  deliverPush,
  scheduleFormReminders,
  sendCoachInvitation,
  sendTraineeInvite,
  sendTraineeSignInCode,
  planActivated,
  deliverWebhook,
  pendingFormNotifier,
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
export { scheduleFormReminders } from "./schedule-form-reminders";
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
  deliverWebhook,
  DELIVER_WEBHOOK_POLICY,
  verdictOf,
  webhookSignature,
  type AttemptVerdict,
  type DeliverWebhookOptions,
  type DeliverWebhookPolicy,
} from "./deliver-webhook";
