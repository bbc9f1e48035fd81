export { DUE_WORK, type DueWork, type DueWorkResult, type SchedulerTick } from "./due-work";
export {
  DEFAULT_SCHEDULER_GRACE_MS,
  runSchedulerTick,
  SCHEDULER_MAX_LOOKBACK_MS,
  type SchedulerTickOptions,
  type SchedulerTickRun,
} from "./run-scheduler-tick";
export {
  dispatchScheduledPushes,
  scheduledInstant,
  type ScheduledPush,
  type ScheduledPushRun,
} from "./scheduled-pushes";
export { SUBSCRIPTION_EXPIRING_DAYS } from "./subscription-pushes";
export { MEETING_REMINDER_LEAD_MS } from "./meeting-reminders";
