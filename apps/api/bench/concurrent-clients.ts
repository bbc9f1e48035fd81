import type { LoadRow } from "./harness";
import { percentile } from "./support";

/**
 * `clients` loops running side by side, each sending its own requests one after the other
 * (`send(client, i)` answers the request's time in ms, from send to the last body byte), as a
 * load row: every request's latency in p50/p99, all answers ÷ the wall time as req/s. Unlike
 * autocannon's connections, each loop keeps to its own item, so two clients never ask for the
 * same row at once (issue 30 item 4: "4 concurrent clients on different items").
 */
export async function concurrentClients(
  name: string,
  clients: number,
  perClient: number,
  send: (client: number, i: number) => Promise<number>,
): Promise<LoadRow> {
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < perClient; i++) times.push(await send(client, i));
    }),
  );
  const wall = performance.now() - started;
  const sorted = times.sort((a, b) => a - b);
  return {
    name,
    requests: sorted.length,
    rps: Math.round((sorted.length / wall) * 1000 * 10) / 10,
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
    non2xx: 0,
  };
}
