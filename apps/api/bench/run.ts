/**
 * `pnpm bench`: the foundation benchmark, then every domain bench. One command: it starts
 * bench/servers.ts in a child process (harness.spawnServer: the full API stack and a bare Hono +
 * postgres.js handler running the same SQL), drives both with autocannon from this process, and
 * prints requests/s, p50/p99 and the full/bare ratio. The full run is a signed web-lane GET
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
const connections = 10;
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const startedAt = Date.now();
const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);

if (!only || only.includes("foundation")) {
  const server = await spawnServer<{ store: string }>(path.join(benchDir, "servers.ts"), {
    profileDir: "/tmp/prof",
  });
  const { url, bare: bareUrl, store } = server.info;
  try {
    await hammer("warm-up", url, "/v1/web/studio", { seconds: 2, connections, headersFor: signedStudioGet });
    await hammer("warm-up", bareUrl, "/v1/web/studio", { seconds: 2, connections });
    // Interleaved rounds, alternating which goes first: the shared 2-core VM's speed drifts by
    // 10-30% within a minute, so one long run of each compared different machines; each round's
    // ratio compares neighbours, and the median ratio is the figure.
    const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
    const roundSeconds = Math.max(2, Math.round(seconds / 2));
    // Signed before the timed runs, more than they can use (see presigned).
    const signed = presigned(signedStudioGet, rounds * roundSeconds * 10_000);
    const measure = async (which: "full" | "bare") => {
      const before = await server.cpuMicros();
      const row =
        which === "full"
          ? await hammer("full stack: signed web GET /v1/web/studio", url, "/v1/web/studio", {
              seconds: roundSeconds,
              connections,
              headersFor: signed,
            })
          : await hammer("bare Hono + postgres.js, same query", bareUrl, "/v1/web/studio", {
              seconds: roundSeconds,
              connections,
            });
      return { row, cpuMicros: (await server.cpuMicros()) - before };
    };
    const results: {
      full: Awaited<ReturnType<typeof measure>>;
      bare: Awaited<ReturnType<typeof measure>>;
    }[] = [];
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        const full = await measure("full");
        results.push({ full, bare: await measure("bare") });
      } else {
        const bare = await measure("bare");
        results.push({ full: await measure("full"), bare });
      }
    }
    const cpuPerRequest = (m: { row: { requests: number }; cpuMicros: number }) =>
      Math.round(m.cpuMicros / m.row.requests);
    console.warn("| round | full req/s | bare req/s | full/bare | server CPU µs/request full / bare |");
    console.warn("|---|---|---|---|---|");
    results.forEach(({ full, bare }, i) =>
      console.warn(
        `| ${i + 1} | ${full.row.rps} | ${bare.row.rps} | ${(full.row.rps / bare.row.rps).toFixed(2)} | ${cpuPerRequest(full)} / ${cpuPerRequest(bare)} |`,
      ),
    );
    const sum = (pick: (r: (typeof results)[number]) => number) => results.reduce((s, r) => s + pick(r), 0);
    const total = (which: "full" | "bare"): BenchResult => {
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
    const full = total("full");
    const bare = total("bare");
    printLoadTable([against(full, bare), against(bare, bare)]);
    const ratios = results.map((r) => r.full.row.rps / r.bare.row.rps);
    console.warn(
      `full/bare requests/s: median of ${rounds} rounds ${median(ratios).toFixed(2)} (rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}; all requests ${(full.rps / bare.rps).toFixed(2)}); server CPU per request ${Math.round(sum((r) => r.full.cpuMicros) / full.requests)} µs full, ${Math.round(sum((r) => r.bare.cpuMicros) / bare.requests)} µs bare (store: ${store}; ${roundSeconds}s per run; ${connections} connections)`,
    );
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
