import { spawn } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evictionProblem, parseMemorySettings } from "./eviction-policy";
import { RedisKvStore } from "./redis-kv-store";

describe("which Redis settings may evict the product's keys", () => {
  it("only no limit or noeviction is safe: volatile-* evicts nonces, allkeys-* the epoch marker too", () => {
    expect(evictionProblem({ maxmemory: 0, policy: "allkeys-lru" })).toBeUndefined();
    expect(evictionProblem({ maxmemory: 100, policy: "noeviction" })).toBeUndefined();
    for (const policy of ["allkeys-lru", "allkeys-lfu", "allkeys-random", "volatile-lru", "volatile-ttl"])
      expect(evictionProblem({ maxmemory: 100, policy })).toContain(`maxmemory-policy ${policy}`);
  });

  it("reads maxmemory and the policy from INFO memory", () => {
    const info = "# Memory\r\nused_memory:1000\r\nmaxmemory:104857600\r\nmaxmemory_policy:allkeys-lru\r\n";
    expect(parseMemorySettings(info)).toEqual({ maxmemory: 104857600, policy: "allkeys-lru" });
    expect(parseMemorySettings("# Memory\r\nused_memory:1\r\n")).toBeUndefined();
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe("a private redis-server with a memory limit and an evicting policy", () => {
  let port: number;
  let child: ReturnType<typeof spawn>;
  beforeAll(async () => {
    port = await freePort();
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"].concat([
        "--maxmemory",
        "64mb",
        "--maxmemory-policy",
        "volatile-lru",
      ]),
      { stdio: "ignore" },
    );
    for (let i = 0; i < 50; i += 1) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
        socket.on("error", () => resolve(false));
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("redis-server did not start");
  });
  afterAll(() => {
    child?.kill("SIGKILL");
  });

  it("is reported as a problem; the machine's Redis (no limit or noeviction) is not", async () => {
    const evicting = new RedisKvStore({ url: `redis://127.0.0.1:${port}` });
    const shared = new RedisKvStore({ url: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" });
    try {
      const settings = await evicting.memorySettings();
      expect(settings).toEqual({ maxmemory: 64 * 1024 * 1024, policy: "volatile-lru" });
      expect(evictionProblem(settings)).toMatch(/volatile-lru/);
      expect(evictionProblem(await shared.memorySettings())).toBeUndefined();
    } finally {
      await Promise.all([evicting.close(), shared.close()]);
    }
  });
});
