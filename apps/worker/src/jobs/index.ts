import { recordHeartbeat } from "./record-heartbeat";

/** Every job the platform runs; one file per job in this folder. */
export const builtInJobs = [recordHeartbeat] as const;

export type BuiltInJob = (typeof builtInJobs)[number];

export { recordHeartbeat, WORKER_HEARTBEATS_DDL } from "./record-heartbeat";
