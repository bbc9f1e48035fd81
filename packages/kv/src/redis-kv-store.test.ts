import { type AddressInfo, type Server, type Socket, createServer, connect as netConnect } from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createKvStore } from "./create-kv-store";
import { describeKvStoreContract } from "./kv-store.contract";
import { KvUnavailableError } from "./kv-store";
import { RedisKvStore } from "./redis-kv-store";
import {
  TEST_REDIS_URL,
  UNREACHABLE_REDIS_URL,
  deleteKeysWithPrefix,
  randomKeyPrefix,
  sleep,
  timedRejection,
} from "./test-support";

const PREFIX = randomKeyPrefix("redis-store");
/** "within about 3 seconds": the store's own bounds are 2 s (connect/command timeout). */
const FAIL_FAST_MS = 3_000;

/** Every store created in this file, closed in afterAll so the test process can exit. */
const opened: RedisKvStore[] = [];
/** The stores' logger; the outage tests replace it with a recorder. */
let linkReports: (msg: string, fields?: Record<string, unknown>) => void = () => undefined;
function open(options: { url?: string; keyPrefix?: string } = {}): RedisKvStore {
  const store = new RedisKvStore({
    url: options.url ?? TEST_REDIS_URL,
    keyPrefix: options.keyPrefix ?? PREFIX,
    logger: { warn: (msg, fields) => linkReports(msg, fields) },
  });
  opened.push(store);
  return store;
}

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await deleteKeysWithPrefix(PREFIX);
});

describeKvStoreContract("RedisKvStore", () => open());

describe("RedisKvStore against a live Redis", () => {
  it("two RedisKvStore instances share state: a nonce claimed by one is refused by the other (shared by every replica)", async () => {
    const replicaA = open();
    const replicaB = open();
    const nonce = `nonce:${Math.random()}`;
    expect(await replicaA.setIfAbsent(nonce, "seen", 10_000)).toBe(true);
    expect(await replicaB.setIfAbsent(nonce, "seen", 10_000)).toBe(false);
    expect(await replicaB.get(nonce)).toBe("seen");

    const counter = `count:${Math.random()}`;
    expect(await replicaA.increment(counter, 10_000)).toBe(1);
    expect(await replicaB.increment(counter, 10_000)).toBe(2);

    await replicaB.delete(nonce);
    expect(await replicaA.get(nonce)).toBeNull();
  });

  it("keyPrefix namespaces every key (stores with different prefixes do not see each other)", async () => {
    const store = open();
    const otherPrefix = `${PREFIX}other:`;
    const other = open({ keyPrefix: otherPrefix });
    await store.set("shared-name", "mine", 10_000);
    expect(await other.get("shared-name")).toBeNull();

    const raw = new Redis(TEST_REDIS_URL);
    try {
      expect(await raw.get(`${PREFIX}shared-name`)).toBe("mine");
      const pttl = await raw.pttl(`${PREFIX}shared-name`);
      expect(pttl).toBeGreaterThan(9_000);
      expect(pttl).toBeLessThanOrEqual(10_000);
    } finally {
      raw.disconnect();
    }
  });

  it("increment sets the window ttl only on the first increment (count === 1)", async () => {
    const store = open();
    const raw = new Redis(TEST_REDIS_URL);
    try {
      await store.increment("win", 5_000);
      await raw.pexpire(`${PREFIX}win`, 60_000); // if a later INCR re-applied PEXPIRE this would drop back to <= 5 s
      await store.increment("win", 5_000);
      expect(await raw.pttl(`${PREFIX}win`)).toBeGreaterThan(5_000);
    } finally {
      raw.disconnect();
    }
  });

  it("exposes the ioredis client (readonly client: Redis) and kind 'redis'", async () => {
    const store = open();
    expect(store.kind).toBe("redis");
    expect(store.client).toBeInstanceOf(Redis);
    await store.ping();
    expect(store.client.status).toBe("ready");
  });

  it("createKvStore returns a RedisKvStore when redisUrl is given", async () => {
    const store = createKvStore({ redisUrl: TEST_REDIS_URL, keyPrefix: PREFIX });
    try {
      expect(store.kind).toBe("redis");
      expect(store).toBeInstanceOf(RedisKvStore);
      await store.ping();
    } finally {
      await store.close();
    }
  });
});

describe("RedisKvStore fails fast and closed when Redis is unreachable", () => {
  let warn: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    warn = vi.fn();
    linkReports = warn;
  });
  afterEach(() => {
    linkReports = () => undefined;
  });

  it("unreachable Redis (redis://127.0.0.1:1): setIfAbsent/increment/ping (and the rest) reject with KvUnavailableError within about 3 seconds", async () => {
    const store = open({ url: UNREACHABLE_REDIS_URL });
    // First calls race the initial connection attempt; later calls hit the reconnect back-off.
    for (const round of [0, 1]) {
      if (round === 1) await sleep(300);
      const calls = [
        store.setIfAbsent("nonce", "v", 1_000),
        store.increment("count", 1_000),
        store.ping(),
        store.get("k"),
        store.set("k", "v"),
        store.delete("k"),
      ];
      for (const call of calls) {
        const { error, ms } = await timedRejection(call);
        expect(error).toBeInstanceOf(KvUnavailableError);
        expect(ms).toBeLessThan(FAIL_FAST_MS);
      }
    }
  }, 15_000);

  it("a Redis that accepts connections but never answers: calls reject with KvUnavailableError within about 3 seconds (never hang)", async () => {
    const blackhole = await listen(createServer(() => undefined));
    try {
      const store = open({ url: `redis://127.0.0.1:${port(blackhole.server)}` });
      const results = await Promise.all([
        timedRejection(store.setIfAbsent("nonce", "v", 1_000)),
        timedRejection(store.increment("count", 1_000)),
        timedRejection(store.ping()),
      ]);
      for (const { error, ms } of results) {
        expect(error).toBeInstanceOf(KvUnavailableError);
        expect(ms).toBeLessThan(FAIL_FAST_MS);
      }
      await store.close();
    } finally {
      await blackhole.close();
    }
  }, 15_000);

  it("Redis stops answering on an open connection: the command times out with KvUnavailableError (commandTimeout)", async () => {
    const proxy = await TcpProxy.start(new URL(TEST_REDIS_URL));
    try {
      const store = open({ url: proxy.url });
      await store.ping();
      proxy.blackhole = true;
      const { error, ms } = await timedRejection(store.setIfAbsent("nonce", "v", 1_000));
      expect(error).toBeInstanceOf(KvUnavailableError);
      expect(ms).toBeLessThan(FAIL_FAST_MS);
      await store.close();
    } finally {
      await proxy.close();
    }
  }, 15_000);

  it("connection lost: fails fast with KvUnavailableError, then recovers on its own when Redis comes back", async () => {
    const proxy = await TcpProxy.start(new URL(TEST_REDIS_URL));
    try {
      const store = open({ url: proxy.url });
      expect(await store.setIfAbsent("recover:a", "v", 10_000)).toBe(true);

      await proxy.close(); // Redis "goes away"
      await sleep(100);
      for (const call of [
        store.setIfAbsent("recover:b", "v", 10_000),
        store.increment("recover:n", 10_000),
        store.ping(),
      ]) {
        const { error, ms } = await timedRejection(call);
        expect(error).toBeInstanceOf(KvUnavailableError);
        expect(ms).toBeLessThan(FAIL_FAST_MS);
      }

      await proxy.reopen(); // Redis "comes back" on the same address
      const deadline = Date.now() + 6_000;
      let recovered = false;
      while (!recovered && Date.now() < deadline) {
        recovered = await store.ping().then(
          () => true,
          () => false,
        );
        if (!recovered) await sleep(100);
      }
      expect(recovered).toBe(true);
      expect(await store.setIfAbsent("recover:a", "v", 10_000)).toBe(false); // state survived in Redis
      expect(await store.setIfAbsent("recover:b", "v", 10_000)).toBe(true);

      const messages = warn.mock.calls.map((args) => String(args[0]));
      expect(messages.filter((m) => m.includes("unavailable"))).toHaveLength(1);
      expect(messages.filter((m) => m.includes("restored"))).toHaveLength(1);
      await store.close();
    } finally {
      await proxy.close();
    }
  }, 20_000);

  it("logs one warning per state change and never the URL or its credentials", async () => {
    const store = open({ url: "redis://user:s3cret-pw@127.0.0.1:1/0" });
    await timedRejection(store.ping());
    await sleep(1_000); // several reconnect attempts, each emitting 'error'
    await store.close();
    expect(warn).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).not.toContain("s3cret");
    expect(logged).not.toContain("127.0.0.1");
  }, 10_000);
});

// ---------------------------------------------------------------------------------------------
// Tiny TCP helpers to simulate Redis outages without touching the real server.

interface Listening {
  server: Server;
  close(): Promise<void>;
}

function port(server: Server): number {
  return (server.address() as AddressInfo).port;
}

async function listen(server: Server, onPort = 0): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(onPort, "127.0.0.1", () => resolve());
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

/** Forwards TCP to Redis; can be closed/reopened on the same port or switched to drop traffic. */
class TcpProxy {
  blackhole = false;
  private listening: Listening | undefined;
  private port = 0;

  private constructor(private readonly target: URL) {}

  static async start(target: URL): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.reopen();
    return proxy;
  }

  /** The target URL (credentials, db) with the proxy's address. */
  get url(): string {
    const url = new URL(this.target.href);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.href;
  }

  async reopen(): Promise<void> {
    const server = createServer((client) => {
      const upstream = netConnect(Number(this.target.port || 6379), this.target.hostname);
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      client.on("data", (chunk) => {
        if (!this.blackhole) upstream.write(chunk);
      });
      upstream.pipe(client);
    });
    this.listening = await listen(server, this.port);
    this.port = port(server);
  }

  async close(): Promise<void> {
    await this.listening?.close();
    this.listening = undefined;
  }
}

describe("RedisKvStore writes", () => {
  it("the commands of one event-loop turn leave in one socket write, each answered in order (issue 30)", async () => {
    const store = open();
    await store.ping();
    const stream = (store.client as unknown as { stream: Socket }).stream;
    const single = vi.spyOn(stream, "_write" as never);
    const batched = vi.spyOn(stream, "_writev" as never);
    const keys = Array.from({ length: 20 }, (_, i) => `coalesced:${Math.random()}:${i}`);
    await store.setIfAbsent(keys[3]!, "earlier", 10_000);
    single.mockClear();
    batched.mockClear();

    const claims = await Promise.all(keys.map((key) => store.setIfAbsent(key, "1", 10_000)));
    expect(claims).toEqual(keys.map((_, i) => i !== 3));
    expect(single).not.toHaveBeenCalled();
    expect(batched).toHaveBeenCalledTimes(1);
    expect((batched.mock.calls[0]![0] as unknown[]).length).toBe(20);
    // A later turn writes again (nothing is held past its turn).
    expect(await store.get(keys[3]!)).toBe("earlier");
  });
});
