import { afterEach, describe, expect, it, vi } from "vitest";
import { createKvStore } from "./create-kv-store";
import { describeKvStoreContract } from "./kv-store.contract";
import { MemoryKvStore } from "./memory-kv-store";

describeKvStoreContract("MemoryKvStore", () => new MemoryKvStore());

describe("MemoryKvStore (injected clock)", () => {
  let now = 1_000_000;
  const clock = () => now;
  const stores: MemoryKvStore[] = [];
  const make = () => {
    const store = new MemoryKvStore({ now: clock });
    stores.push(store);
    return store;
  };

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    vi.useRealTimers();
  });

  it("epoch is the store's creation (nothing outlives the process)", async () => {
    now = 5_000_000;
    const store = make();
    now += 60_000;
    await store.set("k", "v");
    expect(await store.epoch()).toBe(5_000_000);
  });

  it("expired entries are treated as absent exactly at the expiry instant", async () => {
    const store = make();
    now = 1_000_000;
    await store.set("k", "v", 100);
    now += 99;
    expect(await store.get("k")).toBe("v");
    expect(await store.setIfAbsent("k", "w", 100)).toBe(false);
    now += 1;
    expect(await store.get("k")).toBeNull();
    expect(await store.setIfAbsent("k", "w", 100)).toBe(true);
  });

  it("increment's window starts at the first increment and is not extended by later ones", async () => {
    const store = make();
    now = 5_000;
    expect(await store.increment("c", 1_000)).toBe(1);
    now += 900;
    expect(await store.increment("c", 1_000)).toBe(2);
    now += 100;
    expect(await store.increment("c", 1_000)).toBe(1);
  });

  it("expired entries are swept lazily on access and by sweep()", async () => {
    const store = make();
    now = 0;
    await store.set("a", "1", 10);
    await store.set("b", "2", 10);
    await store.set("keep", "3");
    expect(store.size).toBe(3);
    now = 10;
    expect(await store.get("a")).toBeNull(); // lazy removal
    expect(store.size).toBe(2);
    store.sweep();
    expect(store.size).toBe(1);
    expect(await store.get("keep")).toBe("3");
  });

  it("the background sweep timer is unref'd (never keeps the process alive)", async () => {
    const store = make();
    const timer = (store as unknown as { sweepTimer: NodeJS.Timeout }).sweepTimer;
    expect(timer.hasRef()).toBe(false);
  });

  it("the background sweep timer removes expired entries and is cleared on close", async () => {
    vi.useFakeTimers();
    const store = new MemoryKvStore({ now: clock, sweepIntervalMs: 1_000 });
    now = 0;
    await store.set("a", "1", 10);
    now = 10;
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(store.size).toBe(0);
    await store.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("createKvStore", () => {
  it("returns a memory store when no redisUrl is given (or it is empty)", async () => {
    for (const store of [createKvStore(), createKvStore({}), createKvStore({ redisUrl: "" })]) {
      expect(store.kind).toBe("memory");
      expect(store).toBeInstanceOf(MemoryKvStore);
      await store.close();
    }
  });
});
