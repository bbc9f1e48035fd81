import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signServiceRequest, signTraineeToken } from "@studio/auth";
import { DELIVER_WEBHOOK_JOB } from "@studio/contracts";
import { subscriptions } from "@studio/db";
import { eq } from "drizzle-orm";
import { silentLogger } from "@studio/observability";
import { startApiProcess, type ApiProcess } from "./support/credential-fuzz";
import { freshPostgres } from "./support/databases";
import { automationKey } from "./support/automation-fixtures";
import { newOwner, startTestApp, userHeaders, type TestApp, type WebUserContext } from "./support/harness";
import { addTrainee } from "./support/notification-fixtures";
import {
  spawnWorker,
  startReceiver,
  studioWithHook,
  type Answer,
  type OwnApp,
  type Receiver,
  type WorkerProcess,
} from "./support/own-services";
import { studioIdOf } from "./support/team-fixtures";

/**
 * Scale-out (issue 16; docs/DEPLOYMENT.md "Proven across processes"): two real API processes
 * (their built bundles, support/built-mains) and two real worker processes over one fresh PostgreSQL database and
 * the machine's Redis. What in-process replicas (the harness's replica mode) cannot show: no
 * memory is shared, every connection, pool and pg-boss instance is a process's own.
 */
const SERVICE_SECRET = "scale-service-secret-0123456789abcdef";
const SESSION_SECRET = "scale-session-secret-fedcba9876543210";
// The API has no key-prefix setting: a database index of its own keeps these keys apart.
const REDIS_URL = "redis://127.0.0.1:6379/11";

interface ProcessClient {
  web(method: string, path: string, user: WebUserContext, body?: unknown): Promise<Answer>;
  request(
    method: string,
    path: string,
    init?: { headers?: Record<string, string>; body?: unknown },
  ): Promise<Answer>;
}

function clientOf(port: number): ProcessClient {
  const send = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* non-JSON answers stay text */
    }
    return { status: res.status, body: parsed as any, ms: Math.round(performance.now() - started) };
  };
  return {
    web(method, path, user, body) {
      const text = body === undefined ? "" : JSON.stringify(body);
      const headers = {
        ...signServiceRequest({
          secret: SERVICE_SECRET,
          serviceId: "web-app",
          method,
          pathWithQuery: path,
          body: text,
        }),
        ...userHeaders(user),
        ...(text ? { "content-type": "application/json" } : {}),
      };
      return send(method, path, headers, text || undefined);
    },
    request(method, path, init = {}) {
      const text = init.body === undefined ? undefined : JSON.stringify(init.body);
      return send(
        method,
        path,
        { ...(text ? { "content-type": "application/json" } : {}), ...init.headers },
        text,
      );
    },
  };
}

describe("two API processes and two workers over one PostgreSQL and one Redis", () => {
  let pg: Awaited<ReturnType<typeof freshPostgres>>;
  let receiver: Receiver;
  const apis: ApiProcess[] = [];
  const workers: WorkerProcess[] = [];
  let a: ProcessClient;
  let b: ProcessClient;

  beforeAll(async () => {
    pg = await freshPostgres();
    receiver = await startReceiver(0);
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL,
      RUN_WORKER_IN_PROCESS: "0",
      SERVICE_AUTH_SECRET: SERVICE_SECRET,
      SESSION_SIGNING_SECRET: SESSION_SECRET,
      WEBHOOK_ALLOW_LOOPBACK: "1",
      RATE_LIMIT_PER_MINUTE: "100000",
    };
    const workerEnv = { SESSION_SIGNING_SECRET: SESSION_SECRET, WEBHOOK_ALLOW_LOOPBACK: "1" };
    // The APIs first, then the workers: four processes compiling at once on a loaded machine
    // can miss startApiProcess's 60 s start deadline.
    const started = await Promise.allSettled([startApiProcess(env), startApiProcess(env)]);
    for (const s of started) if (s.status === "fulfilled") apis.push(s.value);
    for (const s of started) if (s.status === "rejected") throw s.reason;
    workers.push(
      spawnWorker(pg.url, { ...workerEnv, WORKER_ID: "scale-worker-1" }),
      spawnWorker(pg.url, { ...workerEnv, WORKER_ID: "scale-worker-2" }),
    );
    await Promise.all(workers.map((w) => w.ready));
    a = clientOf(apis[0]!.port);
    b = clientOf(apis[1]!.port);
  }, 120_000);

  afterAll(async () => {
    for (const w of workers)
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
    await Promise.all([...workers.map((w) => w.exited), ...apis.map((api) => api.stop())]);
    await receiver?.close();
    await pg?.drop();
  });

  it("a write on A is read on B, and a nonce used on one process is refused by the other", async () => {
    const owner = newOwner();
    const studio = await a.web("GET", "/v1/web/studio", owner);
    expect(studio.status).toBe(200);
    const created = await a.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "on A" });
    expect(created.status).toBe(201);
    const listed = await b.web("GET", "/v1/web/studios/current/api-keys", owner);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(created.body.data.id);
    expect((await b.web("GET", "/v1/web/studio", owner)).body.data.id).toBe(studio.body.data.id);

    const headers = {
      ...signServiceRequest({
        secret: SERVICE_SECRET,
        serviceId: "web-app",
        method: "GET",
        pathWithQuery: "/v1/web/studio",
      }),
      ...userHeaders(owner),
    };
    expect((await a.request("GET", "/v1/web/studio", { headers })).status).toBe(200);
    const replayed = await b.request("GET", "/v1/web/studio", { headers });
    expect(replayed.status).toBe(401);
    expect((await a.request("GET", "/v1/web/studio", { headers })).status).toBe(401);
  });

  it("a job enqueued by a request on A runs exactly once, on one of the two workers", async () => {
    // studioWithHook drives a process through its web and request calls; its database writes
    // (trainee, form, assignments) go straight to the shared database.
    const overA = {
      ...a,
      deps: { database: pg.handle, logger: silentLogger, jobs: undefined },
      config: { sessionSigningSecret: SESSION_SECRET },
    } as unknown as OwnApp;
    const studio = await studioWithHook(overA, receiver.url, 1);
    const before = receiver.arrived;
    await studio.submit();
    const deadline = Date.now() + 15_000;
    while (receiver.arrived === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(receiver.arrived - before).toBe(1);
    // Both workers poll every 0.5 s: a second run would have happened by now.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.arrived - before).toBe(1);
    const { rows } = await pg.handle.executor.executeSql(
      `select state::text as state, data from pgboss.job where name = $1 and data->>'hookId' = $2`,
      [DELIVER_WEBHOOK_JOB, studio.hookId],
    );
    expect(rows.map((r: any) => r.state)).toEqual(["completed"]);
  });

  it("a coach's lock made through A is enforced by B (which holds no verdict of its own)", async () => {
    const owner = newOwner();
    const studioId = (await a.web("GET", "/v1/web/studio", owner)).body.data.id as string;
    const key = (await a.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "lock" })).body.data
      .key;
    const plan = await b.web("POST", "/v1/web/plans", owner, {
      name: "Monthly",
      durationValue: 1,
      durationUnit: "MONTHS",
    });
    expect(plan.status).toBe(201);
    const trainee = await a.web("POST", "/v1/web/clients", owner, {
      firstName: "Noa",
      phone: "+972501234599",
    });
    expect(trainee.status, JSON.stringify(trainee.body)).toBe(201);
    const clientId = trainee.body.data.id as string;
    const automation = (at: ProcessClient, path: string, body?: unknown) =>
      at.request("POST", `/v1/automation/trainees/${clientId}/subscription${path}`, {
        headers: { "x-api-key": key },
        body: body ?? {},
      });
    expect((await automation(b, "", { planId: plan.body.data.id })).status).toBe(200);
    const token = signTraineeToken({ clientId, studioId }, SESSION_SECRET);
    const probe = (at: ProcessClient) =>
      at.request("GET", "/v1/trainee/workout-logs", { headers: { authorization: `Bearer ${token}` } });

    expect((await probe(a)).status).toBe(200);
    const frozen = await automation(a, "/freeze");
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    const onB = await probe(b);
    expect(onB.status).toBe(403);
    expect(onB.body).toMatchObject({ code: "APP_LOCKED" });
    const [row] = await pg.handle.db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId));
    expect(row!.status).toBe("FROZEN");
  });
});

/**
 * The harness's replica mode (TEST_REPLICAS=2): two apps in this process, each with its own
 * per-process caches, over one database and one kv store. These cases fail when state that a
 * second process would not share is module-wide (both replicas would see it).
 */
describe("in-process replicas keep their processes' memory apart", () => {
  let clock = Date.now();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ replicas: 2, now: () => new Date(clock) });
  });
  afterAll(async () => t?.close());

  async function lockable() {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const key = await automationKey(t, owner, "lock");
    const plan = await t.web("POST", "/v1/web/plans", owner, {
      name: "Monthly",
      durationValue: 1,
      durationUnit: "MONTHS",
    });
    const trainee = await addTrainee(t, studioId);
    const assigned = await key.call("POST", `/trainees/${trainee.id}/subscription`, {
      planId: plan.body.data.id,
    });
    expect(assigned.status).toBe(200);
    const token = t.traineeToken(trainee.id, studioId);
    return {
      freeze: () => key.call("POST", `/trainees/${trainee.id}/subscription/freeze`, {}),
      probe: async (replica: 0 | 1) =>
        (
          await t
            .replica(replica)
            .request("GET", "/v1/trainee/workout-logs", { headers: { authorization: `Bearer ${token}` } })
        ).status,
    };
  }

  it("a lock made through A reaches B at once when B holds no verdict", async () => {
    const trainee = await lockable();
    expect(await trainee.probe(0)).toBe(200);
    expect((await trainee.freeze()).status).toBe(200);
    expect(await trainee.probe(1)).toBe(403);
  });

  it("a replica's cached verdict lasts at most the stated 30 s (docs/decisions/access-and-lanes.md app lock)", async () => {
    const trainee = await lockable();
    expect(await trainee.probe(0)).toBe(200);
    expect(await trainee.probe(1)).toBe(200);
    expect((await trainee.freeze()).status).toBe(200);
    clock += 29_000;
    expect([await trainee.probe(0), await trainee.probe(1)]).toEqual([200, 200]);
    clock += 1_001;
    expect([await trainee.probe(0), await trainee.probe(1)]).toEqual([403, 403]);
  });

  it("the global rate limit is one budget over both replicas on the in-process store, as on Redis", async () => {
    const limited = await startTestApp({ replicas: 2, env: { RATE_LIMIT_PER_MINUTE: "2" } });
    try {
      const statuses = [];
      for (const replica of [0, 1, 0] as const)
        statuses.push((await limited.replica(replica).request("GET", "/v1/automation/validate")).status);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
