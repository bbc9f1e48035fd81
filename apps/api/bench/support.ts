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

export interface HammerOptions {
  /** Run for this many seconds… */
  seconds?: number;
  /** …or until this many answers. */
  amount?: number;
  connections: number;
  /** Fresh headers per request (a new signature and nonce). */
  headersFor?: () => Record<string, string>;
  /** The whole request per request (method, body, headers), e.g. another trainee's token each time. */
  requestFor?: () => { method?: string; path?: string; headers?: Record<string, string>; body?: string };
}

/** Runs autocannon for `seconds` (or `amount` answers) with `connections`; a fresh request per request. */
export async function hammer(
  name: string,
  url: string,
  path: string,
  options: HammerOptions,
): Promise<BenchResult> {
  const result = await autocannon({
    url: url + path,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
    requests: [
      {
        method: "GET",
        path,
        setupRequest: (req) => {
          if (options.requestFor) {
            const r = options.requestFor();
            return {
              ...req,
              ...(r.method && { method: r.method as typeof req.method }),
              ...(r.path && { path: r.path }),
              ...(r.body !== undefined && { body: r.body }),
              headers: { ...req.headers, ...r.headers },
            };
          }
          return options.headersFor ? { ...req, headers: { ...req.headers, ...options.headersFor() } } : req;
        },
      },
    ],
  });
  return {
    name,
    requests: result.requests.total,
    // Answers ÷ wall time (autocannon's per-second average misreads runs of a few seconds).
    rps: Math.round(result.requests.total / ((result.finish.getTime() - result.start.getTime()) / 1000)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Headers signed ahead of a timed run: each call answers the next unused one (every nonce used
 * once), then signs on the spot if the run outlasts the supply. The load generator shares the
 * 2-core machine with the server, and signing per request would charge its HMAC to the
 * server's figure; signatures stay valid for the 5-minute clock window, far longer than a run.
 */
export function presigned(make: () => Record<string, string>, count: number): () => Record<string, string> {
  const ready = Array.from({ length: count }, make);
  let next = 0;
  return () => (next < ready.length ? ready[next++]! : make());
}

/** The p-th percentile of ascending samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
