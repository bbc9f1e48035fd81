/**
 * `pnpm bench`: the foundation benchmark. One command: it starts bench/servers.ts in a child
 * process (the full API stack and a bare Hono + postgres.js handler running the same SQL),
 * drives both with autocannon from this process, and prints requests/s, p50/p99 and the
 * full/bare ratio. The full run is a signed web-lane GET /v1/web/studio through request id,
 * body limit, rate limiter, service signature + nonce, web context, REST adapter, tRPC,
 * domain and Drizzle. Then it runs each domain's `bench/*.bench.ts`.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { signedStudioGet } from "./bench-env";
import { hammer, printTable } from "./support";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const benchDir = path.dirname(fileURLToPath(import.meta.url));

const child = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
    "--import",
    "tsx",
    path.join(benchDir, "servers.ts"),
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const urls = await new Promise<{ full: string; bare: string; store: string }>((resolve, reject) => {
  child.once("exit", (code) => reject(new Error(`bench servers exited with ${code}`)));
  createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
});

try {
  await hammer("warm-up", urls.full, "/v1/web/studio", {
    seconds: 2,
    connections,
    headersFor: signedStudioGet,
  });
  await hammer("warm-up", urls.bare, "/v1/web/studio", { seconds: 2, connections });
  const rows = [
    await hammer("full stack: signed web GET /v1/web/studio", urls.full, "/v1/web/studio", {
      seconds,
      connections,
      headersFor: signedStudioGet,
    }),
    await hammer("bare Hono + postgres.js, same query", urls.bare, "/v1/web/studio", {
      seconds,
      connections,
    }),
  ];
  printTable(rows);
  console.warn(
    `full/bare requests/s: ${(rows[0]!.rps / rows[1]!.rps).toFixed(2)} (store: ${urls.store}; ${seconds}s each; ${connections} connections)`,
  );
} finally {
  child.kill("SIGTERM");
}

for (const file of readdirSync(benchDir)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort()) {
  console.warn(`\n== ${file}`);
  await import(pathToFileURL(path.join(benchDir, file)).href);
}
