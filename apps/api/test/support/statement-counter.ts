import net from "node:net";

/**
 * A loopback TCP proxy in front of PostgreSQL that counts the statements the client sends: one
 * per simple Query ('Q') and one per extended-protocol Sync ('S'), i.e. one per round trip,
 * whatever the driver or ORM above does. Tests point a database handle at `url` and read
 * `statements` around the requests they measure.
 */
export async function startStatementCounter(targetUrl: string): Promise<{
  url: string;
  statements: () => number;
  close(): Promise<void>;
}> {
  const target = new URL(targetUrl);
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let buffered = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk) => {
      upstream.write(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      // The startup message has no type byte: [length:4][...]; every later one [type:1][length:4][...].
      for (;;) {
        if (!started) {
          if (buffered.length < 4) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          buffered = buffered.subarray(length);
          started = true;
          continue;
        }
        if (buffered.length < 5) break;
        const length = buffered.readInt32BE(1);
        if (buffered.length < 1 + length) break;
        const type = String.fromCharCode(buffered[0]!);
        if (type === "Q" || type === "S") statements += 1;
        buffered = buffered.subarray(1 + length);
      }
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    statements: () => statements,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
