import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { serve } from "@hono/node-server";

export interface BenchResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** Serves a Hono app on a loopback port for the benchmark. */
export async function listen(app: {
  fetch: Parameters<typeof serve>[0]["fetch"];
}): Promise<{ url: string; close(): Promise<void> }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Runs autocannon for `seconds` with `connections`, signing each request through `headersFor`. */
export async function hammer(
  name: string,
  url: string,
  path: string,
  options: { seconds: number; connections: number; headersFor?: () => Record<string, string> },
): Promise<BenchResult> {
  const result = await autocannon({
    url: url + path,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: "GET",
        path,
        setupRequest: (req) =>
          options.headersFor ? { ...req, headers: { ...req.headers, ...options.headersFor() } } : req,
      },
    ],
  });
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: BenchResult[]): void {
  console.warn("| run | requests | req/s | p50 ms | p99 ms | non-2xx |");
  console.warn("|---|---|---|---|---|---|");
  for (const r of rows)
    console.warn(`| ${r.name} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
}

/** The p-th percentile of ascending samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Prints timed runs (milliseconds per request) as a Markdown table: p50, p99 and max. */
export function printLatencyTable(runs: { name: string; times: number[] }[]): void {
  console.warn("| run | requests | p50 ms | p99 ms | max ms |");
  console.warn("|---|---|---|---|---|");
  for (const run of runs) {
    const sorted = [...run.times].sort((a, b) => a - b);
    console.warn(
      `| ${run.name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`,
    );
  }
}
