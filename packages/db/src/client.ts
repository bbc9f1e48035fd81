import { createRequire } from "node:module";
import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema/index";
import { DatabaseUnavailableError, outageGatedPostgres } from "./outage-gate";
import { exactDateParsers, installExactDateMapping } from "./pg-time";

// Drizzle's date and timestamp columns read PostgreSQL's text exactly, whatever the year
// (src/pg-time.ts; issue 27: `new Date(text)` read 0099 as 1999 and 0030 as an Invalid Date).
installExactDateMapping();

export { DatabaseUnavailableError, isDatabaseUnavailable } from "./outage-gate";
export { parsePgDate, parsePgTimestamp, utcMilliseconds } from "./pg-time";

export type Schema = typeof schema;
/** The Drizzle handle domain code receives: the same type on PostgreSQL and on PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Raw SQL with $n parameters, used by the job queue so it can share a transaction. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface DatabaseHandle {
  kind: "postgres" | "pglite";
  /** Connections the handle may open (PGlite: one). */
  maxConnections: number;
  db: Db;
  executor: SqlExecutor;
  /** Runs raw SQL inside an open Drizzle transaction (same connection, same commit). */
  executorFor(tx: DbOrTx): SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@studio/db/package.json")),
  "migrations",
);

// Serializes migrations across replicas starting at once.
const MIGRATION_LOCK_KEY = 727_001;

export interface CreateDatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory ("memory://" for an in-memory database). */
  dataDir?: string;
  /** An already opened PGlite instance (tests clone a migrated template). */
  pglite?: PGlite;
  /**
   * PostgreSQL connections the handle may open (default 10): a fifth of them (at least one) run
   * single statements, pipelined up to PIPELINE_DEPTH each; the rest (at least one) run
   * transactions, one each. A handle opens at least two.
   */
  maxConnections?: number;
  /**
   * Named (cached) prepared statements on PostgreSQL, default on: Drizzle sends unnamed ones,
   * which costs a Parse + Describe round of work per query. Turn off behind a transaction-mode
   * pooler (PgBouncer) that cannot keep them.
   */
  prepareStatements?: boolean;
  /**
   * Fail-fast bounds on PostgreSQL (DATABASE_TIMEOUT_DEFAULTS when absent): opening a
   * connection, waiting for a free connection, and one statement (server-side
   * statement_timeout; 0 turns it off).
   */
  connectTimeoutMs?: number;
  acquireTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** application_name of the connections (shows in pg_stat_activity). */
  applicationName?: string;
  /** Told when the database becomes unreachable and when it answers again (for the log). */
  onAvailabilityChange?: (available: boolean, detail: string) => void;
}

/**
 * Statements in flight per query connection. Five keeps a 10-connection handle's two query
 * connections busy under load while a statement waits behind at most four others (issue 16:
 * docs/PERFORMANCE.md, "Third pass").
 */
export const PIPELINE_DEPTH = 5;

/** How a handle's connections are split between pipelined statements and transactions. */
export function splitConnections(maxConnections: number): {
  queryConnections: number;
  transactionConnections: number;
} {
  const queryConnections = Math.max(1, Math.round(maxConnections / 5));
  return { queryConnections, transactionConnections: Math.max(1, maxConnections - queryConnections) };
}

/** Defaults of the fail-fast bounds (issue 9: an unreachable database answers 503 within 2 s). */
export const DATABASE_TIMEOUT_DEFAULTS = {
  connectTimeoutMs: 1_000,
  acquireTimeoutMs: 2_000,
  statementTimeoutMs: 5_000,
} as const;

export function createDatabase(options: CreateDatabaseOptions = {}): DatabaseHandle {
  if (options.url) return createPostgresDatabase(options.url, options);
  return createPgliteDatabase(options.pglite ?? openPglite(options.dataDir ?? "./.data/pglite"));
}

/**
 * A PGlite as the app opens it. `loadDataDir`: a dump (dumpDataDir) to start from instead of
 * initdb, for a data directory that holds no database yet (tests: test-support/pglite-template).
 */
export function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): PGlite {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  // btree_gist: the calendar's exclusion constraint (no two live events of a coach overlap).
  // parsers: raw queries outside Drizzle read date, timestamp and timestamptz exactly too.
  return new PGlite(dataDir, {
    extensions: { btree_gist },
    parsers: exactDateParsers,
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
  });
}

function createPostgresDatabase(url: string, options: CreateDatabaseOptions): DatabaseHandle {
  const max = options.maxConnections ?? 10;
  const connectTimeoutMs = options.connectTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.connectTimeoutMs;
  const statementTimeoutMs = options.statementTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs;
  const connect_timeout = connectTimeoutMs / 1000;
  const { queryConnections, transactionConnections } = splitConnections(max);
  const { view: client } = outageGatedPostgres(
    url,
    {
      onnotice: () => {},
      connect_timeout,
      // Idle connections close after a minute; every connection is replaced after 30–60 min
      // (postgres.js's max_lifetime default), so stale ones never live long.
      idle_timeout: 60,
      // postgres.js backs off up to 20 s between reconnects after failures; keep it short so
      // the first requests after an outage find the database.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
      connection: {
        application_name: options.applicationName ?? "studio-api",
        ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }),
      },
    },
    {
      queryConnections,
      pipelineDepth: PIPELINE_DEPTH,
      transactionConnections,
      connectTimeoutMs,
      acquireTimeoutMs: options.acquireTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs,
      probeAfterMs: Math.min(500, Math.max(100, connectTimeoutMs / 4)),
      recheckMs: 250,
      onChange: options.onAvailabilityChange,
    },
  );
  const db = drizzlePostgres((options.prepareStatements ?? true) ? alwaysPrepared(client) : client, {
    schema,
  }) as unknown as Db;
  const executorOf = (c: postgres.Sql): SqlExecutor => ({
    async executeSql(text, values = []) {
      const rows = await c.unsafe(text, values as postgres.ParameterOrJSON<never>[]);
      return { rows: rows as unknown as Record<string, unknown>[] };
    },
  });
  return {
    kind: "postgres",
    maxConnections: queryConnections + transactionConnections,
    db,
    executor: executorOf(client),
    executorFor(tx) {
      // Drizzle's postgres-js session keeps the transaction-scoped `sql` as its client.
      const session = (tx as unknown as { session: { client: postgres.Sql } }).session;
      return executorOf(session.client);
    },
    async migrate() {
      // No statement timeout: a migration may take long; opening the connection may not.
      const single = postgres(url, { max: 1, onnotice: () => {}, connect_timeout });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres(single), { migrationsFolder });
        await single`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

function createPgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const executorOf = (c: Pick<PGlite, "query">): SqlExecutor => ({
    async executeSql(text, values = []) {
      // PGlite turns date and time types into Dates with `new Date(text)`; read them exactly.
      const result = await c.query<Record<string, unknown>>(text, values as unknown[], {
        parsers: exactDateParsers,
      });
      return { rows: result.rows };
    },
  });
  return {
    kind: "pglite",
    maxConnections: 1,
    db,
    executor: executorOf(client),
    executorFor(tx) {
      const session = (tx as unknown as { session: { client: Pick<PGlite, "query"> } }).session;
      return executorOf(session.client);
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * postgres.js caches a named prepared statement per connection and query text when asked;
 * Drizzle only asks for queries built with `.prepare()`. This view of the client asks for
 * every query, including those inside transactions (and their savepoints).
 */
function alwaysPrepared(sql: postgres.Sql): postgres.Sql {
  type Unsafe = postgres.Sql["unsafe"];
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        const unsafe: Unsafe = (query, params, options) =>
          target.unsafe(query, params, { ...options, prepare: true });
        return unsafe;
      }
      if (prop === "begin" || prop === "savepoint") {
        const original = Reflect.get(target, prop, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) =>
          original.apply(
            target,
            args.map((arg) =>
              typeof arg === "function"
                ? (tx: postgres.Sql) => (arg as (tx: postgres.Sql) => unknown)(alwaysPrepared(tx))
                : arg,
            ),
          );
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Cheap liveness probe used by /readyz; gives up after `timeoutMs`. */
export async function pingDatabase(db: Db, timeoutMs = 1_500): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new DatabaseUnavailableError(`no answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
