import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { signServiceRequest, signTraineeToken } from "@studio/auth";
import type { DatabaseHandle } from "@studio/db";
import { createKvStore, type KvStore } from "@studio/kv";
import {
  resolveCoachActor,
  type CoachScope,
  type DomainPorts,
  type JobScope,
  type ObjectStorage,
} from "@studio/domain";
import { createApp, type CreateAppOptions } from "../../src/app";
import { loadConfig, type AppConfig } from "../../src/config";
import type { AppDeps } from "../../src/context";
import { createLogger, type Logger } from "../../src/logger";
import { freshPglite, freshPostgres, TEST_REDIS_URL } from "./databases";
import { createWiredJobQueue, type JobQueue } from "@studio/jobs";
import { codeSenders, modelDeps } from "../../src/bootstrap";

export interface TestAppOptions {
  database?: "postgres" | "pglite";
  redis?: boolean | string;
  /** Shared key prefix, to model several replicas of one deployment on one Redis. */
  kvPrefix?: string;
  env?: Record<string, string>;
  now?: () => Date;
  app?: CreateAppOptions;
  /** The job handlers' mail and chat ports (recording by default); tests pass recording or failing ones. */
  ports?: Partial<DomainPorts>;
  /** Also run the job worker (polling every 0.5 s); by default jobs are only enqueued (nothing is sent). */
  worker?: boolean;
  /** The app's logger (tests that read log lines pass a collecting one); silent by default. */
  logger?: Logger;
  /** Media object storage (see support/s3-server.ts); none by default (media answers INTERNAL). */
  storage?: ObjectStorage | null;
  /**
   * API replicas over the one database and kv store (default: TEST_REPLICAS, see
   * replicasFromEnv). With 2, each replica is its own createApp on its own socket with its own
   * per-process caches, `web` and `request` alternate A, B, A, … like a round-robin load
   * balancer, and `worker: true` runs two job workers. Pin 1 only where a test reads one
   * process's memory, and say why.
   */
  replicas?: 1 | 2;
}

/**
 * TEST_REPLICAS=1 or 2; unset: 2, so every run proves the lanes against either of two
 * processes (it costs the suite no measurable time, docs/decisions/testing.md "Replica mode").
 * TEST_REPLICAS=1 opts out. Read per call, so a file can set it before starting apps.
 */
export function replicasFromEnv(): 1 | 2 {
  const value = process.env.TEST_REPLICAS?.trim();
  if (value === undefined || value === "") return 2;
  if (value === "1" || value === "2") return Number(value) as 1 | 2;
  throw new Error(`TEST_REPLICAS must be 1 or 2, got ${JSON.stringify(value)}`);
}

/** What a test can send to one replica only (cross-replica tests). */
export interface ReplicaClient {
  baseUrl: string;
  web: TestApp["web"];
  request: TestApp["request"];
}

export interface TestApp {
  /**
   * Replica A's address. A test that fetches it directly always reaches A; `web` and `request`
   * alternate between the replicas.
   */
  baseUrl: string;
  /** How many API replicas (and, with `worker`, job workers) serve this app. */
  replicas: 1 | 2;
  /** Replica i only (0 = A, 1 = B); with one replica both name it. */
  replica(index: 0 | 1): ReplicaClient;
  /**
   * Replica A's deps. Replica B's read through to them (so a test that swaps deps.logger or
   * deps.kv reaches both) except for its own process caches and, with `worker`, its job queue.
   */
  deps: AppDeps;
  config: AppConfig;
  /** Signed web-lane request over the socket. */
  web(
    method: string,
    path: string,
    user: WebUserContext,
    body?: unknown,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Unsigned request (any lane) over the socket. */
  request(
    method: string,
    path: string,
    init?: { headers?: Record<string, string>; body?: string },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  traineeToken(clientId: string, studioId: string): string;
  /** A studio-wide scope for calling domain operations directly (as a job would). */
  scopeFor(studioId: string): JobScope;
  /** The jobs of queue `name` in pg-boss's table, oldest first (state: created, active, retry, completed, failed). */
  jobsNamed(name: string): Promise<{ id: string; state: string; retryCount: number; data: any }[]>;
  /** The scope a web request of this coach would get (role OWNER unless given). */
  coachScopeFor(studioId: string, userId: string, role?: CoachScope["actor"]["role"]): Promise<CoachScope>;
  close(): Promise<void>;
}

/**
 * Starts the real app on a loopback socket over a fresh database; in replica mode two apps, one
 * database, one kv store (it models the shared Redis).
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const replicas = options.replicas ?? replicasFromEnv();
  const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_PER_MINUTE: "100000", ...options.env });
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void>;
  if ((options.database ?? "postgres") === "postgres") {
    const pg = await freshPostgres();
    database = pg.handle;
    dropDatabase = pg.drop;
  } else {
    database = await freshPglite();
    dropDatabase = () => database.close();
  }
  const redisUrl = options.redis === true ? TEST_REDIS_URL : options.redis || undefined;
  const kv: KvStore = createKvStore({
    redisUrl,
    keyPrefix: options.kvPrefix ?? `t:${Math.random().toString(36).slice(2)}:`,
  });
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? createLogger({ silent: true });
  // One set of ports for every worker, so a test reads what either one sent.
  const ports = { ...recordingPorts(), ...options.ports };
  const startQueue = async () => {
    const queue = createWiredJobQueue(database, {
      logger,
      now,
      pushApiUrl: config.pushApiUrl,
      ports,
      sessionSigningSecret: config.sessionSigningSecret,
      queue: { pollingIntervalSeconds: 0.5, shutdownTimeoutMs: 5_000 },
    });
    await queue.start();
    if (options.worker) await queue.work();
    return queue;
  };
  const jobs = await startQueue();
  // Replica B's queue: a second worker when `worker` is set; otherwise B enqueues through A's
  // (enqueueing keeps no state of its own, and a second pg-boss start costs every test app).
  const queues: JobQueue[] = [jobs];
  if (replicas === 2 && options.worker) queues.push(await startQueue());
  const deps: AppDeps = {
    config,
    database,
    kv,
    jobs,
    logger,
    now,
    // LLM_BASE_URL, RECIPE_READER_URL and WEBHOOK_ALLOW_LOOPBACK come from options.env.
    ...modelDeps(config),
    // WHATSAPP_* and MAIL_* from options.env: the API's own signup-code senders, as bootstrap wires them.
    senders: codeSenders(config),
    storage: options.storage ?? null,
  };
  const servers: ReturnType<typeof serve>[] = [];
  const listen = async (replicaDeps: AppDeps) => {
    const { app } = createApp(replicaDeps, options.app);
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    servers.push(server);
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const baseUrls = [await listen(deps)];
  if (replicas === 2)
    baseUrls.push(await listen(replicaOf(deps, { jobs: queues[1] ?? jobs, caches: undefined })));
  const baseUrl = baseUrls[0]!;
  let turn = 0;
  /** Round robin over the replicas, request by request. */
  const nextUrl = () => baseUrls[turn++ % baseUrls.length]!;

  const send = async (
    url: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* non-JSON answers stay text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };

  const webAt = (url: () => string): TestApp["web"] =>
    function web(method, path, user, body) {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const headers = {
        ...signServiceRequest({
          secret: config.serviceAuthSecret,
          serviceId: "web-app",
          method,
          pathWithQuery: path,
          body: text ?? "",
        }),
        ...userHeaders(user),
        ...(text ? { "content-type": "application/json" } : {}),
      };
      return send(url(), method, path, headers, text);
    };
  const requestAt =
    (url: () => string): TestApp["request"] =>
    (method, path, init = {}) =>
      send(url(), method, path, init.headers ?? {}, init.body);

  return {
    baseUrl,
    replicas,
    replica(index) {
      const url = baseUrls[Math.min(index, baseUrls.length - 1)]!;
      return { baseUrl: url, web: webAt(() => url), request: requestAt(() => url) };
    },
    deps,
    config,
    web: webAt(nextUrl),
    request: requestAt(nextUrl),
    traineeToken(clientId, studioId) {
      return signTraineeToken({ clientId, studioId }, config.sessionSigningSecret);
    },
    scopeFor(studioId) {
      return {
        studioId,
        actor: { kind: "job", job: "test" },
        requestId: "test",
        now: now(),
        logger: deps.logger,
        jobs: deps.jobs,
        model: deps.model ?? null,
        webPages: deps.webPages ?? null,
        storage: deps.storage,
      };
    },
    async jobsNamed(name) {
      const { rows } = await database.executor.executeSql(
        `select id, state::text as state, retry_count as "retryCount", data
           from pgboss.job where name = $1 order by created_on, id`,
        [name],
      );
      return rows as { id: string; state: string; retryCount: number; data: any }[];
    },
    async coachScopeFor(studioId, userId, role = "OWNER") {
      return {
        studioId,
        actor: await resolveCoachActor(database.db, { studioId, userId, role }),
        requestId: "test",
        now: now(),
        logger: deps.logger,
        jobs: deps.jobs,
        model: deps.model ?? null,
        webPages: deps.webPages ?? null,
        storage: deps.storage,
      };
    },
    async close() {
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
      for (const queue of queues.reverse()) await queue.stop();
      await kv.close();
      await dropDatabase();
    },
  };
}

/**
 * Replica B's deps: A's, read live (a test that swaps A's logger, model or kv reaches B too),
 * except for what each process has of its own (`own`: its process caches, its job queue).
 */
function replicaOf(shared: AppDeps, own: Partial<AppDeps>): AppDeps {
  return new Proxy(shared, {
    get: (target, key) => (Object.hasOwn(own, key) ? own[key as keyof AppDeps] : Reflect.get(target, key)),
    set: (target, key, value) =>
      Object.hasOwn(own, key) ? Reflect.set(own, key, value) : Reflect.set(target, key, value),
  });
}

export interface WebUserContext {
  studioId?: string;
  userId?: string;
  role?: string;
  userName?: string;
  userEmail?: string;
  studioSlug?: string;
  studioName?: string;
}

/** The web app's user context headers; a field left undefined is not sent. */
export function userHeaders(user: WebUserContext): Record<string, string> {
  const entries: [string, string | undefined][] = [
    ["x-studio-id", user.studioId],
    ["x-user-id", user.userId],
    ["x-user-role", user.role],
    ["x-user-name", user.userName],
    ["x-user-email", user.userEmail],
    ["x-studio-slug", user.studioSlug],
    ["x-studio-name", user.studioName],
  ];
  return Object.fromEntries(entries.filter((e): e is [string, string] => e[1] !== undefined));
}

/** Outbound services that record what they were asked to send (tests read `sent`). */
export function recordingPorts(): DomainPorts & { sent: { mail: unknown[]; chat: unknown[] } } {
  const sent = { mail: [] as unknown[], chat: [] as unknown[] };
  return {
    sent,
    mailer: { send: async (m) => void sent.mail.push(m) },
    chat: { sendMessage: async (m) => void sent.chat.push(m) },
  };
}

let counter = 0;
/** A distinct web user of a distinct studio per call, so tests never share tenants by accident. */
export function newOwner(overrides: Partial<WebUserContext> = {}): WebUserContext {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    studioId: `org_${tag}`,
    userId: `user_${tag}`,
    role: "OWNER",
    userName: "Dana Levi",
    userEmail: `dana${tag}@example.com`,
    ...overrides,
  };
}
