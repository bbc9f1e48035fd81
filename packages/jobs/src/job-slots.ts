import type { SqlExecutor } from "@studio/db";
import { encodePgArray } from "./boss-db";

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

/**
 * takeSlot for many takers in one statement (issue 30 item 6): per key, the takers in order get
 * the free slots in order (a slot held by one of these very jobs counts as free, as above); a
 * taker left without one (all held, or another process took the slot it was given meanwhile)
 * answers false. The cap is never exceeded.
 */
export async function takeSlots(
  executor: SqlExecutor,
  takers: readonly { key: string; jobId: string; limit: number; leaseSeconds: number }[],
): Promise<boolean[]> {
  if (!takers.length) return [];
  const { rows } = await executor.executeSql(
    `with wanted as (
       select w.key, w.job_id, w.lim, row_number() over (partition by w.key order by w.ord) as rn
         from unnest($1::text[], $2::uuid[], $3::int[]) with ordinality as w(key, job_id, lim, ord)
     ), keys as (
       select key, max(lim) as lim from wanted group by key
     ), free as (
       select k.key, g.slot, row_number() over (partition by k.key order by g.slot) as rn
         from keys k cross join lateral generate_series(0, k.lim - 1) as g(slot)
        where not exists (
          select 1 from job_slots held
           where held.key = k.key and held.slot = g.slot and held.expires_at > now()
             and held.job_id <> all($2::uuid[]))
     )
     insert into job_slots as s (key, slot, job_id, expires_at)
     select w.key, f.slot, w.job_id, now() + $4::float8 * interval '1 second'
       from wanted w join free f on f.key = w.key and f.rn = w.rn
     on conflict (key, slot) do update set job_id = excluded.job_id, expires_at = excluded.expires_at
      where s.expires_at <= now() or s.job_id = excluded.job_id
     returning job_id::text as job_id`,
    [
      encodePgArray(takers.map((t) => t.key)),
      encodePgArray(takers.map((t) => t.jobId)),
      encodePgArray(takers.map((t) => t.limit)),
      Math.max(...takers.map((t) => t.leaseSeconds)),
    ],
  );
  const taken = new Set((rows as { job_id: string }[]).map((r) => r.job_id));
  return takers.map((t) => taken.has(t.jobId));
}

/** releaseSlot for many holders in one statement. */
export async function releaseSlots(
  executor: SqlExecutor,
  holders: readonly { key: string; jobId: string }[],
): Promise<void> {
  if (!holders.length) return;
  await executor.executeSql(
    `delete from job_slots s using unnest($1::text[], $2::uuid[]) as r(key, job_id)
      where s.key = r.key and s.job_id = r.job_id`,
    [encodePgArray(holders.map((h) => h.key)), encodePgArray(holders.map((h) => h.jobId))],
  );
}

/**
 * Hands held slots on in one statement (issue 30 item 6): the slot `from` holds for `key` becomes
 * `to`'s, its lease renewed, without a moment free for another taker. Answers, per handover,
 * whether `from` still held it (false: its lease ran out and the slot may be another's; `to` must
 * take one itself).
 */
export async function handOverSlots(
  executor: SqlExecutor,
  handovers: readonly { key: string; from: string; to: string; leaseSeconds: number }[],
): Promise<boolean[]> {
  if (!handovers.length) return [];
  const { rows } = await executor.executeSql(
    `update job_slots s set job_id = h.to_id, expires_at = now() + $4::float8 * interval '1 second'
       from unnest($1::text[], $2::uuid[], $3::uuid[]) as h(key, from_id, to_id)
      where s.key = h.key and s.job_id = h.from_id and s.expires_at > now()
     returning s.job_id::text as job_id`,
    [
      encodePgArray(handovers.map((h) => h.key)),
      encodePgArray(handovers.map((h) => h.from)),
      encodePgArray(handovers.map((h) => h.to)),
      Math.max(...handovers.map((h) => h.leaseSeconds)),
    ],
  );
  const moved = new Set((rows as { job_id: string }[]).map((r) => r.job_id));
  return handovers.map((h) => moved.has(h.to));
}
