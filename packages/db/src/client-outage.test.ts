import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import {
  createDatabase,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  PIPELINE_DEPTH,
  splitConnections,
  type DatabaseHandle,
} from "./client";
import { startCuttableProxy, type CuttableProxy } from "./test-support/cuttable-proxy";

/**
 * Fail-fast PostgreSQL access (issue 9, item 4) against the shared server, and against a
 * loopback proxy in front of it that the test cuts (the shared server never stops).
 */
const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const handles: DatabaseHandle[] = [];
const open = (options: Parameters<typeof createDatabase>[0]) => {
  const handle = createDatabase(options);
  handles.push(handle);
  return handle;
};
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
});

/** Settles `promise`; reports how long it took and how it ended. */
async function settle(promise: Promise<unknown>) {
  const started = performance.now();
  try {
    const value = await promise;
    return { ok: true as const, value, ms: performance.now() - started };
  } catch (error) {
    return { ok: false as const, error, ms: performance.now() - started };
  }
}

/** Drizzle wraps driver errors ("Failed query: …"); the driver's or the gate's error is the cause. */
const rootCause = (error: unknown): unknown => {
  let e = error;
  while (e instanceof Error && e.cause !== undefined) e = e.cause;
  return e;
};

const select1 = async (h: DatabaseHandle) =>
  (await h.db.execute(sql`select 1 as one`)) as unknown as { one: number }[];

describe("bounds on a reachable database", () => {
  it("a statement that runs past statementTimeoutMs is cancelled by the server (57014)", async () => {
    const h = open({ url, statementTimeoutMs: 200 });
    const slow = await settle(h.db.execute(sql`select pg_sleep(2)`));
    expect(slow.ok).toBe(false);
    expect((slow.error as { cause?: { code?: string } }).cause?.code).toBe("57014");
    expect(slow.ms).toBeLessThan(1_500);
    // The connection stays usable.
    expect((await select1(h)).length).toBe(1);
  });

  it("statements pipeline on a query connection: PIPELINE_DEPTH of them are admitted at once, the next waits, bounded", async () => {
    // maxConnections 5: one query connection (and four for transactions).
    expect(splitConnections(5)).toEqual({ queryConnections: 1, transactionConnections: 4 });
    const h = open({ url, maxConnections: 5, acquireTimeoutMs: 100 });
    await select1(h);
    const pidAndSleep = () =>
      h.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.3)`) as unknown as Promise<
        { pid: number }[]
      >;
    // Each sleeps 300 ms and the connection runs them one after another (~1.5 s in all): with
    // one statement per connection, all but the first would give up waiting after 100 ms.
    const admitted = await Promise.all(Array.from({ length: PIPELINE_DEPTH }, () => settle(pidAndSleep())));
    expect(admitted.map((r) => r.ok)).toEqual(Array.from({ length: PIPELINE_DEPTH }, () => true));
    const pids = new Set(admitted.map((r) => (r.value as { pid: number }[])[0]!.pid));
    expect(pids.size).toBe(1);

    const inFlight = Array.from({ length: PIPELINE_DEPTH }, () => settle(pidAndSleep()));
    const beyond = await settle(select1(h));
    expect(beyond.ok).toBe(false);
    expect(isDatabaseUnavailable(beyond.error)).toBe(true);
    expect(beyond.ms).toBeGreaterThanOrEqual(80);
    expect(String((rootCause(beyond.error) as Error).message)).toMatch(
      /no database connection free within 100 ms/,
    );
    expect((await Promise.all(inFlight)).every((r) => r.ok)).toBe(true);
  });

  it("a transaction has a connection of its own: statements outside it run meanwhile; a transaction beyond the pool waits, bounded", async () => {
    // maxConnections 2: one query connection, one transaction connection.
    const h = open({ url, maxConnections: 2, acquireTimeoutMs: 200 });
    expect(h.maxConnections).toBe(2);
    const seen: {
      outside?: Awaited<ReturnType<typeof settle>>;
      second?: Awaited<ReturnType<typeof settle>>;
    } = {};
    let txPid = 0;
    await h.db.transaction(async (tx) => {
      const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[];
      txPid = row!.pid;
      seen.outside = await settle(h.db.execute(sql`select pg_backend_pid() as pid`));
      seen.second = await settle(h.db.transaction(async (t) => t.execute(sql`select 1`)));
      await tx.execute(sql`select 2`);
    });
    expect(seen.outside!.ok).toBe(true);
    expect((seen.outside!.value as { pid: number }[])[0]!.pid).not.toBe(txPid);
    expect(seen.second!.ok).toBe(false);
    expect(isDatabaseUnavailable(seen.second!.error)).toBe(true);
    expect(String((rootCause(seen.second!.error) as Error).message)).toMatch(
      /no database connection free within 200 ms/,
    );
    // Drizzle's type handlers reach the transaction pool too (a timestamp comes back as a string
    // Drizzle parses, not as postgres.js's Date).
    const [stamp] = await h.db.transaction(
      async (tx) => (await tx.execute(sql`select now()::timestamptz as at`)) as unknown as { at: unknown }[],
    );
    const [outsideStamp] = (await h.db.execute(sql`select now()::timestamptz as at`)) as unknown as {
      at: unknown;
    }[];
    expect(typeof stamp!.at).toBe(typeof outsideStamp!.at);
  });

  it("a slow but healthy query is not mistaken for an outage (the probe finds the database)", async () => {
    const changes: boolean[] = [];
    const h = open({ url, onAvailabilityChange: (available) => changes.push(available) });
    const slow = await settle(h.db.execute(sql`select pg_sleep(1.5)`));
    expect(slow.ok).toBe(true);
    expect(changes).toEqual([]);
  });
});

describe("an unreachable database fails fast and recovers", () => {
  let proxy: CuttableProxy;
  beforeAll(async () => {
    proxy = await startCuttableProxy(url);
  });
  afterAll(async () => proxy?.close());
  afterEach(async () => proxy.restore());

  /**
   * Ten concurrent queries (more than the pool admits: 4 connections, one of them for
   * statements, PIPELINE_DEPTH deep) all fail with an outage error within 2 s.
   */
  async function expectFastFailures(h: DatabaseHandle) {
    const results = await Promise.all(Array.from({ length: 10 }, () => settle(select1(h))));
    for (const r of results) {
      expect(r.ok).toBe(false);
      expect(isDatabaseUnavailable(r.error), String(r.error)).toBe(true);
      expect(r.ms).toBeLessThan(2_000);
    }
    return Math.round(Math.max(...results.map((r) => r.ms)));
  }

  async function expectRecovery(h: DatabaseHandle) {
    const started = performance.now();
    for (;;) {
      const r = await settle(select1(h));
      if (r.ok) return Math.round(performance.now() - started);
      expect(isDatabaseUnavailable(r.error), String(r.error)).toBe(true);
      if (performance.now() - started > 5_000) throw new Error("no recovery within 5 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("refused: pooled and new connections fail within 2 s; the handle recovers without a restart", async () => {
    const changes: [boolean, string][] = [];
    const h = open({
      url: proxy.url,
      maxConnections: 4,
      onAvailabilityChange: (available, detail) => changes.push([available, detail]),
    });
    await Promise.all([select1(h), select1(h), select1(h)]);
    await proxy.refuse();
    await expectFastFailures(h);
    await proxy.restore();
    expect(await expectRecovery(h)).toBeLessThan(2_000);
    expect(changes.map(([available]) => available)).toEqual([false, true]);
    expect(changes[0]![1]).toMatch(/ECONNREFUSED|CONNECTION/);
  });

  it("black-holed: queries on silent pooled connections and new connection attempts fail within 2 s", async () => {
    const h = open({ url: proxy.url, maxConnections: 4 });
    await Promise.all([select1(h), select1(h), select1(h), select1(h)]);
    proxy.blackhole();
    await expectFastFailures(h);
    // While the database stays unreachable, queries keep failing at once.
    const again = await settle(select1(h));
    expect(rootCause(again.error)).toBeInstanceOf(DatabaseUnavailableError);
    expect(again.ms).toBeLessThan(100);
    await proxy.restore();
    // The connections black-holed earlier stay silent forever; the handle must not reuse them.
    expect(await expectRecovery(h)).toBeLessThan(2_000);
    for (let i = 0; i < 20; i++) expect((await select1(h)).length).toBe(1);
  });

  it("black-holed before the first connection: connecting is bounded by connectTimeoutMs", async () => {
    proxy.blackhole();
    const h = open({ url: proxy.url, connectTimeoutMs: 500 });
    const r = await settle(select1(h));
    expect(r.ok).toBe(false);
    expect(isDatabaseUnavailable(r.error)).toBe(true);
    expect(r.ms).toBeLessThan(1_200);
  });

  it("a transaction whose connection goes silent fails within 2 s", async () => {
    const h = open({ url: proxy.url, maxConnections: 2 });
    await select1(h);
    const tx = settle(
      h.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        proxy.blackhole();
        await t.execute(sql`select 2`);
      }),
    );
    const r = await tx;
    expect(r.ok).toBe(false);
    expect(isDatabaseUnavailable(r.error), String(r.error)).toBe(true);
    expect(r.ms).toBeLessThan(2_000);
  });
});

describe("isDatabaseUnavailable", () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  it.each([
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "CONNECT_TIMEOUT",
    "CONNECTION_CLOSED",
    "CONNECTION_ENDED",
    "CONNECTION_DESTROYED",
    "57P01",
    "57P02",
    "57P03",
    "53300",
    "08006",
    "08001",
  ])("%s is unavailable (also as the cause of a wrapper error)", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: withCode(code) }))).toBe(true);
  });

  it.each(["23505", "23503", "22P02", "57014", "42P01", "ENOENT"])("%s is not", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
  });

  it("a terminated backend (57P01 admin_shutdown, seen by postgres.js as the connection closing) is unavailable", async () => {
    const victim = postgres(url, { max: 1, onnotice: () => {} });
    const watcher = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await victim<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const pid = row!.pid;
      const pending = settle(victim`select pg_sleep(5)`);
      await new Promise((r) => setTimeout(r, 100));
      await watcher`select pg_terminate_backend(${pid})`;
      const r = await pending;
      expect(["57P01", "CONNECTION_CLOSED"]).toContain((r.error as { code?: string }).code);
      expect(isDatabaseUnavailable(r.error)).toBe(true);
    } finally {
      await victim.end({ timeout: 1 });
      await watcher.end({ timeout: 1 });
    }
  });
});
