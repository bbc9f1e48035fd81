import http from "node:http";
import type { AddressInfo } from "node:net";
import { signServiceRequest, signTraineeToken } from "@studio/auth";
import { startApiProcess, type ApiProcess } from "./credential-fuzz";
import { freshPostgres } from "./databases";
import { userHeaders, type TestApp } from "./harness";
import { spawnWorker, type WorkerProcess } from "./own-services";

/**
 * Issue 27 item 2: the deployment an operator runs. Two real API processes (their built bundles)
 * and two real workers over one fresh PostgreSQL database and one Redis, behind a round-robin
 * proxy on loopback that sends each request to the other API process than the one before
 * (whatever the client's connection). `client` answers the part of the harness's TestApp the
 * lane fixtures use (web, request, traineeToken, deps.database), so they run against the pair.
 */
export interface Pair {
  proxyUrl: string;
  apis: ApiProcess[];
  workers: WorkerProcess[];
  /** Which API process (0 or 1) answered each request, in order. */
  served: number[];
  client: TestApp;
  close(): Promise<void>;
}

export const PAIR_SERVICE_SECRET = "pair-service-secret-0123456789abcdef";
export const PAIR_SESSION_SECRET = "pair-session-secret-fedcba9876543210";

export async function startPair(env: Record<string, string>): Promise<Pair> {
  const pg = await freshPostgres();
  const apiEnv = {
    DATABASE_URL: pg.url,
    RUN_WORKER_IN_PROCESS: "0",
    SERVICE_AUTH_SECRET: PAIR_SERVICE_SECRET,
    SESSION_SIGNING_SECRET: PAIR_SESSION_SECRET,
    RATE_LIMIT_PER_MINUTE: "100000",
    ...env,
  };
  const apis: ApiProcess[] = [];
  // One after the other: two bundles starting at once on a loaded machine can miss the deadline.
  apis.push(await startApiProcess(apiEnv));
  apis.push(await startApiProcess(apiEnv));
  const workers = [1, 2].map((n) =>
    spawnWorker(pg.url, { SESSION_SIGNING_SECRET: PAIR_SESSION_SECRET, WORKER_ID: `pair-worker-${n}` }),
  );
  await Promise.all(workers.map((w) => w.ready));

  const served: number[] = [];
  let turn = 0;
  const upstreamAgent = new http.Agent({ keepAlive: true });
  const proxy = http.createServer((req, res) => {
    const index = turn++ % apis.length;
    served.push(index);
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: apis[index]!.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: upstreamAgent,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const send = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
    const res = await fetch(proxyUrl + path, { method, headers, body, signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* non-JSON answers stay text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
  const client = {
    baseUrl: proxyUrl,
    replicas: 2,
    deps: { database: pg.handle },
    web(method: string, path: string, user: Parameters<typeof userHeaders>[0], body?: unknown) {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const headers = {
        ...signServiceRequest({
          secret: PAIR_SERVICE_SECRET,
          serviceId: "web-app",
          method,
          pathWithQuery: path,
          body: text ?? "",
        }),
        ...userHeaders(user),
        ...(text ? { "content-type": "application/json" } : {}),
      };
      return send(method, path, headers, text);
    },
    request(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
      return send(method, path, init.headers ?? {}, init.body);
    },
    traineeToken: (clientId: string, studioId: string) =>
      signTraineeToken({ clientId, studioId }, PAIR_SESSION_SECRET),
  } as unknown as TestApp;

  return {
    proxyUrl,
    apis,
    workers,
    served,
    client,
    async close() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      proxy.closeAllConnections();
      upstreamAgent.destroy();
      for (const w of workers)
        if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
      await Promise.all([...workers.map((w) => w.exited), ...apis.map((api) => api.stop())]);
      await pg.drop();
    },
  };
}
