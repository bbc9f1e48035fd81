import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, type DatabaseHandle } from "@studio/db";
import { pgliteTemplate } from "@studio/db/test-support/pglite-template";
import { releaseTestDatabase, runMarker } from "@studio/db/test-support/run-databases";
import { createCapturingLogger, type Logger } from "@studio/observability";
import { createJobQueue, type AnyJobDefinition, type JobQueue, type JobQueueOptions } from "../src/index";

/** Room for a loaded 2-core CI box; the fail-fast defaults are for production. */
const TEST_TIMEOUTS = { connectTimeoutMs: 15_000, acquireTimeoutMs: 15_000, statementTimeoutMs: 60_000 };

/**
 * Maintenance database of the test server; each test file creates its own database on it, which
 * the run's global teardown drops (see run-databases).
 */
export const PG_ADMIN_URL =
  process.env.WORKER_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const backends = ["postgres", "pglite"] as const;

/** The migrated PGlite template (no job queue schema: each test's queues install their own). */
export const migratedPglite = pgliteTemplate();
export type BackendName = (typeof backends)[number];

export interface TestBackend {
  name: BackendName;
  /** The open handle (migrated). */
  database: DatabaseHandle;
  /** Closes the handle and opens a new one on the same storage, as a restarted process would. */
  reopen(): Promise<DatabaseHandle>;
  /** Closes the handle and deletes the database / data directory. */
  cleanup(): Promise<void>;
}

/** A fresh, migrated database: a new PostgreSQL database, or PGlite (in memory unless `persistent`). */
export async function openBackend(
  name: BackendName,
  options: { persistent?: boolean } = {},
): Promise<TestBackend> {
  if (name === "postgres") {
    const dbName = `worker_test_${runMarker()}${randomBytes(6).toString("hex")}`;
    const admin = createDatabase({ url: PG_ADMIN_URL, maxConnections: 1, ...TEST_TIMEOUTS });
    await admin.executor.executeSql(`create database "${dbName}"`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    const open = () => createDatabase({ url: url.toString(), maxConnections: 4, ...TEST_TIMEOUTS });
    const backend: TestBackend = {
      name,
      database: open(),
      async reopen() {
        await backend.database.close();
        backend.database = open();
        return backend.database;
      },
      async cleanup() {
        await backend.database.close();
        try {
          await releaseTestDatabase(admin, dbName);
        } finally {
          await admin.close();
        }
      },
    };
    await backend.database.migrate();
    return backend;
  }

  const dataDir = options.persistent ? await mkdtemp(path.join(tmpdir(), "worker-pglite-")) : undefined;
  // Loaded from the migrated template's dump (global setup builds it): no initdb, no migrations.
  const backend: TestBackend = {
    name,
    database: await migratedPglite.fresh(dataDir),
    async reopen() {
      if (!dataDir) throw new Error("an in-memory PGlite cannot be reopened; pass { persistent: true }");
      await backend.database.close();
      backend.database = createDatabase({ dataDir });
      return backend.database;
    },
    async cleanup() {
      await backend.database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return backend;
}

/** A Logger that keeps its lines (child bindings merged into `fields`) in `entries`. */
export function captureLogger(): Logger & { entries: ReturnType<typeof createCapturingLogger>["lines"] } {
  const { logger, lines } = createCapturingLogger();
  return Object.assign(logger, { entries: lines });
}

let schemaCounter = 0;
/** A pg-boss schema no other test in this file uses. */
export const uniqueSchema = () => `pgboss_t${++schemaCounter}_${randomBytes(3).toString("hex")}`;

/** Creates queues with test-friendly timers and stops every one of them in `stopAll()`. */
export function queueFactory() {
  const open: JobQueue<AnyJobDefinition>[] = [];
  return {
    create<const TJobs extends readonly AnyJobDefinition[]>(
      database: DatabaseHandle,
      jobs: TJobs,
      options: Omit<JobQueueOptions<TJobs>, "jobs"> & { logger?: Logger; workerId?: string } = {},
    ) {
      const { logger = captureLogger(), workerId, schema = uniqueSchema(), ...rest } = options;
      const queue = createJobQueue(
        database,
        { database, logger, now: () => new Date(), ...(workerId && { workerId }) },
        { schema, pollingIntervalSeconds: 0.5, shutdownTimeoutMs: 5_000, ...rest, jobs },
      );
      open.push(queue as unknown as JobQueue<AnyJobDefinition>);
      return Object.assign(queue, { schema });
    },
    async stopAll() {
      await Promise.all(open.splice(0).map((q) => q.stop()));
    },
  };
}

export async function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 15_000, intervalMs = 100, what = "condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  output: unknown;
}

/** The job as pg-boss stores it (active table; completed/failed jobs stay there until archived). */
export async function jobRow(
  database: DatabaseHandle,
  schema: string,
  id: string,
): Promise<JobRow | undefined> {
  const { rows } = await database.executor.executeSql(
    `select id, name, state::text as state, retry_count, retry_limit, retry_delay, retry_backoff, output
       from ${schema}.job where id = $1`,
    [id],
  );
  return rows[0] as JobRow | undefined;
}
