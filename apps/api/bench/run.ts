/**
 * `pnpm bench`: the foundation benchmark, then every domain bench. One command: it starts
 * bench/servers.ts in a child process (harness.spawnServer: the full API stack, a bare Hono +
 * postgres.js handler running the same SQL, and the hand-written ceiling of a signed GET: Hono +
 * HMAC + SET NX nonce + one postgres.js query + zod output), drives the three with autocannon
 * from this process in rotating rounds, at 10 and at 100 connections (BENCH_CONNECTIONS=a,b),
 * and prints requests/s, p50/p99 and the full/ceiling and full/bare ratios. The full run is a signed web-lane GET
 * /v1/web/studio through request id, body limit, rate limiter, service signature + nonce, web
 * context, REST adapter, tRPC, domain and Drizzle. Then it runs each domain's
 * `bench/*.bench.ts` in turn; each starts its own server process with its own bare handler and
 * prints its rows with the ratio to that handler measured in the same mode (harness.ts).
 * BENCH_SECONDS (default 10) sets the length of every timed autocannon run; BENCH_ONLY=a,b runs
 * only the bench files whose names contain one of the words.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { signedStudioGet } from "./bench-env";
import { against, printLoadTable, spawnServer } from "./harness";
import { hammer, presigned, type BenchResult } from "./support";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const startedAt = Date.now();
const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);

if (!only || only.includes("foundation")) {
  const server = await spawnServer<{ store: string; ceiling: string }>(path.join(benchDir, "servers.ts"), {
    profileDir: process.env.BENCH_PROFILE_DIR ?? "/tmp/prof",
  });
  const { url, bare: bareUrl, ceiling: ceilingUrl, store } = server.info;
  const targets = {
    full: { name: "full stack: signed web GET /v1/web/studio", url, signed: true },
    ceiling: {
      name: "ceiling: Hono + HMAC + SET NX nonce + one postgres.js query + zod output",
      url: ceilingUrl,
      signed: true,
    },
    bare: { name: "bare Hono + postgres.js, same query", url: bareUrl, signed: false },
  } as const;
  type Which = keyof typeof targets;
  const order: Which[] = ["full", "ceiling", "bare"];
  try {
    for (const connections of (process.env.BENCH_CONNECTIONS ?? "10,100").split(",").map(Number)) {
      for (const which of order)
        await hammer("warm-up", targets[which].url, "/v1/web/studio", {
          seconds: 2,
          connections,
          ...(targets[which].signed && { headersFor: signedStudioGet }),
        });
      // Interleaved rounds, rotating which goes first: the shared 2-core VM's speed drifts by
      // 10-30% within a minute, so one long run of each compared different machines; each round's
      // ratios compare neighbours, and the median ratio is the figure.
      const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
      const roundSeconds = Math.max(2, Math.round(seconds / 2));
      // Signed before the timed runs, more than they can use (see presigned).
      const signed = presigned(signedStudioGet, rounds * roundSeconds * 12_000);
      const measure = async (which: Which) => {
        const before = await server.cpuMicros();
        const t = targets[which];
        const row = await hammer(t.name, t.url, "/v1/web/studio", {
          seconds: roundSeconds,
          connections,
          ...(t.signed && { headersFor: signed }),
        });
        return { row, cpuMicros: (await server.cpuMicros()) - before };
      };
      type Measured = Awaited<ReturnType<typeof measure>>;
      const results: Record<Which, Measured>[] = [];
      for (let round = 0; round < rounds; round++) {
        const result = {} as Record<Which, Measured>;
        for (let i = 0; i < order.length; i++) {
          const which = order[(i + round) % order.length]!;
          result[which] = await measure(which);
        }
        results.push(result);
      }
      const cpuPerRequest = (m: Measured) => Math.round(m.cpuMicros / m.row.requests);
      console.warn(
        `\nsigned web GET, ${connections} connections (store: ${store}; ${roundSeconds}s per run)`,
      );
      console.warn(
        "| round | full req/s | ceiling req/s | bare req/s | full/ceiling | full/bare | server CPU µs/request full / ceiling / bare |",
      );
      console.warn("|---|---|---|---|---|---|---|");
      results.forEach((r, i) =>
        console.warn(
          `| ${i + 1} | ${r.full.row.rps} | ${r.ceiling.row.rps} | ${r.bare.row.rps} | ${(r.full.row.rps / r.ceiling.row.rps).toFixed(2)} | ${(r.full.row.rps / r.bare.row.rps).toFixed(2)} | ${cpuPerRequest(r.full)} / ${cpuPerRequest(r.ceiling)} / ${cpuPerRequest(r.bare)} |`,
        ),
      );
      const total = (which: Which): BenchResult => {
        const rows = results.map((r) => r[which].row);
        const requests = rows.reduce((s, r) => s + r.requests, 0);
        return {
          name: rows[0]!.name,
          requests,
          rps: Math.round(requests / (rounds * roundSeconds)),
          // The rounds' medians (autocannon's latencies are per run).
          p50: median(rows.map((r) => r.p50)),
          p99: median(rows.map((r) => r.p99)),
          non2xx: rows.reduce((s, r) => s + r.non2xx, 0),
        };
      };
      const totals = { full: total("full"), ceiling: total("ceiling"), bare: total("bare") };
      printLoadTable(order.map((which) => against(totals[which], totals.bare)));
      const ratio = (a: Which, b: Which) => {
        const each = results.map((r) => r[a].row.rps / r[b].row.rps);
        return `median of ${rounds} rounds ${median(each).toFixed(2)} (rounds ${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)})`;
      };
      const cpu = (which: Which) =>
        Math.round(results.reduce((s, r) => s + r[which].cpuMicros, 0) / totals[which].requests);
      console.warn(
        `${connections} connections: full/ceiling ${ratio("full", "ceiling")}; full/bare ${ratio("full", "bare")}; ceiling/bare ${ratio("ceiling", "bare")}; server CPU per request ${cpu("full")} µs full, ${cpu("ceiling")} ceiling, ${cpu("bare")} bare`,
      );
    }
  } finally {
    await server.stop();
  }
}

for (const file of readdirSync(benchDir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only || only.some((word) => f.includes(word)))
  .sort()) {
  const started = Date.now();
  console.warn(`\n== ${file}`);
  await import(pathToFileURL(path.join(benchDir, file)).href);
  console.warn(`(${file}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
console.warn(`\npnpm bench: ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all`);
