import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RedisKvStore } from "./redis-kv-store";
import { randomKeyPrefix, sleep, TEST_REDIS_URL } from "./test-support";

/** A TCP proxy to the test Redis that the test can cut and restore on the same port. */
async function cuttableProxy() {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", () => resolve()));
    port = (server!.address() as AddressInfo).port;
  };
  await listen();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
  };
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(25);
  }
}

describe("RedisKvStore link reports", () => {
  const stores: RedisKvStore[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  it("go to the logger it was given, as structured lines, never to the console", async () => {
    const consoleSpies = (["log", "warn", "error", "info"] as const).map((m) => vi.spyOn(console, m));
    const stderr = vi.spyOn(process.stderr, "write");
    const proxy = await cuttableProxy();
    const lines: { msg: string; fields?: Record<string, unknown> }[] = [];
    const store = new RedisKvStore({
      url: proxy.url(),
      keyPrefix: randomKeyPrefix("logging"),
      logger: { warn: (msg, fields) => void lines.push({ msg, fields }) },
    });
    stores.push(store);
    await store.ping();

    await proxy.cut();
    await until(() => lines.length >= 1);
    expect(lines[0]).toEqual({
      msg: "kv: redis unavailable; failing closed and reconnecting",
      fields: { code: expect.any(String) },
    });

    await proxy.restore();
    await until(() => lines.some((l) => l.msg === "kv: redis connection restored"));
    await store.ping();

    for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });

  it("write nothing without a logger", async () => {
    const warn = vi.spyOn(console, "warn");
    const stderr = vi.spyOn(process.stderr, "write");
    const store = new RedisKvStore({ url: "redis://127.0.0.1:1", keyPrefix: randomKeyPrefix("nolog") });
    stores.push(store);
    await expect(store.ping()).rejects.toThrow();
    await sleep(200);
    expect(warn).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });
});
