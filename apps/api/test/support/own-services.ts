import { execFile, spawn, type ChildProcess } from "node:child_process";
import { expect } from "vitest";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { signServiceRequest, signTraineeToken } from "@studio/auth";
import { clients, createDatabase, forms, type DatabaseHandle } from "@studio/db";
import { assignForm, type DomainPorts, type JobScope } from "@studio/domain";
import { createJobQueue, createWiredJobQueue, type JobQueue } from "@studio/jobs";
import { createKvStore, type KvStore } from "@studio/kv";
import { silentLogger } from "@studio/observability";
import { Redis } from "ioredis";
import { createApp } from "../../src/app";
import { modelDeps } from "../../src/bootstrap";
import { loadConfig, type AppConfig } from "../../src/config";
import type { AppDeps } from "../../src/context";
import { createLogger } from "../../src/logger";
import { builtWorkerMain, workerDir } from "./built-mains";
import { field } from "./form-fixtures";
import { newOwner, recordingPorts, userHeaders, type WebUserContext } from "./harness";

/**
 * PostgreSQL and Redis instances of a test's own (the fault tests stop and restart them; the
 * machine's shared servers on 5432 and 6379 are never touched). Nothing is skipped: a missing
 * binary fails the test with a message naming it.
 */

const run = promisify(execFile);

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Debian's PostgreSQL binaries (/usr/lib/postgresql/<major>/bin), newest major first; PG_BIN overrides. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((d) => existsSync(path.join(root, d, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors.length)
    throw new Error(
      "own PostgreSQL: no initdb/pg_ctl under /usr/lib/postgresql/*/bin (install postgresql, or set PG_BIN)",
    );
  return path.join(root, majors[0]!, "bin");
}

export interface OwnPostgres {
  url: string;
  port: number;
  /** `pg_ctl restart -m <mode>`: running transactions are aborted, connections closed, then it starts again. */
  restart(mode?: "fast" | "immediate"): Promise<void>;
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster in a temp directory on a free port (trust auth, fsync off).
 * initdb and postgres refuse to run as root: as root the cluster runs as the `postgres` user.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const root = process.getuid?.() === 0;
  let uid: number | undefined;
  let gid: number | undefined;
  if (root) {
    try {
      const { stdout } = await run("id", ["-u", "postgres"]);
      uid = Number(stdout.trim());
      gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
    } catch {
      throw new Error("own PostgreSQL: running as root needs a `postgres` user to run initdb and postgres");
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "faults-pg-"));
  if (root) chownSync(dir, uid!, gid!);
  const data = path.join(dir, "data");
  const port = await freePort();
  const as = (file: string, args: string[]) =>
    root
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, file), ...args])
      : run(path.join(bin, file), args);
  await as("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=60",
  ].join(" ");
  const pgCtl = (args: string[]) =>
    as("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-t", "30", ...args]);
  const start = () => pgCtl(["start", "-o", options]).then(() => undefined);
  await start();
  let closed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: (mode = "fast") => pgCtl(["restart", "-m", mode, "-o", options]).then(() => undefined),
    stop: (mode = "fast") => pgCtl(["stop", "-m", mode]).then(() => undefined),
    start,
    async close() {
      if (closed) return;
      closed = true;
      await pgCtl(["stop", "-m", "immediate"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Migrates a database the way the harness's global setup builds its template (schema + pg-boss's). */
export async function migrateDatabase(url: string): Promise<void> {
  const handle = createDatabase({
    url,
    maxConnections: 1,
    connectTimeoutMs: 15_000,
    acquireTimeoutMs: 15_000,
  });
  try {
    await handle.migrate();
    const jobs = createJobQueue(handle, { database: handle, logger: silentLogger, now: () => new Date() });
    await jobs.start();
    await jobs.stop();
  } finally {
    await handle.close();
  }
}

export interface OwnRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A redis-server on a free port that keeps nothing on disk (like the deployment's). */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "faults-redis-"));
  let child: ChildProcess | undefined;
  const start = async () => {
    const spawned = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      { stdio: "ignore" },
    );
    const failed = new Promise<never>((_, reject) =>
      spawned.once("error", (e: NodeJS.ErrnoException) =>
        reject(
          new Error(
            e.code === "ENOENT" ? "own Redis: redis-server is not on PATH (install redis-server)" : e.message,
          ),
        ),
      ),
    );
    child = spawned;
    await Promise.race([waitForRedis(port), failed]);
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((resolve) => c.once("exit", resolve));
    c.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForRedis(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis({
      port,
      host: "127.0.0.1",
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error("own Redis: redis-server did not answer within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      probe.disconnect();
    }
  }
}

export interface Answer {
  status: number;
  body: any;
  ms: number;
}

export interface OwnApp {
  baseUrl: string;
  deps: AppDeps;
  config: AppConfig;
  jobs: JobQueue;
  web(method: string, path: string, user: WebUserContext, body?: unknown): Promise<Answer>;
  /** A request with the web lane's service signature only (internal and admin lanes). */
  signed(method: string, path: string): Promise<Answer>;
  request(
    method: string,
    path: string,
    init?: { headers?: Record<string, string>; body?: unknown },
  ): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * The real app (createApp) on a loopback socket over the given database URL (and Redis URL),
 * built as the harness builds it, with the production database timeouts unless `database` says
 * otherwise. Every request carries a client-side cap of 30 s so a hang shows as a failure.
 */
export async function startAppOn(options: {
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
  database?: Parameters<typeof createDatabase>[0];
  ports?: Partial<DomainPorts>;
  /** Also run the job worker in this process. */
  worker?: boolean;
  maintenanceIntervalSeconds?: number;
}): Promise<OwnApp> {
  const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_PER_MINUTE: "1000000", ...options.env });
  const database: DatabaseHandle = createDatabase({
    url: options.databaseUrl,
    prepareStatements: config.databasePreparedStatements,
    ...config.databaseTimeouts,
    ...options.database,
  });
  const kv: KvStore = createKvStore({
    redisUrl: options.redisUrl,
    keyPrefix: `faults:${Math.random().toString(36).slice(2)}:`,
  });
  const logger = createLogger({ silent: true });
  const now = () => new Date();
  const jobs = createWiredJobQueue(database, {
    logger,
    now,
    pushApiUrl: config.pushApiUrl,
    ports: { ...recordingPorts(), ...options.ports },
    sessionSigningSecret: config.sessionSigningSecret,
    webhookAllowLoopback: config.webhookAllowLoopback,
    queue: {
      pollingIntervalSeconds: 0.5,
      shutdownTimeoutMs: 2_000,
      ...(options.maintenanceIntervalSeconds && {
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      }),
    },
  });
  await jobs.start();
  if (options.worker) await jobs.work();
  const deps: AppDeps = { config, database, kv, jobs, logger, now, ...modelDeps(config), storage: null };
  const { app } = createApp(deps);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const send = async (method: string, p: string, headers: Record<string, string>, body?: string) => {
    const started = performance.now();
    const res = await fetch(baseUrl + p, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* non-JSON answers stay text */
    }
    return { status: res.status, body: parsed as any, ms: Math.round(performance.now() - started) };
  };
  const signature = (method: string, p: string, text: string) =>
    signServiceRequest({
      secret: config.serviceAuthSecret,
      serviceId: "web-app",
      method,
      pathWithQuery: p,
      body: text,
    });

  return {
    baseUrl,
    deps,
    config,
    jobs,
    web(method, p, user, body) {
      const text = body === undefined ? "" : JSON.stringify(body);
      return send(
        method,
        p,
        {
          ...signature(method, p, text),
          ...userHeaders(user),
          ...(text ? { "content-type": "application/json" } : {}),
        },
        text || undefined,
      );
    },
    signed(method, p) {
      return send(method, p, signature(method, p, ""));
    },
    request(method, p, init = {}) {
      const text = init.body === undefined ? undefined : JSON.stringify(init.body);
      return send(
        method,
        p,
        { ...(text ? { "content-type": "application/json" } : {}), ...init.headers },
        text,
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.stop();
      await kv.close();
      await database.close();
    },
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the worker logged "worker ready" (it polls its queues). */
  ready: Promise<void>;
}

/** The real worker process (apps/worker's built bundle, see built-mains) over `databaseUrl`, polling every 0.5 s. */
export function spawnWorker(databaseUrl: string, env: Record<string, string> = {}): WorkerProcess {
  const child = spawn(process.execPath, [builtWorkerMain], {
    cwd: workerDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      DATABASE_CONNECT_TIMEOUT_MS: "15000",
      WORKER_POLL_INTERVAL_SECONDS: "0.5",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    child.once("exit", (code, signal) =>
      reject(new Error(`worker exited before it was ready (${code ?? signal}):\n${logs.join("")}`)),
    );
  });
  ready.catch(() => undefined);
  const collect = (d: Buffer) => {
    logs.push(d.toString());
    if (d.toString().includes("worker ready")) markReady();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, logs, exited, ready };
}

/** A loopback FORM_FILLED receiver answering 200 after `delayMs`; counts arrivals and answers. */
export interface Receiver {
  url: string;
  arrived: number;
  answered: number;
  server: Server;
  close(): Promise<void>;
}

export async function startReceiver(delayMs: number): Promise<Receiver> {
  const state = { url: "", arrived: 0, answered: 0 } as Receiver;
  state.server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      state.arrived += 1;
      res.once("finish", () => (state.answered += 1));
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(200, { "content-type": "application/json" }).end("{}");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}/hooks/form-filled`;
  state.close = async () => {
    state.server.closeAllConnections();
    await new Promise<void>((resolve) => state.server.close(() => resolve()));
  };
  return state;
}

/** A studio with a FORM_FILLED hook at `targetUrl`, a trainee and `count` forms sent to them. */
export async function studioWithHook(app: OwnApp, targetUrl: string, count: number) {
  const owner = newOwner();
  const studio = await app.web("GET", "/v1/web/studio", owner);
  expect(studio.status).toBe(200);
  const studioId = studio.body.data.id as string;
  const key = await app.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "Zapier" });
  expect(key.status).toBe(201);
  const hook = await app.request("POST", "/v1/automation/hooks", {
    headers: { "x-api-key": key.body.data.key },
    body: { targetUrl },
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(200);
  const db = app.deps.database.db;
  const [client] = await db
    .insert(clients)
    .values({ studioId, firstName: "Maya", phone: `+9725${Math.floor(1e7 + Math.random() * 8e7)}` })
    .returning();
  const [form] = await db
    .insert(forms)
    .values({ studioId, name: "check-in", type: "ONE_TIME", fields: [field("q1", "text")] })
    .returning();
  const scope: JobScope = {
    studioId,
    actor: { kind: "job", job: "test" },
    requestId: "test",
    now: new Date(),
    logger: app.deps.logger,
    jobs: app.deps.jobs,
    model: null,
    webPages: null,
    storage: null,
  };
  const assignments: string[] = [];
  for (let i = 0; i < count; i++) {
    const { assignment } = await assignForm(db, scope, {
      clientId: client!.id,
      formId: form!.id,
      push: false,
      source: "coach",
    });
    assignments.push(assignment.id);
  }
  const token = signTraineeToken({ clientId: client!.id, studioId }, app.config.sessionSigningSecret);
  const responseIds: string[] = [];
  return {
    studioId,
    hookId: hook.body.data.id as string,
    assignments,
    /** The ids of the form responses submitted so far (FORM_FILLED carries them). */
    responseIds,
    /** Submits the next form; answers how long the request took. */
    async submit(): Promise<number> {
      const id = assignments.shift()!;
      const res = await app.request("POST", `/v1/trainee/forms/${id}/submit`, {
        headers: { authorization: `Bearer ${token}` },
        body: { answers: { q1: "fine" } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      responseIds.push(res.body.data.id as string);
      return res.ms;
    },
  };
}
