import { EmptyJobPayload } from "@studio/contracts";
import { defaultWorkerId, defineJob } from "../job-registry";

/** Interim: moves into a Drizzle migration in packages/db. */
export const WORKER_HEARTBEATS_DDL =
  "create table if not exists worker_heartbeats (worker_id text primary key, beat_at timestamptz not null)";

/** Every minute one worker records that it is alive (pg-boss's cron fires once across all workers). */
export const recordHeartbeat = defineJob({
  name: "record-heartbeat",
  payload: EmptyJobPayload,
  // A missed beat is superseded by the next one a minute later; no point retrying for long.
  retryLimit: 1,
  retryDelaySec: 5,
  retryBackoff: true,
  expireInSeconds: 30,
  schedule: { cron: "* * * * *", payload: {} },
  setupSql: [WORKER_HEARTBEATS_DDL],
  async handler(_payload, deps) {
    await deps.database.executor.executeSql(
      `insert into worker_heartbeats (worker_id, beat_at) values ($1, $2::timestamptz)
       on conflict (worker_id) do update set beat_at = excluded.beat_at`,
      [deps.workerId ?? defaultWorkerId(), deps.now().toISOString()],
    );
  },
});
