import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import net from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { signServiceRequest } from "@studio/auth";
import { DELIVER_PUSH_JOB } from "@studio/contracts";
import { clients, createDatabase, pushTokens, studios, type DatabaseHandle } from "@studio/db";
import { notify } from "@studio/domain";
import { createWiredJobQueue } from "@studio/jobs";
import { silentLogger } from "@studio/observability";
import { DEFAULT_SERVICE_AUTH_SECRET } from "../src/config";
import { apiDir, builtMainIn, workerDir } from "./support/built-mains";
import { freshPostgres } from "./support/databases";
import { newOwner, userHeaders } from "./support/harness";

/**
 * Graceful shutdown (issue 9, item 5) of the real API process (the built bundle, support/built-mains): after
 * SIGTERM it stops accepting connections, answers /readyz 503, lets a request whose body is
 * still arriving finish with its 201, then closes the queue and pools and exits 0.
 */

interface Api {
  child: ChildProcess;
  port: number;
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const running: Api[] = [];
afterEach(() => {
  for (const api of running.splice(0)) if (api.child.exitCode === null) api.child.kill("SIGKILL");
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Spawns the API (or the worker) as the real process, from its built bundle (support/built-mains). */
function spawnMain(cwd: string, env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [builtMainIn(cwd)], {
    cwd,
    // Room for a loaded CI box; the 1 s production default is tested by database-outage.test.ts.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      DATABASE_CONNECT_TIMEOUT_MS: "15000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout!.on("data", (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => logs.push(d.toString()));
  const exited = new Promise<Api["exited"] extends Promise<infer T> ? T : never>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  return { child, logs, exited };
}

async function startApi(env: Record<string, string>): Promise<Api> {
  const port = await freePort();
  const { child, logs, exited } = spawnMain(apiDir, {
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: "100000",
    ...env,
  });
  const api: Api = { child, port, logs, exited };
  running.push(api);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited early:\n${logs.join("")}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return api;
    if (Date.now() > deadline) throw new Error(`API did not start:\n${logs.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A raw HTTP/1.1 exchange over one socket, so the test controls when each byte is sent. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d: Buffer) => (received += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  return {
    connected: new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    }),
    write: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
    /** The response once the server closed the connection (`connection: close` during the drain). */
    async response() {
      await closed;
      const [head = "", body = ""] = received.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((l) => [
          l.slice(0, l.indexOf(":")).toLowerCase(),
          l.slice(l.indexOf(":") + 1).trim(),
        ]),
      );
      const chunked = headers["transfer-encoding"] === "chunked";
      const text = chunked ? dechunk(body) : body;
      return { status: Number(statusLine.split(" ")[1]), headers, body: text ? JSON.parse(text) : undefined };
    },
    closed,
  };
}

function dechunk(body: string): string {
  let out = "";
  let rest = body;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** True once a new connection to the port is refused. */
async function refusesNewConnections(port: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => {
        s.destroy();
        resolve(false);
      });
      s.once("error", (e: NodeJS.ErrnoException) => resolve(e.code === "ECONNREFUSED"));
    });
    if (refused) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** The head and body of a signed web-lane POST creating a lead. */
function signedLeadRequest(port: number) {
  const path = "/v1/web/crm/leads";
  const body = JSON.stringify({ name: "Noa Levi", phone: "050-1234567", city: "Haifa" });
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    ...signServiceRequest({
      secret: DEFAULT_SERVICE_AUTH_SECRET,
      serviceId: "web-app",
      method: "POST",
      pathWithQuery: path,
      body,
    }),
    ...userHeaders(newOwner()),
  };
  const head = `POST ${path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n`;
  return { head, body };
}

let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;
afterAll(async () => pg?.drop());

const databases: [string, () => Promise<Record<string, string>>][] = [
  [
    "PostgreSQL",
    async () => {
      pg ??= await freshPostgres();
      return { DATABASE_URL: pg.url };
    },
  ],
  // The embedded default also runs the job worker in the API process.
  ["embedded PGlite", async () => ({ PGLITE_DATA_DIR: "memory://" })],
];

describe.each(databases)("graceful shutdown of the API process (%s)", (_name, databaseEnv) => {
  it("SIGTERM: new connections are refused, /readyz answers 503, a request whose body is still arriving gets its 201, exit 0", async () => {
    const api = await startApi(await databaseEnv());
    const { head, body } = signedLeadRequest(api.port);

    // A request in flight: headers and half the body sent.
    const inFlight = rawConnection(api.port);
    await inFlight.connected;
    await inFlight.write(head + body.slice(0, 20));
    // A /readyz request already started (headers not complete) on another connection.
    const probe = rawConnection(api.port);
    await probe.connected;
    await probe.write(`GET /readyz HTTP/1.1\r\nhost: 127.0.0.1:${api.port}\r\n`);
    await new Promise((r) => setTimeout(r, 200));

    api.child.kill("SIGTERM");
    expect(await refusesNewConnections(api.port, 3_000)).toBe(true);

    await probe.write("\r\n");
    const ready = await probe.response();
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, checks: { shutdown: "draining" } });
    expect(ready.headers.connection).toBe("close");

    // The process is still draining: the request in flight is not cut.
    expect(api.child.exitCode).toBeNull();
    await inFlight.write(body.slice(20));
    const created = await inFlight.response();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ok: true, data: { name: "Noa Levi", city: "Haifa" } });
    expect(created.headers.connection).toBe("close");
    const answeredAt = performance.now();

    const exit = await api.exited;
    // Nothing waits for idle keep-alive connections to time out.
    expect(exit.at - answeredAt).toBeLessThan(3_000);
    expect(exit, api.logs.join("")).toMatchObject({ code: 0, signal: null });
    expect(api.logs.join("")).toMatch(/shut down/);
  }, 120_000);
});

describe("graceful shutdown bounds", () => {
  it("a request still incomplete when SHUTDOWN_GRACE_MS ends is cut, and the process still exits 0", async () => {
    pg ??= await freshPostgres();
    const api = await startApi({ DATABASE_URL: pg.url, SHUTDOWN_GRACE_MS: "1000" });
    const { head, body } = signedLeadRequest(api.port);
    const stuck = rawConnection(api.port);
    await stuck.connected;
    await stuck.write(head + body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 100));

    const signalledAt = performance.now();
    api.child.kill("SIGTERM");
    const exit = await api.exited;
    const ms = exit.at - signalledAt;
    expect(exit, api.logs.join("")).toMatchObject({ code: 0, signal: null });
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(6_000);
    await stuck.closed;
    expect(api.logs.join("")).toMatch(/grace period over/);
  }, 90_000);

  it("SIGINT (Ctrl-C) with an idle keep-alive connection open exits 0 at once, not after the grace period", async () => {
    pg ??= await freshPostgres();
    const api = await startApi({ DATABASE_URL: pg.url });
    const idle = rawConnection(api.port);
    await idle.connected;
    await idle.write(`GET /healthz HTTP/1.1\r\nhost: 127.0.0.1:${api.port}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 200));

    const signalledAt = performance.now();
    // Ctrl-C reaches every process of the terminal's group, and pnpm relays it: two signals.
    api.child.kill("SIGINT");
    await new Promise((r) => setTimeout(r, 100));
    if (api.child.exitCode === null) api.child.kill("SIGINT");
    const exit = await api.exited;
    expect(exit, api.logs.join("")).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(5_000);
    await idle.closed;
  }, 90_000);
});

/**
 * The worker process (apps/worker/src/main.ts) on SIGTERM/SIGINT: a running job finishes
 * within SHUTDOWN_GRACE_MS, or goes back to the queue when the grace period ends.
 */
describe("graceful shutdown of the worker process", () => {
  let database: DatabaseHandle;
  /** A push provider on loopback speaking the Expo push API; holds each request until released. */
  let provider: ReturnType<typeof createServer>;
  let providerUrl: string;
  const held: { res: ServerResponse; body: string }[] = [];
  let arrived: () => void = () => {};

  const answer = (entry: { res: ServerResponse; body: string }) => {
    const messages = JSON.parse(entry.body) as unknown[];
    entry.res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ data: messages.map(() => ({ status: "ok", id: randomUUID() })) }));
  };

  afterAll(async () => {
    for (const entry of held.splice(0)) entry.res.destroy();
    await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
    await database?.close();
  });

  async function setUp() {
    pg ??= await freshPostgres();
    database ??= createDatabase({ url: pg.url, maxConnections: 2, connectTimeoutMs: 15_000 });
    if (!provider) {
      provider = createServer((req: IncomingMessage, res: ServerResponse) => {
        let body = "";
        req.on("data", (chunk) => (body += chunk));
        req.on("end", () => {
          held.push({ res, body });
          arrived();
        });
      });
      await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", () => resolve()));
      providerUrl = `http://127.0.0.1:${(provider.address() as net.AddressInfo).port}/--/api/v2/push/send`;
    }
  }

  /** A trainee with a device, and a push notify() recorded and enqueued (as a request would). */
  async function queuedPush() {
    const [studio] = await database.db
      .insert(studios)
      .values({ name: "Studio", slug: `s-${randomUUID()}` })
      .returning();
    const [client] = await database.db
      .insert(clients)
      .values({ studioId: studio!.id, firstName: "Maya", phone: `+9725${Math.floor(Math.random() * 1e8)}` })
      .returning();
    await database.db.insert(pushTokens).values({
      studioId: studio!.id,
      clientId: client!.id,
      token: `ExponentPushToken[${randomUUID()}]`,
      platform: "ios",
    });
    const queue = createWiredJobQueue(database, { logger: silentLogger, now: () => new Date() });
    await queue.start();
    try {
      const record = await notify(
        database.db,
        {
          studioId: studio!.id,
          actor: { kind: "job", job: "test" },
          requestId: "test",
          now: new Date(),
          logger: silentLogger,
          jobs: queue,
        },
        { clientId: client!.id, type: "TRAINER_MESSAGE", variables: { coach: "Dana", message: "Well done" } },
      );
      return record.id;
    } finally {
      await queue.stop();
    }
  }

  const jobState = async (notificationId: string) => {
    const { rows } = await database.executor.executeSql(
      "select state from pgboss.job where name = $1 and data->>'notificationId' = $2",
      [DELIVER_PUSH_JOB, notificationId],
    );
    return (rows[0] as { state: string } | undefined)?.state;
  };
  const notificationStatus = async (id: string) =>
    (await database.db.query.notifications.findFirst({ where: (n, { eq }) => eq(n.id, id) }))?.status;

  function startWorker(env: Record<string, string>) {
    const worker = spawnMain(workerDir, {
      DATABASE_URL: pg!.url,
      PUSH_API_URL: providerUrl,
      WORKER_POLL_INTERVAL_SECONDS: "0.5",
      ...env,
    });
    running.push({ ...worker, port: 0 });
    return worker;
  }

  const providerCalled = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the worker never called the push provider")), 60_000);
      arrived = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  it("Ctrl-C (SIGINT twice) while a job runs: the job finishes and is recorded, then the worker exits 0", async () => {
    await setUp();
    const id = await queuedPush();
    const called = providerCalled();
    const worker = startWorker({});
    await called;

    // Ctrl-C reaches every process of the terminal's group and pnpm relays it: a second
    // SIGINT follows the first (separately delivered, not merged into one).
    worker.child.kill("SIGINT");
    await new Promise((r) => setTimeout(r, 300));
    worker.child.kill("SIGINT");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(worker.child.exitCode, worker.logs.join("")).toBeNull();
    answer(held.shift()!);

    const exit = await worker.exited;
    expect(exit, worker.logs.join("")).toMatchObject({ code: 0, signal: null });
    expect(await jobState(id)).toBe("completed");
    expect(await notificationStatus(id)).toBe("sent");
  }, 120_000);

  it("a job still running when SHUTDOWN_GRACE_MS ends goes back to the queue; the worker exits 0", async () => {
    await setUp();
    const id = await queuedPush();
    const called = providerCalled();
    const worker = startWorker({ SHUTDOWN_GRACE_MS: "1000" });
    await called;

    const signalledAt = performance.now();
    worker.child.kill("SIGTERM");
    const exit = await worker.exited;
    expect(exit, worker.logs.join("")).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(5_000);
    // Failed back by pg-boss: retried per the job's policy by the next worker.
    expect(await jobState(id)).toBe("retry");
    expect(await notificationStatus(id)).toBe("queued");
  }, 120_000);
});
