import { deliverPush } from "./deliver-push";
import { recordHeartbeat } from "./record-heartbeat";
import { scheduleFormReminders } from "./schedule-form-reminders";

/** Every job the platform runs; one file per job in this folder. */
export const builtInJobs = [recordHeartbeat, deliverPush, scheduleFormReminders] as const;

export type BuiltInJob = (typeof builtInJobs)[number];

export { recordHeartbeat, WORKER_HEARTBEATS_DDL } from "./record-heartbeat";
export {
  createDeliverPushJob,
  deliverPush,
  DELIVER_PUSH_POLICY,
  jobQueueOf,
  pushClientOf,
  type DeliverPushPolicy,
} from "./deliver-push";
export { scheduleFormReminders } from "./schedule-form-reminders";
