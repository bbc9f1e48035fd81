import net from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A loopback TCP proxy in front of PostgreSQL that a test can cut, to model outages without
 * touching the shared server:
 * - `refuse()`: every open connection is reset and the port stops listening (ECONNREFUSED);
 * - `blackhole()`: open connections stop carrying bytes and new ones are accepted but never
 *   answered (a partition, a dead NAT entry, a frozen host);
 * - `restore()`: new connections pass again. Connections black-holed earlier stay silent
 *   forever, like half-dead TCP connections after a partition heals, so the client must drop
 *   them on its own.
 */
export interface CuttableProxy {
  /** `targetUrl` with host and port replaced by the proxy's. */
  url: string;
  port: number;
  refuse(): Promise<void>;
  blackhole(): void;
  restore(): Promise<void>;
  /** Connections accepted so far (each client connection counts once). */
  readonly accepted: number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
}

export async function startCuttableProxy(targetUrl: string): Promise<CuttableProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname || "127.0.0.1";
  const targetPort = Number(target.port || 5432);
  let mode: "pass" | "refuse" | "blackhole" = "pass";
  let accepted = 0;
  const live = new Set<Pair>();
  const silent = new Set<net.Socket>();

  const hold = (socket: net.Socket) => {
    // Read and drop everything: the peer sees an open connection that never answers.
    silent.add(socket);
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.on("close", () => silent.delete(socket));
  };

  const server = net.createServer((client) => {
    accepted += 1;
    client.on("error", () => {});
    if (mode === "blackhole") return hold(client);
    const pair: Pair = { client };
    live.add(pair);
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on("error", () => client.destroy());
    client.on("close", () => {
      upstream.destroy();
      live.delete(pair);
    });
    upstream.on("close", () => {
      if (!silent.has(client)) client.destroy();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  return {
    url: url.toString(),
    port,
    get accepted() {
      return accepted;
    },
    async refuse() {
      mode = "refuse";
      const closing = stopListening();
      for (const pair of live) {
        pair.client.resetAndDestroy();
        pair.upstream?.destroy();
      }
      live.clear();
      for (const socket of silent) socket.resetAndDestroy();
      // server.close() resolves once the last accepted connection is gone.
      await closing;
    },
    blackhole() {
      mode = "blackhole";
      for (const pair of live) {
        pair.client.unpipe();
        pair.upstream?.unpipe();
        pair.upstream?.removeAllListeners("data");
        pair.upstream?.pause();
        hold(pair.client);
      }
      live.clear();
    },
    async restore() {
      mode = "pass";
      if (!server.listening) await listen(port);
    },
    async close() {
      mode = "refuse";
      const closing = stopListening();
      for (const pair of live) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      for (const socket of silent) socket.destroy();
      await closing;
    },
  };
}
