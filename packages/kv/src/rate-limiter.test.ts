import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type KvStore, KvUnavailableError } from "./kv-store";
import { MemoryKvStore } from "./memory-kv-store";
import { createRateLimiter } from "./rate-limiter";
import { RedisKvStore } from "./redis-kv-store";
import {
  TEST_REDIS_URL,
  UNREACHABLE_REDIS_URL,
  deleteKeysWithPrefix,
  randomKeyPrefix,
  sleep,
  timedRejection,
} from "./test-support";

const PREFIX = randomKeyPrefix("rate-limiter");
const opened: KvStore[] = [];
function track<T extends KvStore>(store: T): T {
  opened.push(store);
  return store;
}
const redisStore = () => track(new RedisKvStore({ url: TEST_REDIS_URL, keyPrefix: PREFIX }));
const memoryStore = () => track(new MemoryKvStore());

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await deleteKeysWithPrefix(PREFIX);
});

let seq = 0;
const uniqueKey = () => `client-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

function describeRateLimiterContract(name: string, makeStore: () => KvStore): void {
  describe(`rate limiter over ${name}`, () => {
    it("allows N points, then denies with retryAfterMs > 0", async () => {
      const limiter = createRateLimiter({
        store: makeStore(),
        keyPrefix: "rl:basic",
        points: 3,
        durationSec: 60,
      });
      const key = uniqueKey();
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await limiter.consume(key));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
      expect(results.slice(0, 3).map((r) => r.remaining)).toEqual([2, 1, 0]);
      for (const r of results.slice(0, 3)) expect(r.retryAfterMs).toBe(0);
      for (const denied of results.slice(3)) {
        expect(denied.remaining).toBe(0);
        expect(denied.retryAfterMs).toBeGreaterThan(0);
        expect(denied.retryAfterMs).toBeLessThanOrEqual(60_000);
      }
    });

    it("consumeThenClaim counts in the same window as consume and claims only within the budget", async () => {
      const store = makeStore();
      const limiter = createRateLimiter({ store, keyPrefix: "rl:claim", points: 2, durationSec: 60 });
      const key = uniqueKey();
      const nonce = (n: number) => ({ key: `nonce:${key}:${n}`, value: "1", ttlMs: 60_000 });
      expect((await limiter.consume(key)).allowed).toBe(true);
      const first = await limiter.consumeThenClaim(key, nonce(1));
      expect(first.limit).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
      expect(first.claimed).toEqual({ claimed: true, epoch: await store.epoch() });
      // Over the budget: denied, and the nonce is not claimed (nothing to burn).
      const denied = await limiter.consumeThenClaim(key, nonce(2));
      expect(denied.limit.allowed).toBe(false);
      expect(denied.limit.retryAfterMs).toBeGreaterThan(0);
      expect(denied.claimed).toBeUndefined();
      expect(await store.get(nonce(2).key)).toBeNull();
      expect((await limiter.consume(key)).allowed).toBe(false);
      // A claimed nonce stays claimed: a second claim of it (under a fresh budget) answers false.
      const other = createRateLimiter({ store, keyPrefix: "rl:claim-other", points: 5, durationSec: 60 });
      expect((await other.consumeThenClaim(key, nonce(1))).claimed?.claimed).toBe(false);
    });

    it("budgets are per key and per limiter keyPrefix", async () => {
      const store = makeStore();
      const login = createRateLimiter({ store, keyPrefix: "rl:login", points: 1, durationSec: 60 });
      const otp = createRateLimiter({ store, keyPrefix: "rl:otp", points: 1, durationSec: 60 });
      const a = uniqueKey();
      const b = uniqueKey();
      expect((await login.consume(a)).allowed).toBe(true);
      expect((await login.consume(a)).allowed).toBe(false);
      expect((await login.consume(b)).allowed).toBe(true);
      expect((await otp.consume(a)).allowed).toBe(true);
    });

    it("the budget refills when the window (durationSec) has passed", async () => {
      const limiter = createRateLimiter({
        store: makeStore(),
        keyPrefix: "rl:window",
        points: 2,
        durationSec: 1,
      });
      const key = uniqueKey();
      expect((await limiter.consume(key)).allowed).toBe(true);
      expect((await limiter.consume(key)).allowed).toBe(true);
      const denied = await limiter.consume(key);
      expect(denied.allowed).toBe(false);
      expect(denied.retryAfterMs).toBeLessThanOrEqual(1_000);
      await sleep(denied.retryAfterMs + 100);
      const again = await limiter.consume(key);
      expect(again).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
    }, 5_000);

    it("rejects invalid options with RangeError", () => {
      const store = makeStore();
      expect(() => createRateLimiter({ store, keyPrefix: "rl:x", points: 0, durationSec: 60 })).toThrow(
        RangeError,
      );
      expect(() => createRateLimiter({ store, keyPrefix: "rl:x", points: 1.5, durationSec: 60 })).toThrow(
        RangeError,
      );
      expect(() => createRateLimiter({ store, keyPrefix: "rl:x", points: 5, durationSec: 0 })).toThrow(
        RangeError,
      );
      expect(() => createRateLimiter({ store, keyPrefix: "rl:x", points: 5, durationSec: 0.5 })).toThrow(
        RangeError,
      );
      expect(() => createRateLimiter({ store, keyPrefix: "", points: 5, durationSec: 60 })).toThrow(
        RangeError,
      );
    });
  });
}

describeRateLimiterContract("MemoryKvStore (RateLimiterMemory)", memoryStore);
describeRateLimiterContract("RedisKvStore (RateLimiterRedis)", redisStore);

describe("rate limiter over Redis", () => {
  it("two limiters on the same Redis (two replicas, two connections) share the budget", async () => {
    const replicaA = createRateLimiter({
      store: redisStore(),
      keyPrefix: "rl:shared",
      points: 4,
      durationSec: 60,
    });
    const replicaB = createRateLimiter({
      store: redisStore(),
      keyPrefix: "rl:shared",
      points: 4,
      durationSec: 60,
    });
    const key = uniqueKey();
    const results = [];
    for (let i = 0; i < 3; i++) {
      results.push(await replicaA.consume(key));
      results.push(await replicaB.consume(key));
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, false, false]);
  });

  it("counts concurrent consumes atomically (no over-admission)", async () => {
    const store = redisStore();
    const limiter = createRateLimiter({ store, keyPrefix: "rl:burst", points: 10, durationSec: 60 });
    const key = uniqueKey();
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.consume(key)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("memory limiters do not share budgets across stores (per process only)", async () => {
    const a = createRateLimiter({ store: memoryStore(), keyPrefix: "rl:mem", points: 1, durationSec: 60 });
    const b = createRateLimiter({ store: memoryStore(), keyPrefix: "rl:mem", points: 1, durationSec: 60 });
    const key = uniqueKey();
    expect((await a.consume(key)).allowed).toBe(true);
    expect((await b.consume(key)).allowed).toBe(true);
  });

  describe("when Redis is unreachable", () => {
    let warn: ReturnType<typeof vi.spyOn>;
    beforeEach(() => {
      warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    });
    afterEach(() => {
      warn.mockRestore();
    });

    it("limiter over unreachable Redis throws KvUnavailableError (fails closed, no insurance limiter)", async () => {
      const store = track(new RedisKvStore({ url: UNREACHABLE_REDIS_URL, keyPrefix: PREFIX }));
      const limiter = createRateLimiter({ store, keyPrefix: "rl:down", points: 100, durationSec: 60 });
      for (const round of [0, 1]) {
        if (round === 1) await sleep(300);
        const { error, ms } = await timedRejection(limiter.consume("someone"));
        expect(error).toBeInstanceOf(KvUnavailableError);
        expect(ms).toBeLessThan(3_000);
      }
    }, 10_000);

    it("limiter over a store that was closed throws KvUnavailableError", async () => {
      const store = new RedisKvStore({ url: TEST_REDIS_URL, keyPrefix: PREFIX });
      const limiter = createRateLimiter({ store, keyPrefix: "rl:closed", points: 100, durationSec: 60 });
      expect((await limiter.consume("someone")).allowed).toBe(true);
      await store.close();
      await expect(limiter.consume("someone")).rejects.toBeInstanceOf(KvUnavailableError);
    }, 10_000);
  });
});
