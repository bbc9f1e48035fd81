import type { DatabaseHandle, SqlExecutor } from "@studio/db";

/**
 * The `db` pg-boss 10 accepts instead of opening its own node-postgres pool
 * (PgBoss.Db: `executeSql(text, values) => { rows }`).
 */
export interface BossDb {
  // pg-boss reads arbitrary columns off the rows.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** Runs several statements in one simple-protocol round trip (PGlite's `exec`). */
export type ExecScript = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * pg-boss is written against node-postgres, which turns `undefined` into NULL, objects into JSON and
 * JS arrays into array literals. postgres.js (through `unsafe`) rejects `undefined` and cannot serialize
 * plain objects; PGlite's typed serializers are fine with most of it, but the encoding is normalized once
 * here so both drivers receive identical parameters.
 */
export function toSqlParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== "object") return value;
  // Drizzle's postgres.js driver replaces the timestamp serializers with pass-through ones.
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return encodePgArray(value);
  return JSON.stringify(value);
}

/** `["a", null, "b\"c"]` -> `{"a",NULL,"b\"c"}` (pg-boss only passes arrays of job ids). */
export function encodePgArray(values: readonly unknown[]): string {
  const element = (v: unknown): string => {
    if (v === null || v === undefined) return "NULL";
    if (Array.isArray(v)) return encodePgArray(v);
    if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") return String(v);
    const text = v instanceof Date ? v.toISOString() : typeof v === "object" ? JSON.stringify(v) : String(v);
    return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  };
  return `{${values.map(element).join(",")}}`;
}

/**
 * pg-boss's install, migration and maintenance scripts are `BEGIN; ...; COMMIT;` without parameters.
 * Neither driver takes them as they are: PGlite's `query` (extended protocol) accepts one statement, and
 * postgres.js refuses a bare BEGIN on a pooled connection (UNSAFE_TRANSACTION). Sent without the
 * BEGIN/COMMIT as one simple-protocol message, the statements still run as one (implicit) transaction:
 * all or nothing, SET LOCAL and pg_advisory_xact_lock last until its end, and a failure leaves no
 * transaction open on the connection.
 */
export function unwrapScript(text: string, values: readonly unknown[]): string | undefined {
  if (values.length > 0) return undefined;
  const match = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i.exec(text);
  if (match) return match[1];
  return /;\s*\S/.test(text.trim()) ? text : undefined;
}

/** A BossDb over one of the app's executors (the pool, or an open Drizzle transaction). */
export function bossDbFor(executor: SqlExecutor, execScript?: ExecScript): BossDb {
  return {
    async executeSql(text, values = []) {
      const script = unwrapScript(text, values);
      if (script !== undefined) {
        // postgres.js `unsafe(text)` with no parameters uses the simple protocol, which runs scripts.
        return execScript ? { rows: await execScript(script) } : executor.executeSql(script);
      }
      return executor.executeSql(text, values.map(toSqlParam));
    },
  };
}

/**
 * On PGlite, a statement runs synchronously in WebAssembly and its promise settles in the
 * microtask queue, so a chain of pg-boss statements (the worker's start: a fetch per queue, the
 * cron check, the schedules) held the event loop for 0.5-1 s and the API's first requests waited
 * behind it (issue 30, item 9). Each statement here first waits a turn of the loop (setImmediate):
 * the connections and requests already there are served between two statements.
 */
export function yieldingBossDb(db: BossDb): BossDb {
  return {
    async executeSql(text, values) {
      await new Promise((resolve) => setImmediate(resolve));
      return db.executeSql(text, values);
    },
  };
}

const preparedExecutors = new WeakMap<DatabaseHandle, SqlExecutor>();

/**
 * The executor of the worker's own statements (issue 30 item 6): pg-boss's fetch, complete and
 * fail, the delivery slots' takes, handovers and releases, a deferral's hand-back. They are a
 * fixed set of texts run again and again, and the handle's executor sends them unprepared
 * (postgres.js `unsafe`), which for a statement with parameters is two round trips: Parse and
 * Describe first, then Bind and Execute once the parameter types are in (and the connection's
 * pipeline waits meanwhile). This one runs them through the client Drizzle uses (`db.$client`),
 * which prepares them as it prepares Drizzle's own queries: a named statement cached per
 * connection, one round trip from its second run on; unprepared as before when the handle was
 * opened without prepared statements (a transaction-mode pooler). PGlite: the handle's executor.
 */
export function preparedExecutorFor(database: DatabaseHandle): SqlExecutor {
  if (database.kind !== "postgres") return database.executor;
  let executor = preparedExecutors.get(database);
  if (!executor) {
    type Unsafe = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
    const client = (database.db as unknown as { $client?: { unsafe?: Unsafe } }).$client;
    const unsafe = typeof client?.unsafe === "function" ? client.unsafe.bind(client) : undefined;
    executor = unsafe
      ? {
          async executeSql(text, values = []) {
            const rows = await unsafe(text, values);
            return { rows: rows as unknown as Record<string, unknown>[] };
          },
        }
      : database.executor;
    preparedExecutors.set(database, executor);
  }
  return executor;
}

/** PGlite's `query` runs one statement; its `exec` runs a script. Drizzle exposes the instance as `db.$client`. */
export function execScriptFor(database: DatabaseHandle): ExecScript | undefined {
  if (database.kind !== "pglite") return undefined;
  const client = (database.db as unknown as { $client?: { exec?: unknown } }).$client;
  if (!client || typeof client.exec !== "function") {
    throw new Error("PGlite handle does not expose db.$client.exec; cannot run pg-boss scripts");
  }
  const exec = client.exec.bind(client) as (text: string) => Promise<{ rows: Record<string, unknown>[] }[]>;
  return async (text) => (await exec(text)).at(-1)?.rows ?? [];
}

/**
 * The SQL of pg-boss's complete() and fail(). Its worker loop fires these without awaiting them, so a
 * database error there would be an unhandled rejection, which ends a Node process (in the embedded setup,
 * the API). Checked against pg-boss's own plans in test/registry-and-adapter.test.ts.
 */
export function isCompletionStatement(text: string): boolean {
  return (
    /SET completed_on = now\(\),\s*state = 'completed'/.test(text) || /WITH deleted_jobs AS \(/.test(text)
  );
}

/**
 * Turns a failed complete()/fail() into "0 jobs affected" after reporting it. The job stays active and is
 * failed by pg-boss's maintenance once it has been active longer than expireInSeconds, then retried.
 */
export function guardCompletions(inner: BossDb, report: (err: unknown) => void): BossDb {
  return {
    async executeSql(text, values) {
      if (!isCompletionStatement(text)) return inner.executeSql(text, values);
      try {
        return await inner.executeSql(text, values);
      } catch (err) {
        report(err);
        return { rows: [{ count: "0" }] };
      }
    },
  };
}

/** Counts statements in flight, and turns into a no-op once closed, so stop() can drain it. */
export interface TrackedBossDb extends BossDb {
  readonly inflight: number;
  settled(): Promise<void>;
  close(): void;
}

export function trackBossDb(inner: BossDb): TrackedBossDb {
  const pending = new Set<Promise<unknown>>();
  let closed = false;
  return {
    get inflight() {
      return pending.size;
    },
    executeSql(text, values) {
      // After stop() pg-boss may still fire a stray fetch/complete (it does not await them); answer empty
      // rather than touching a database handle the caller is about to close.
      if (closed) return Promise.resolve({ rows: isCompletionStatement(text) ? [{ count: "0" }] : [] });
      const p = inner.executeSql(text, values);
      pending.add(p);
      const forget = () => pending.delete(p);
      p.then(forget, forget);
      return p;
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
    close() {
      closed = true;
    },
  };
}
