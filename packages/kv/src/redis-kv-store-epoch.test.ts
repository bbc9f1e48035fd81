import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { KvUnavailableError } from "./kv-store";
import { EPOCH_KEY, RedisKvStore } from "./redis-kv-store";
import { deleteKeysWithPrefix, randomKeyPrefix, sleep, TEST_REDIS_URL, timedRejection } from "./test-support";

// The store's epoch (issue 9): Redis keeps nothing on disk here, so after it restarts empty, is
// emptied or was out of reach, nonces claimed before may be forgotten; the epoch says since when
// the store is complete, and it is shared by every replica.

const opened: RedisKvStore[] = [];
const prefixes: string[] = [];
function open(url: string, keyPrefix: string): RedisKvStore {
  const store = new RedisKvStore({ url, keyPrefix });
  opened.push(store);
  return store;
}
const newPrefix = () => {
  const prefix = randomKeyPrefix("epoch");
  prefixes.push(prefix);
  return prefix;
};

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  for (const prefix of prefixes) await deleteKeysWithPrefix(prefix);
});

describe("RedisKvStore epoch on the shared Redis", () => {
  it("a fresh Redis namespace: the epoch is the first connection's time, not the first call's", async () => {
    const before = Date.now();
    const store = open(TEST_REDIS_URL, newPrefix());
    await store.ping();
    await sleep(50);
    const calledAt = Date.now();
    const epoch = await store.epoch();
    expect(epoch).toBeGreaterThanOrEqual(before);
    expect(epoch).toBeLessThan(calledAt);
  });

  it("replicas agree on the epoch, and a replica that starts later does not move it", async () => {
    const prefix = newPrefix();
    const a = open(TEST_REDIS_URL, prefix);
    const epoch = await a.epoch();
    await sleep(30);
    const b = open(TEST_REDIS_URL, prefix);
    expect(await b.epoch()).toBe(epoch);
    expect(await a.epoch()).toBe(epoch);
  });

  it("the marker vanishing while connected (emptied, evicted) moves the epoch to that moment, for every replica", async () => {
    const prefix = newPrefix();
    const a = open(TEST_REDIS_URL, prefix);
    const b = open(TEST_REDIS_URL, prefix);
    await settledEpoch(a, b);
    await sleep(20);
    const raw = new Redis(TEST_REDIS_URL);
    await raw.del(`${prefix}${EPOCH_KEY}`);
    raw.disconnect();
    const emptiedAt = Date.now();
    const after = await b.epoch();
    expect(after).toBeGreaterThanOrEqual(emptiedAt);
    expect(await a.epoch()).toBe(after);
  });

  it("FLUSHDB of a dedicated db index moves the epoch past the flush", async () => {
    const url = "redis://127.0.0.1:6379/6";
    const prefix = newPrefix();
    const store = open(url, prefix);
    const epoch = await store.epoch();
    await sleep(20);
    const raw = new Redis(url);
    await raw.flushdb();
    raw.disconnect();
    const flushedAt = Date.now();
    const after = await store.epoch();
    expect(after).toBeGreaterThan(epoch);
    expect(after).toBeGreaterThanOrEqual(flushedAt);
  });

  it("claimWithEpoch (the replay checks' one round trip) sees a flush: the claim succeeds and the epoch moves past it", async () => {
    const url = "redis://127.0.0.1:6379/6";
    const prefix = newPrefix();
    const store = open(url, prefix);
    const epoch = await store.epoch();
    expect(await store.claimWithEpoch("nonce", "1", 60_000)).toEqual({ claimed: true, epoch });
    await sleep(20);
    const raw = new Redis(url);
    await raw.flushdb();
    raw.disconnect();
    const flushedAt = Date.now();
    // The nonce is forgotten (claimed again), and the answer says so: a request dated before the
    // flush is then refused by the replay check.
    const after = await store.claimWithEpoch("nonce", "1", 60_000);
    expect(after.claimed).toBe(true);
    expect(after.epoch).toBeGreaterThanOrEqual(flushedAt);
    expect(await store.epoch()).toBe(after.epoch);
  });
});

describe("RedisKvStore epoch against a throwaway redis-server", () => {
  let server: ChildProcess | undefined;
  afterEach(async () => {
    await stopRedis(server);
    server = undefined;
  });

  it("a restart (empty) moves the epoch to the reconnection, for every replica", async () => {
    const port = await freePort();
    server = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const prefix = newPrefix();
    const a = open(url, prefix);
    const b = open(url, prefix);
    const epoch = await settledEpoch(a, b);
    expect(await a.setIfAbsent("nonce", "1", 60_000)).toBe(true);

    await stopRedis(server);
    const downAt = Date.now();
    server = await startRedis(port);
    await waitUntil(
      async () =>
        (await b.ping().then(
          () => true,
          () => false,
        )) &&
        (await a.ping().then(
          () => true,
          () => false,
        )),
    );

    // The nonce is gone (nothing on disk): the epoch says so, in the claim's own answer too.
    const claim = await a.claimWithEpoch("nonce", "1", 60_000);
    expect(claim.claimed).toBe(true);
    expect(claim.epoch).toBeGreaterThan(downAt);
    expect(await a.epoch()).toBeGreaterThan(downAt);
    // Each replica raises the shared marker to its own reconnection; the later one stands.
    const settled = await b.epoch();
    expect(settled).toBeGreaterThan(downAt);
    expect(settled).toBeGreaterThan(epoch);
    expect(await a.epoch()).toBe(settled);
  }, 30_000);

  it("a command that timed out (no reconnection): the epoch moves to the first success after it", async () => {
    const port = await freePort();
    server = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const store = open(url, newPrefix());
    const epoch = await store.epoch();
    const admin = new Redis(url);
    await admin.client("PAUSE", 2_500, "ALL");
    admin.disconnect();
    const { error } = await timedRejection(store.setIfAbsent("nonce", "1", 60_000));
    expect(error).toBeInstanceOf(KvUnavailableError);
    await sleep(700); // the pause ends
    const recoveredBefore = Date.now();
    expect(await store.setIfAbsent("other", "1", 60_000)).toBe(true);
    const after = await store.epoch();
    expect(after).toBeGreaterThan(epoch);
    expect(after).toBeGreaterThanOrEqual(recoveredBefore);
  }, 30_000);

  it("while Redis is down epoch() rejects with KvUnavailableError (callers fail closed)", async () => {
    const port = await freePort();
    server = await startRedis(port);
    const store = open(`redis://127.0.0.1:${port}`, newPrefix());
    await store.epoch();
    await stopRedis(server);
    server = undefined;
    await sleep(100);
    const { error } = await timedRejection(store.epoch());
    expect(error).toBeInstanceOf(KvUnavailableError);
  }, 30_000);
});

/**
 * Replicas that connect to an empty namespace at once each seed the marker with their own
 * connection time; the later one stands (compare-and-set to the larger value). Once each has
 * answered, they agree.
 */
async function settledEpoch(a: RedisKvStore, b: RedisKvStore): Promise<number> {
  await a.epoch();
  await b.epoch();
  const epoch = await a.epoch();
  expect(await b.epoch()).toBe(epoch);
  return epoch;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A redis-server that keeps nothing on disk, like the deployment's. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", "/tmp"],
    { stdio: "ignore" },
  );
  await waitUntil(async () => {
    const probe = new Redis({ port, host: "127.0.0.1", lazyConnect: true, retryStrategy: () => null });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      return true;
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  });
  return child;
}

async function stopRedis(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function waitUntil(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await sleep(50);
  }
}
