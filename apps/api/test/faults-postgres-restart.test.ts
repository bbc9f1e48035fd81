import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signTraineeToken } from "@studio/auth";
import { clients, dailyMetrics, studios } from "@studio/db";
import { newOwner, type WebUserContext } from "./support/harness";
import {
  migrateDatabase,
  spawnWorker,
  startAppOn,
  startOwnPostgres,
  startReceiver,
  studioWithHook,
  type OwnApp,
  type OwnPostgres,
  type Receiver,
  type WorkerProcess,
} from "./support/own-services";

/**
 * Faults (issue 16): PostgreSQL restarted under load. The real app (production database
 * timeouts and prepared statements) talks to a PostgreSQL cluster of this test's own, serves a
 * steady stream of signed web-lane GETs, trainee water posts and /readyz, and the cluster is
 * restarted with `pg_ctl restart -m fast` (running transactions aborted, every connection
 * closed, the server down for a moment, then starting up) in the middle. Requests fail only in
 * the outage window and only with 503 SERVICE_UNAVAILABLE (never a 500, never a hang), answers
 * are 200 again within seconds of the server being back without restarting the app, and no
 * write is half-applied. The worker process (apps/worker) lives through it and runs the jobs
 * enqueued after it.
 */

let pg: OwnPostgres;
let app: OwnApp;
let worker: WorkerProcess;
let receiver: Receiver;
beforeAll(async () => {
  pg = await startOwnPostgres();
  await migrateDatabase(pg.url);
  receiver = await startReceiver(0);
  app = await startAppOn({ databaseUrl: pg.url, env: { WEBHOOK_ALLOW_LOOPBACK: "1" } });
  worker = spawnWorker(pg.url, { WEBHOOK_ALLOW_LOOPBACK: "1" });
}, 90_000);
afterAll(async () => {
  if (worker && worker.child.exitCode === null && worker.child.signalCode === null) {
    worker.child.kill("SIGKILL");
    await worker.exited;
  }
  await app?.close();
  await receiver?.close();
  await pg?.close();
});

async function delivered(count: number, what: string) {
  const deadline = Date.now() + 20_000;
  while (receiver.answered < count) {
    if (Date.now() > deadline) throw new Error(`${what}: no delivery within 20 s\n${worker.logs.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Sample {
  lane: string;
  startedAt: number;
  endedAt: number;
  status: number;
  code?: string;
  requestId?: string;
  amountMl?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newTrainee(): Promise<{ clientId: string; token: string; studioId: string }> {
  const db = app.deps.database.db;
  const slug = `faults-${randomUUID()}`;
  const [studio] = await db.insert(studios).values({ name: slug, slug }).returning();
  const [client] = await db
    .insert(clients)
    .values({
      studioId: studio!.id,
      firstName: "Maya",
      phone: `+9725${Math.floor(1e7 + Math.random() * 8e7)}`,
      timezone: "Asia/Jerusalem",
    })
    .returning();
  return {
    studioId: studio!.id,
    clientId: client!.id,
    token: signTraineeToken({ clientId: client!.id, studioId: studio!.id }, app.config.sessionSigningSecret),
  };
}

describe("PostgreSQL restarted under load (pg_ctl restart -m fast)", () => {
  it("only requests inside the outage window fail, all with 503; 200 again within seconds without restarting the app; no write half-applied", async () => {
    const owner: WebUserContext = newOwner();
    expect((await app.web("GET", "/v1/web/studio", owner)).status).toBe(200);
    const trainees = await Promise.all([newTrainee(), newTrainee()]);
    // The worker process (apps/worker) runs jobs before the restart.
    const hooked = await studioWithHook(app, receiver.url, 2);
    await worker.ready;
    await hooked.submit();
    await delivered(1, "before the restart");

    const samples: Sample[] = [];
    let running = true;
    const loop = async (
      lane: string,
      once: () => Promise<Omit<Sample, "lane" | "startedAt" | "endedAt">>,
    ) => {
      while (running) {
        const startedAt = performance.now();
        let answer: Omit<Sample, "lane" | "startedAt" | "endedAt">;
        try {
          answer = await once();
        } catch (error) {
          // The client's 30 s cap (a hang) or a broken socket: recorded as status 0, failing below.
          answer = { status: 0, code: error instanceof Error ? error.name : String(error) };
        }
        samples.push({ lane, startedAt, endedAt: performance.now(), ...answer });
        await sleep(15);
      }
    };
    const web = (p: string) => async () => {
      const res = await app.web("GET", p, owner);
      return { status: res.status, code: res.body?.code };
    };
    const water = (trainee: (typeof trainees)[number]) => async () => {
      const requestId = randomUUID();
      const amountMl = 50 + Math.floor(Math.random() * 10) * 25;
      const res = await app.request("POST", "/v1/trainee/water", {
        headers: { authorization: `Bearer ${trainee.token}` },
        body: { amountMl, requestId },
      });
      return { status: res.status, code: res.body?.code, requestId, amountMl };
    };
    const loops = [
      loop("web studio", web("/v1/web/studio")),
      loop("web clients", web("/v1/web/clients")),
      ...trainees.map((trainee, i) => loop(`trainee water ${i}`, water(trainee))),
      loop("readyz", async () => {
        const res = await app.request("GET", "/readyz");
        return { status: res.status, code: res.status === 200 ? undefined : "NOT_READY" };
      }),
    ];

    await sleep(1_500);
    const restartStartedAt = performance.now();
    await pg.restart("fast");
    // pg_ctl -w returned: the server accepts connections again.
    const backAt = performance.now();
    await sleep(6_000);
    running = false;
    await Promise.all(loops);

    const api = samples.filter((s) => s.lane !== "readyz");
    const failures = api.filter((s) => s.status !== 200 && s.status !== 201);
    const slowest = Math.max(...api.map((s) => s.endedAt - s.startedAt));
    const summary = {
      requests: api.length,
      failures: failures.length,
      restartMs: Math.round(backAt - restartStartedAt),
      slowestMs: Math.round(slowest),
      lastFailureAfterBackMs: failures.length
        ? Math.round(Math.max(...failures.map((f) => f.endedAt)) - backAt)
        : null,
    };
    // FAULTS_VERBOSE=1 prints the figures (requests, failures, restart and slowest answer times).
    if (process.env.FAULTS_VERBOSE) console.warn("faults: PostgreSQL restart under load", summary);

    // Load before and after, on every lane.
    for (const lane of ["web studio", "web clients", "trainee water 0", "trainee water 1"]) {
      const ofLane = api.filter((s) => s.lane === lane);
      expect(
        ofLane.some((s) => s.endedAt < restartStartedAt && s.status < 300),
        lane,
      ).toBe(true);
      expect(
        ofLane.some((s) => s.startedAt > backAt && s.status < 300),
        lane,
      ).toBe(true);
    }
    // The restart did reach requests (otherwise this test proves nothing).
    expect(failures.length, JSON.stringify(summary)).toBeGreaterThan(0);
    // Every failure: 503 SERVICE_UNAVAILABLE; never a 500, a dropped socket or a hang.
    for (const f of failures)
      expect({ lane: f.lane, status: f.status, code: f.code }).toMatchObject({
        status: 503,
        code: "SERVICE_UNAVAILABLE",
      });
    expect(slowest, "no request waits past the fail-fast bounds").toBeLessThan(5_000);
    // Only inside the outage window: none ended before the restart began, none started more than
    // 3 s after the server was back (the app's probe retries every 250 ms).
    for (const f of failures) {
      expect(f.endedAt).toBeGreaterThanOrEqual(restartStartedAt);
      expect(f.startedAt - backAt, `${f.lane} failed long after the database was back`).toBeLessThan(3_000);
    }
    // The tail is all successes (the app recovered on its own, same process).
    const tail = api.filter((s) => s.startedAt > backAt + 3_000);
    expect(tail.length).toBeGreaterThan(20);
    expect(tail.every((s) => s.status === 200 || s.status === 201)).toBe(true);
    const ready = samples.filter((s) => s.lane === "readyz");
    expect(ready.every((s) => s.status === 200 || s.status === 503)).toBe(true);
    expect(ready.filter((s) => s.startedAt > backAt + 3_000).every((s) => s.status === 200)).toBe(true);

    // No write half-applied: per trainee, the day's stored total equals the sum of its entries,
    // every accepted post is stored, and a post answered 503 is either wholly stored or absent.
    for (const [i, trainee] of trainees.entries()) {
      const posts = samples.filter((s) => s.lane === `trainee water ${i}`);
      const stored = await storedWater(trainee.clientId);
      const accepted = posts.filter((p) => p.status === 201);
      const refused = posts.filter((p) => p.status !== 201);
      expect(stored.totalMl).toBe(stored.entries.reduce((sum, e) => sum + e.amountMl, 0));
      const storedIds = new Set(stored.entries.map((e) => e.id));
      for (const p of accepted) expect(storedIds.has(p.requestId!), "an accepted post is stored").toBe(true);
      const posted = new Map(posts.map((p) => [p.requestId!, p.amountMl!]));
      for (const e of stored.entries)
        expect(posted.get(e.id), "a stored entry was posted once").toBe(e.amountMl);
      expect(stored.entries.length).toBe(storedIds.size);
      const ambiguous = refused.filter((p) => storedIds.has(p.requestId!)).length;
      expect(stored.entries.length).toBe(accepted.length + ambiguous);

      // A client retries its refused posts with the same requestId: the log then holds each
      // post exactly once, whatever the outage did to the first attempt.
      for (const p of refused) {
        const res = await app.request("POST", "/v1/trainee/water", {
          headers: { authorization: `Bearer ${trainee.token}` },
          body: { amountMl: p.amountMl, requestId: p.requestId },
        });
        expect(res.status).toBe(201);
      }
      const after = await storedWater(trainee.clientId);
      expect(after.entries.length).toBe(posts.length);
      expect(after.totalMl).toBe(posts.reduce((sum, p) => sum + p.amountMl!, 0));
    }

    // The worker process lived through the restart and runs new jobs (no restart of it either).
    expect(worker.child.exitCode, worker.logs.join("")).toBeNull();
    await hooked.submit();
    await delivered(2, "after the restart");
  }, 80_000);
});

async function storedWater(clientId: string) {
  const rows = await app.deps.database.db
    .select()
    .from(dailyMetrics)
    .where(eq(dailyMetrics.clientId, clientId));
  const entries = rows.flatMap((r) => (r.waterLogs ?? []) as { id: string; amountMl: number }[]);
  return { totalMl: rows.reduce((sum, r) => sum + r.waterMl, 0), entries };
}
