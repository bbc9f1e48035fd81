import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@studio/db";
import { builtApiMain, builtWorkerMain, apiDir, workerDir } from "./support/built-mains";
import { TEST_DATABASE_URL, TEST_DATABASE_TIMEOUTS, urlForDatabase } from "./support/databases";
import { freePort } from "./support/own-services";

/**
 * Start race (issue 27 item 1; docs/decisions/database-and-processes.md "Processes that start
 * together"): two API processes and two workers (their built bundles, as production runs them)
 * spawned in the same tick on an EMPTY database (no migrations, no pg-boss schema), as an
 * orchestrator or `docker compose up` starts them. Every one must come up: our migrations, pg-boss's
 * install and the queue setup are serialised by one advisory lock, and a transient deadlock or
 * serialization failure during setup is retried. Before the lock, pg-boss's create_queue
 * deadlocked between processes and the loser exited 1.
 *
 * START_RACE_ROUNDS (default 2 in the suite, where each round costs 10-20 s of a loaded 2-core
 * machine) repeats it on a new empty database each round; the figure for the issue (10 rounds)
 * is `START_RACE_ROUNDS=10 pnpm exec vitest run test/start-race.test.ts`.
 */
const ROUNDS = Number(process.env.START_RACE_ROUNDS ?? 2);
const START_DEADLINE_MS = 60_000;

interface Started {
  kind: "api" | "worker";
  child: ChildProcess;
  logs: string[];
  /** Resolves true once healthy (API /healthz 200, worker "worker ready"), false once it exited. */
  up: Promise<boolean>;
}

function spawnApi(url: string, port: number): Started {
  const child = spawn(process.execPath, [builtApiMain], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      DATABASE_URL: url,
      DATABASE_CONNECT_TIMEOUT_MS: "15000",
      REDIS_URL: "redis://127.0.0.1:6379/12",
      RUN_WORKER_IN_PROCESS: "0",
      SERVICE_AUTH_SECRET: "race-service-secret-0123456789abcdef",
      SESSION_SIGNING_SECRET: "race-session-secret-fedcba9876543210",
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout!.on("data", (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => logs.push(d.toString()));
  const up = (async () => {
    const deadline = Date.now() + START_DEADLINE_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  })();
  return { kind: "api", child, logs, up };
}

function spawnWorkerProcess(url: string, id: string): Started {
  const child = spawn(process.execPath, [builtWorkerMain], {
    cwd: workerDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      DATABASE_URL: url,
      DATABASE_CONNECT_TIMEOUT_MS: "15000",
      WORKER_ID: id,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const up = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), START_DEADLINE_MS);
    const collect = (d: Buffer) => {
      logs.push(d.toString());
      if (d.toString().includes("worker ready")) {
        clearTimeout(timer);
        resolve(true);
      }
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  return { kind: "worker", child, logs, up };
}

async function stopAll(started: Started[]): Promise<void> {
  await Promise.all(
    started.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }),
  );
}

let admin: DatabaseHandle;
beforeAll(() => {
  admin = createDatabase({ url: TEST_DATABASE_URL, maxConnections: 1, ...TEST_DATABASE_TIMEOUTS });
});
afterAll(async () => {
  await admin?.close();
});

describe("two APIs and two workers started in the same tick on an empty database", () => {
  it(
    `all four come up, ${ROUNDS} rounds in a row; a migrated database is left complete`,
    async () => {
      const alive: number[] = [];
      const failures: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Created empty (template0): no migrations, no pg-boss schema. The creation time in the name
        // lets global setup drop it if this run crashes.
        const name = `studio_t_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
        await admin.executor.executeSql(`create database ${name} template template0`);
        const url = urlForDatabase(name);
        const ports = await Promise.all([freePort(), freePort()]);
        let started: Started[] = [];
        try {
          // The same tick: no await between the four spawns.
          started = [
            spawnApi(url, ports[0]!),
            spawnApi(url, ports[1]!),
            spawnWorkerProcess(url, `race-${round}-1`),
            spawnWorkerProcess(url, `race-${round}-2`),
          ];
          const up = await Promise.all(started.map((s) => s.up));
          // Still running a moment after the last one came up (a late crash counts too).
          await new Promise((r) => setTimeout(r, 300));
          const running = started.filter(
            (s, i) => up[i] && s.child.exitCode === null && s.child.signalCode === null,
          );
          alive.push(running.length);
          for (const s of started)
            if (!running.includes(s))
              failures.push(`round ${round + 1} ${s.kind}:\n${s.logs.join("").slice(-2000)}`);
          if (round === 0) {
            // The database is complete: every migration applied once, every queue created once.
            const check = createDatabase({ url, maxConnections: 1, ...TEST_DATABASE_TIMEOUTS });
            try {
              const { rows: queues } = await check.executor.executeSql(
                "select name, count(*)::int as n from pgboss.queue group by name having count(*) > 1",
              );
              expect(queues).toEqual([]);
              const { rows: deliver } = await check.executor.executeSql(
                "select count(*)::int as n from pgboss.queue where name = 'deliver-webhook'",
              );
              expect(deliver).toEqual([{ n: 1 }]);
            } finally {
              await check.close();
            }
          }
        } finally {
          await stopAll(started);
          await admin.executor.executeSql(`drop database if exists ${name} with (force)`);
        }
      }
      const figure = `processes alive out of 4 per round: ${alive.join(", ")}`;
      console.warn(`start race: ${figure}`);
      expect(failures, `${figure}\n${failures.join("\n---\n")}`).toEqual([]);
      expect(alive).toEqual(Array.from({ length: ROUNDS }, () => 4));
    },
    30_000 + ROUNDS * 40_000,
  );
});
