// The scheduler's extension point: every kind of time-driven work is one DueWork in DUE_WORK.
// A tick (the worker's `scheduler-tick` job, every minute, once across workers) runs them in
// order with one clock reading and one look-back window; each decides set-based what came due
// and claims it exactly once (scheduled-pushes.ts for pushes). To add a kind of due work, write
// one `DueWork` and add it to the list below: nothing else needs to change.

import type { Db } from "@studio/db";
import type { PlatformJobScope } from "../notifications/form-reminder-items";
import { recurringCheckIns } from "../forms/recurring-check-ins";
import { dispatchDueFormReminders } from "../notifications/form-reminders";
import { taskAutomationWork } from "../task-automations/run-task-automations";
import { meetingReminders } from "./meeting-reminders";
import { subscriptionLifecycle } from "./subscription-lifecycle";
import { subscriptionEnded, subscriptionExpiring } from "./subscription-pushes";
import { workoutMissed, workoutReminders } from "./workout-pushes";

/** What one tick hands every piece of due work. */
export interface SchedulerTick {
  /** The tick's clock (scope.now): work due at or before it is due. */
  now: Date;
  /** Work due within graceMs before now is done late; older is recorded skipped OUTSIDE_GRACE. */
  graceMs: number;
  /**
   * The earliest due instant this tick looks at: the last completed tick (so work missed during
   * an outage is found and either done late or recorded skipped), never later than now - grace,
   * never earlier than now - SCHEDULER_MAX_LOOKBACK_MS.
   */
  since: Date;
}

/** Counters of one piece of due work in one tick (logged when anything happened). */
export type DueWorkResult = Record<string, number>;

export interface DueWork {
  /** Stable name, used in logs and in the tick's result. */
  name: string;
  run(db: Db, scope: PlatformJobScope, tick: SchedulerTick): Promise<DueWorkResult>;
}

/** FORM_REMINDERS (recurring check-in forms and sent forms), with the tick's grace window. */
const formReminders: DueWork = {
  name: "form-reminders",
  async run(db, scope, tick) {
    const run = await dispatchDueFormReminders(db, scope, { graceMs: tick.graceMs });
    return { ...run };
  },
};

/**
 * Every kind of due work, in the order a tick runs them. Order matters where one feeds another
 * (subscription transitions before the pushes that read subscription states).
 */
export const DUE_WORK: DueWork[] = [
  subscriptionLifecycle,
  subscriptionEnded,
  subscriptionExpiring,
  recurringCheckIns,
  formReminders,
  workoutReminders,
  workoutMissed,
  meetingReminders,
  taskAutomationWork,
];
