// Shared behavioural contract for every KvStore implementation. Not a test file itself:
// memory-kv-store.test.ts and redis-kv-store.test.ts each call describeKvStoreContract.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KvStore, KvUnavailableError } from "./kv-store";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Short ttl for expiry tests, and a wait comfortably past it (real time, so both stores are tested alike). */
const SHORT_TTL_MS = 150;
const PAST_TTL_MS = 300;

export function describeKvStoreContract(name: string, factory: () => KvStore): void {
  describe(`KvStore contract: ${name}`, () => {
    let store: KvStore;
    let seq = 0;
    /** A fresh key per call so tests never see each other's state. */
    const key = (label: string) => `contract:${label}:${++seq}:${Math.random().toString(36).slice(2, 8)}`;

    beforeAll(() => {
      store = factory();
    });
    afterAll(async () => {
      await store.close();
    });

    it("reports its kind", () => {
      expect(["redis", "memory"]).toContain(store.kind);
    });

    it("setIfAbsent returns true when it sets the key, then false while the key exists (value not overwritten)", async () => {
      const k = key("nx");
      expect(await store.setIfAbsent(k, "first", 10_000)).toBe(true);
      expect(await store.setIfAbsent(k, "second", 10_000)).toBe(false);
      expect(await store.get(k)).toBe("first");
    });

    it("setIfAbsent: of many concurrent claims on one key exactly one wins (nonce replay protection)", async () => {
      const k = key("race");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.setIfAbsent(k, `v${i}`, 10_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("setIfAbsent: expiry frees the key", async () => {
      const k = key("nx-ttl");
      expect(await store.setIfAbsent(k, "a", SHORT_TTL_MS)).toBe(true);
      expect(await store.setIfAbsent(k, "b", SHORT_TTL_MS)).toBe(false);
      await sleep(PAST_TTL_MS);
      expect(await store.get(k)).toBeNull();
      expect(await store.setIfAbsent(k, "c", SHORT_TTL_MS)).toBe(true);
      expect(await store.get(k)).toBe("c");
    });

    it("setIfAbsent does not treat a key set by set() as absent", async () => {
      const k = key("nx-after-set");
      await store.set(k, "x");
      expect(await store.setIfAbsent(k, "y", 10_000)).toBe(false);
      expect(await store.get(k)).toBe("x");
    });

    it("get returns null for a missing key", async () => {
      expect(await store.get(key("missing"))).toBeNull();
    });

    it("set without ttl stores the value; set replaces it; delete removes it", async () => {
      const k = key("crud");
      await store.set(k, "one");
      expect(await store.get(k)).toBe("one");
      await store.set(k, "two");
      expect(await store.get(k)).toBe("two");
      await store.delete(k);
      expect(await store.get(k)).toBeNull();
    });

    it("values round-trip exactly (empty string, unicode, JSON)", async () => {
      for (const value of ["", "héllo ✓ 🏋️", JSON.stringify({ a: [1, "b"] }), " spaced "]) {
        const k = key("value");
        await store.set(k, value);
        expect(await store.get(k)).toBe(value);
      }
    });

    it("delete of a missing key is a no-op", async () => {
      await expect(store.delete(key("never-set"))).resolves.toBeUndefined();
    });

    it("set with ttl expires the key after ttl", async () => {
      const k = key("ttl");
      await store.set(k, "short", SHORT_TTL_MS);
      expect(await store.get(k)).toBe("short");
      await sleep(PAST_TTL_MS);
      expect(await store.get(k)).toBeNull();
    });

    it("set without ttl clears a previous ttl (the key no longer expires)", async () => {
      const k = key("ttl-cleared");
      await store.set(k, "short", SHORT_TTL_MS);
      await store.set(k, "forever");
      await sleep(PAST_TTL_MS);
      expect(await store.get(k)).toBe("forever");
      await store.delete(k);
    });

    it("set with ttl replaces a key that had no ttl and makes it expire", async () => {
      const k = key("ttl-added");
      await store.set(k, "forever");
      await store.set(k, "short", SHORT_TTL_MS);
      await sleep(PAST_TTL_MS);
      expect(await store.get(k)).toBeNull();
    });

    it("increment counts 1, 2, 3 within the window", async () => {
      const k = key("incr");
      expect(await store.increment(k, 10_000)).toBe(1);
      expect(await store.increment(k, 10_000)).toBe(2);
      expect(await store.increment(k, 10_000)).toBe(3);
      expect(await store.get(k)).toBe("3");
    });

    it("increment: the window expires and the count restarts at 1", async () => {
      const k = key("incr-window");
      expect(await store.increment(k, SHORT_TTL_MS)).toBe(1);
      expect(await store.increment(k, SHORT_TTL_MS)).toBe(2);
      await sleep(PAST_TTL_MS);
      expect(await store.increment(k, SHORT_TTL_MS)).toBe(1);
    });

    it("increment: the window starts at the first increment and later increments do not extend it (fixed window)", async () => {
      const k = key("incr-fixed");
      expect(await store.increment(k, 400)).toBe(1);
      await sleep(100);
      expect(await store.increment(k, 400)).toBe(2); // a sliding ttl would now run until ~500 ms
      await sleep(350); // ~450 ms after the first increment: the fixed window is over
      expect(await store.increment(k, 400)).toBe(1);
    });

    it("increment counts concurrent increments exactly", async () => {
      const k = key("incr-concurrent");
      const counts = await Promise.all(Array.from({ length: 25 }, () => store.increment(k, 10_000)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });

    it("increment on a non-integer value rejects (and not as KvUnavailableError)", async () => {
      const k = key("incr-nan");
      await store.set(k, "abc", 10_000);
      const err = await store.increment(k, 10_000).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(KvUnavailableError);
    });

    it("rejects a ttl that is not a positive finite number with RangeError", async () => {
      const k = key("bad-ttl");
      for (const ttl of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(store.setIfAbsent(k, "v", ttl)).rejects.toBeInstanceOf(RangeError);
        await expect(store.set(k, "v", ttl)).rejects.toBeInstanceOf(RangeError);
        await expect(store.increment(k, ttl)).rejects.toBeInstanceOf(RangeError);
      }
      expect(await store.get(k)).toBeNull();
    });

    it("keys are independent of each other", async () => {
      const a = key("a");
      const b = key("b");
      await store.set(a, "A");
      expect(await store.setIfAbsent(b, "B", 10_000)).toBe(true);
      expect(await store.increment(`${a}:n`, 10_000)).toBe(1);
      expect(await store.get(a)).toBe("A");
      expect(await store.get(b)).toBe("B");
      await store.delete(a);
    });

    it("epoch is a moment no later than now and stays put while the store keeps its data", async () => {
      const first = await store.epoch();
      expect(Number.isSafeInteger(first)).toBe(true);
      expect(first).toBeLessThanOrEqual(Date.now());
      await store.setIfAbsent(key("epoch"), "v", 10_000);
      await store.increment(key("epoch-n"), 10_000);
      expect(await store.epoch()).toBe(first);
    });

    it("claimWithEpoch claims like setIfAbsent (once) and answers the store's epoch", async () => {
      const k = key("claim-epoch");
      const epoch = await store.epoch();
      expect(await store.claimWithEpoch(k, "1", 10_000)).toEqual({ claimed: true, epoch });
      expect(await store.claimWithEpoch(k, "2", 10_000)).toEqual({ claimed: false, epoch });
      expect(await store.get(k)).toBe("1");
      expect(await store.setIfAbsent(k, "3", 10_000)).toBe(false);
      // Of many concurrent claims on one new key exactly one wins.
      const fresh = key("claim-race");
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => store.claimWithEpoch(fresh, "r", 10_000)),
      );
      expect(claims.filter((r) => r.claimed)).toHaveLength(1);
      await expect(store.claimWithEpoch(key("bad-ttl"), "1", 0)).rejects.toThrow(RangeError);
    });

    it("ping resolves while the store is reachable", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it("after close every method rejects with KvUnavailableError (and close is idempotent)", async () => {
      const other = factory();
      await other.ping();
      await other.close();
      await other.close();
      const k = key("closed");
      await expect(other.setIfAbsent(k, "v", 1000)).rejects.toBeInstanceOf(KvUnavailableError);
      await expect(other.get(k)).rejects.toBeInstanceOf(KvUnavailableError);
      await expect(other.set(k, "v")).rejects.toBeInstanceOf(KvUnavailableError);
      await expect(other.delete(k)).rejects.toBeInstanceOf(KvUnavailableError);
      await expect(other.increment(k, 1000)).rejects.toBeInstanceOf(KvUnavailableError);
      await expect(other.ping()).rejects.toBeInstanceOf(KvUnavailableError);
      await expect(other.epoch()).rejects.toBeInstanceOf(KvUnavailableError);
      await expect(other.claimWithEpoch(k, "v", 1000)).rejects.toBeInstanceOf(KvUnavailableError);
    });
  });
}
