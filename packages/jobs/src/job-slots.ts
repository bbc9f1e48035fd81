import type { SqlExecutor } from "@studio/db";

/**
 * Slots shared by every process on the database: at most `limit` holders per key at a time (e.g.
 * the webhook deliveries of one studio, across all workers). A slot is a row (key, slot number);
 * the primary key makes taking one exact without a lock. A holder gives its slot back when done;
 * one that died (SIGKILL) loses it when its lease runs out.
 *
 * Interim, like worker_heartbeats: the table moves into a Drizzle migration in packages/db.
 */
export const JOB_SLOTS_DDL = `create table if not exists job_slots (
  key text not null,
  slot integer not null,
  job_id uuid not null,
  expires_at timestamptz not null,
  primary key (key, slot)
)`;

/**
 * Takes a free slot of `key` for job `jobId` for `leaseSeconds`, or answers null when all `limit`
 * are held. A slot counts as free when its lease ran out, or when this same job holds it (an
 * attempt of it whose worker died). Two takers racing for one slot: one gets it, the other null
 * (it waits a round rather than looking further: the cap is never exceeded).
 */
export async function takeSlot(
  executor: SqlExecutor,
  input: { key: string; jobId: string; limit: number; leaseSeconds: number },
): Promise<number | null> {
  const { rows } = await executor.executeSql(
    `insert into job_slots as s (key, slot, job_id, expires_at)
     select $1::text, free.slot, $2::uuid, now() + $4::float8 * interval '1 second'
       from generate_series(0, $3::int - 1) as free(slot)
      where not exists (
        select 1 from job_slots held
         where held.key = $1::text and held.slot = free.slot and held.expires_at > now() and held.job_id <> $2::uuid)
      order by free.slot
      limit 1
     on conflict (key, slot) do update set job_id = excluded.job_id, expires_at = excluded.expires_at
      where s.expires_at <= now() or s.job_id = excluded.job_id
     returning slot`,
    [input.key, input.jobId, input.limit, input.leaseSeconds],
  );
  const slot = (rows[0] as { slot?: number } | undefined)?.slot;
  return slot === undefined ? null : Number(slot);
}

/** Gives back the slots job `jobId` holds for `key` (none held: nothing happens). */
export async function releaseSlot(
  executor: SqlExecutor,
  input: { key: string; jobId: string },
): Promise<void> {
  await executor.executeSql(`delete from job_slots where key = $1::text and job_id = $2::uuid`, [
    input.key,
    input.jobId,
  ]);
}
