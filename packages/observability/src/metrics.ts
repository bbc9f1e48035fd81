import { createHash, timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export type { Registry } from "prom-client";

/**
 * Raw SQL with $n parameters: structurally `SqlExecutor` of @studio/db, so this package needs
 * no database dependency and the collectors move with whatever owns the handle.
 */
export interface MetricsSqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * A registry of its own per app or worker (never prom-client's global one), so tests that
 * build many apps in one process do not collide on metric names.
 */
export function createMetricsRegistry(options: { defaultMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  return registry;
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export interface HttpMetrics {
  /** One finished request: route is the pattern (or "unmatched"), never the raw path. */
  observe(request: { method: string; route: string; status: number; durationSeconds: number }): void;
}

/** http_requests_total and http_request_duration_seconds by method, route pattern and status. */
export function registerHttpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ["method", "route", "status"] as const;
  const total = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request reaching the app to its response, by method, route pattern and status.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The label children of each (method, route, status), looked up once: prom-client hashes the
  // label object on every inc/observe otherwise (a measured share of a small request, issue 16).
  // Bounded like the labels themselves: route patterns, known verbs, status codes.
  const children = new Map<
    string,
    { total: ReturnType<typeof total.labels>; duration: ReturnType<typeof duration.labels> }
  >();
  return {
    observe({ method, route, status, durationSeconds }) {
      // Unknown verbs are bounded to one label value: label values must not grow with input.
      const verb = METHODS.has(method) ? method : "OTHER";
      const key = `${verb} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method: verb, route, status: String(status) };
        child = { total: total.labels(labels), duration: duration.labels(labels) };
        children.set(key, child);
      }
      child.total.inc();
      child.duration.observe(durationSeconds);
    },
  };
}

/** Resolves with the value, or rejects once `ms` have passed (the query itself runs on). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`metrics query took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs `load` at most once per scrape: every gauge's collect() of one scrape shares the result
 * (prom-client collects all metrics of a scrape concurrently).
 */
function oncePerScrape<T>(load: () => Promise<T>, reuseMs = 500): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > reuseMs) last = { at: now, value: load() };
    return last.value;
  };
}

export interface DatabaseMetricsSource {
  executor: MetricsSqlExecutor;
  kind: "postgres" | "pglite";
  /** Connections the handle may open (DatabaseHandle.maxConnections; PGlite is one connection). */
  maxConnections: number;
  /** application_name the pool's connections carry (pg_stat_activity filter). */
  applicationName?: string;
  timeoutMs?: number;
}

/**
 * Database pool metrics. postgres.js keeps its pool queues private, so the pool is described
 * by what can be read without patching the driver:
 * - studio_db_pool_max_connections: the configured size;
 * - studio_db_up / studio_db_ping_seconds: a `select 1` through the pool at scrape time, which
 *   includes the wait for a free connection (a saturated pool shows as a slow ping);
 * - studio_db_connections{state}: PostgreSQL's own view (pg_stat_activity) of the connections
 *   with this application_name on this database: every process of the deployment together
 *   (active = queries in flight). PostgreSQL only.
 */
export function registerDatabaseMetrics(registry: Registry, source: DatabaseMetricsSource): void {
  const timeoutMs = source.timeoutMs ?? 2_000;
  const applicationName = source.applicationName ?? "studio-api";
  new Gauge({
    name: "studio_db_pool_max_connections",
    help: "Connections the database pool of this process may open (configured).",
    registers: [registry],
  }).set(source.maxConnections);

  const probe = oncePerScrape(async () => {
    const started = performance.now();
    try {
      await within(source.executor.executeSql("select 1"), timeoutMs);
    } catch {
      return { up: 0, seconds: (performance.now() - started) / 1000, states: [] };
    }
    const seconds = (performance.now() - started) / 1000;
    let states: { state: string; count: number }[] = [];
    if (source.kind === "postgres") {
      const result = await within(
        source.executor.executeSql(
          `select coalesce(state, 'unknown') as state, count(*)::int as count
             from pg_stat_activity
            where datname = current_database() and application_name = $1
            group by 1`,
          [applicationName],
        ),
        timeoutMs,
      ).catch(() => ({ rows: [] }));
      states = result.rows.map((row) => ({ state: String(row.state), count: Number(row.count) }));
    }
    return { up: 1, seconds, states };
  });

  new Gauge({
    name: "studio_db_up",
    help: "1 when a `select 1` through the pool answered within the scrape timeout.",
    registers: [registry],
    async collect() {
      this.set((await probe()).up);
    },
  });
  new Gauge({
    name: "studio_db_ping_seconds",
    help: "Time of a `select 1` through the pool at scrape time, including the wait for a connection.",
    registers: [registry],
    async collect() {
      this.set((await probe()).seconds);
    },
  });
  if (source.kind === "postgres") {
    new Gauge({
      name: "studio_db_connections",
      help: "Connections of this application on this database by state, as PostgreSQL sees them (all processes).",
      labelNames: ["state"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { state, count } of (await probe()).states) this.set({ state }, count);
      },
    });
  }
}

export interface JobQueueStats {
  job: string;
  /** created or retry, start_after reached: waiting for a worker. */
  ready: number;
  /** created or retry, start_after in the future (delayed jobs and retry back-off). */
  delayed: number;
  /** waiting for a retry after a failed attempt (part of ready or delayed). */
  retrying: number;
  active: number;
  /** failed with no retries left, still held by pg-boss (it archives finished jobs after 12 h by default). */
  failed: number;
  failedLastHour: number;
  /** seconds since the oldest ready job could have started; 0 when none waits. */
  oldestReadyAgeSeconds: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/i;

/**
 * Per job type (pg-boss queue) counts read from pg-boss's tables in one statement; queues
 * without jobs answer zeros. Takes only an executor and the schema, so it can move with the
 * queue (apps/worker → packages/jobs).
 */
export async function collectJobQueueStats(
  executor: MetricsSqlExecutor,
  options: { schema?: string } = {},
): Promise<JobQueueStats[]> {
  const schema = options.schema ?? "pgboss";
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid pg-boss schema name "${schema}"`);
  const waiting = `j.state in ('created', 'retry')`;
  const { rows } = await executor.executeSql(
    `select q.name as job,
            count(j.id) filter (where ${waiting} and j.start_after <= now())::int as ready,
            count(j.id) filter (where ${waiting} and j.start_after > now())::int as delayed,
            count(j.id) filter (where j.state = 'retry')::int as retrying,
            count(j.id) filter (where j.state = 'active')::int as active,
            count(j.id) filter (where j.state = 'failed')::int as failed,
            count(j.id) filter (where j.state = 'failed' and j.completed_on > now() - interval '1 hour')::int
              as failed_last_hour,
            coalesce(extract(epoch from now() - min(j.start_after)
              filter (where ${waiting} and j.start_after <= now())), 0)::float8 as oldest_ready_age
       from ${schema}.queue q
       left join ${schema}.job j on j.name = q.name
      group by q.name
      order by q.name`,
  );
  return rows.map((row) => ({
    job: String(row.job),
    ready: Number(row.ready),
    delayed: Number(row.delayed),
    retrying: Number(row.retrying),
    active: Number(row.active),
    failed: Number(row.failed),
    failedLastHour: Number(row.failed_last_hour),
    oldestReadyAgeSeconds: Number(row.oldest_ready_age),
  }));
}

/** studio_job_* gauges per job type, collected from pg-boss's tables at scrape time. */
export function registerJobQueueMetrics(
  registry: Registry,
  source: { executor: MetricsSqlExecutor; schema?: string; timeoutMs?: number },
): void {
  const timeoutMs = source.timeoutMs ?? 2_000;
  const load = oncePerScrape(async () => {
    try {
      return { up: 1, stats: await within(collectJobQueueStats(source.executor, source), timeoutMs) };
    } catch {
      return { up: 0, stats: [] as JobQueueStats[] };
    }
  });
  new Gauge({
    name: "studio_job_queue_up",
    help: "1 when the job queue's tables could be read at scrape time.",
    registers: [registry],
    async collect() {
      this.set((await load()).up);
    },
  });
  const perJob: [string, string, (s: JobQueueStats) => number][] = [
    ["studio_job_queue_depth", "Jobs ready to run and waiting for a worker, per job type.", (s) => s.ready],
    [
      "studio_job_queue_delayed",
      "Jobs scheduled for later (delay or retry back-off), per job type.",
      (s) => s.delayed,
    ],
    [
      "studio_job_retrying",
      "Jobs waiting for a retry after a failed attempt, per job type.",
      (s) => s.retrying,
    ],
    ["studio_job_active", "Jobs running now, per job type.", (s) => s.active],
    [
      "studio_job_failed",
      "Jobs failed with no retries left that pg-boss still holds, per job type.",
      (s) => s.failed,
    ],
    [
      "studio_job_failed_last_hour",
      "Jobs that failed for good in the last hour, per job type.",
      (s) => s.failedLastHour,
    ],
    [
      "studio_job_oldest_ready_age_seconds",
      "Seconds the oldest ready job has been waiting for a worker, per job type (0 when none).",
      (s) => s.oldestReadyAgeSeconds,
    ],
  ];
  for (const [name, help, pick] of perJob) {
    new Gauge({
      name,
      help,
      labelNames: ["job"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const stats of (await load()).stats) this.set({ job: stats.job }, pick(stats));
      },
    });
  }
}

export type MetricsAccessVerdict = "allow" | "unauthorized" | "hidden";

/**
 * Who may read /metrics. With METRICS_TOKEN set, only `Authorization: Bearer <token>`
 * (compared in constant time), in every environment. Without a token: open outside
 * production, hidden (404) in production.
 */
export function metricsAccess(options: { production: boolean; token?: string }) {
  const expected = options.token ? digest(options.token) : undefined;
  return (authorization: string | undefined): MetricsAccessVerdict => {
    if (!expected) return options.production ? "hidden" : "allow";
    const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(authorization ?? "");
    // Both sides hashed to 32 bytes: timingSafeEqual needs equal lengths, and the length of the
    // presented value tells nothing about the token.
    return match && timingSafeEqual(digest(match[1]!), expected) ? "allow" : "unauthorized";
  };
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
