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
import { hammer, presigned } from "./support";

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
    // Signed before the timed run, more than it can use (see presigned).
    const signed = presigned(signedStudioGet, seconds * 10_000);
    await hammer("warm-up", bareUrl, "/v1/web/studio", { seconds: 2, connections });
    const full = await hammer("full stack: signed web GET /v1/web/studio", url, "/v1/web/studio", {
      seconds,
      connections,
      headersFor: signed,
    });
    const bare = await hammer("bare Hono + postgres.js, same query", bareUrl, "/v1/web/studio", {
      seconds,
      connections,
    });
    printLoadTable([against(full, bare), against(bare, bare)]);
    console.warn(
      `full/bare requests/s: ${(full.rps / bare.rps).toFixed(2)} (store: ${store}; ${seconds}s each; ${connections} connections)`,
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
