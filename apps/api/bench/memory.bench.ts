/**
 * Memory of the API process under 100 concurrent connections (issue 16, issue 30 item 8):
 * process.memoryUsage() of the server process (RSS, V8 heap used and total, external), read
 * through its probe port, while a mixed workload runs for MEMORY_MINUTES (default 5) minutes:
 * the signed web lane (GET /v1/web/studio, a fresh signature and nonce per request) and the
 * trainee lane (GET /v1/trainee/water, POST /v1/trainee/water, POST /v1/trainee/steps) in turn,
 * each trainee request as the next of 1,000 trainees. Each minute's row: RSS and heap at its
 * end, their peaks within it (sampled every 20 ms in the process) and its requests/s; the target
 * is RSS under 200 MB after 5 minutes and no growth from minute 1 to minute 5. Then 3 s idle and
 * a full GC (the server runs with --expose-gc, which changes nothing else), so what is garbage
 * and what is held apart; BENCH_HEAP_SNAPSHOT=1 writes heap snapshots after minute 1 and at the
 * end to /tmp (compare them in DevTools' Memory tab). The server starts as `pnpm start` does
 * (NODE_OPTIONS of apps/api/package.json's start script). The bare handler of the same process
 * runs at 100 connections afterwards, for the ratio column.
 *
 * `pnpm exec tsx bench/memory.bench.ts` (also run by `pnpm bench`); BENCH_REDIS_URL runs the API
 * on Redis. The server role is trainee-lane.ts's (fresh database, 1,000 trainees).
 */
import { signedStudioGet } from "./bench-env";
import {
  against,
  benchSeconds,
  isServerRole,
  mb,
  printLoadTable,
  spawnServer,
  Yardstick,
  type MemorySample,
} from "./harness";
import { hammer, presigned } from "./support";
import { serveTraineeLane, TRAINEES, traineeRequests, productionNodeArgs } from "./trainee-lane";

const CONNECTIONS = 100;
const MINUTES = Number(process.env.MEMORY_MINUTES ?? 5);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drive(): Promise<void> {
  const seconds = benchSeconds();
  const server = await spawnServer<{ nodeFlags: string; store: string }>(import.meta.url, {
    // MEMORY_NODE_FLAGS (space-separated) tries other flags than the start script's.
    nodeArgs: [
      "--expose-gc",
      ...(process.env.MEMORY_NODE_FLAGS?.split(" ").filter(Boolean) ?? productionNodeArgs()),
    ],
    profileDir: "/tmp/memory-prof",
  });
  try {
    const { url, studioId } = server.info;
    const trainee = traineeRequests(studioId);
    // Signed ahead (the driver shares the 2 cores), a minute's worth at a time: a signature is
    // good for 5 minutes (SERVICE_CLOCK_TOLERANCE_MS), shorter than the whole run.
    let signed = presigned(signedStudioGet, 2_000);
    const web = () => ({ method: "GET", path: "/v1/web/studio", headers: signed() });
    let turn = 0;
    let steps = 0;
    const mixed = () => {
      switch (turn++ % 4) {
        case 0:
          return web();
        case 1:
          return { ...trainee.get(), path: "/v1/trainee/water" };
        case 2:
          return { ...trainee.post({ amountMl: 200 }), path: "/v1/trainee/water" };
        default:
          return { ...trainee.post({ steps: 2000 + (steps++ % 5000) }), path: "/v1/trainee/steps" };
      }
    };
    // Warm-up at 10 connections: every trainee once, and the mix for 2 s.
    await hammer("warm-up", url, "/v1/trainee/water", {
      amount: TRAINEES,
      connections: 10,
      requestFor: trainee.get,
    });
    await hammer("warm-up", url, "/v1/web/studio", { seconds: 2, connections: 10, requestFor: mixed });
    await sleep(1_000);
    const idle = (await server.memoryAfterGc()).now;

    const minutes: {
      minute: number;
      rps: number;
      p50: number;
      p99: number;
      non2xx: number;
      now: MemorySample;
      peak: MemorySample;
    }[] = [];
    for (let minute = 1; minute <= MINUTES; minute++) {
      signed = presigned(signedStudioGet, 60 * 1_500);
      await server.resetPeak();
      const row = await hammer(`mixed lanes, minute ${minute}`, url, "/v1/web/studio", {
        seconds: 60,
        connections: CONNECTIONS,
        requestFor: mixed,
      });
      const m = await server.memory();
      minutes.push({
        minute,
        rps: row.rps,
        p50: row.p50,
        p99: row.p99,
        non2xx: row.non2xx,
        now: m.now,
        peak: m.peak,
      });
      console.warn(
        `minute ${minute}: ${row.rps} req/s, RSS ${mb(m.now.rss)} MB (peak ${mb(m.peak.rss)}), heap used ${mb(m.now.heapUsed)} MB (peak ${mb(m.peak.heapUsed)})`,
      );
      if (process.env.BENCH_HEAP_SNAPSHOT && (minute === 1 || minute === MINUTES))
        console.warn(
          `heap snapshot: ${(await server.probe<{ file: string }>("/heap-snapshot", { method: "POST" })).file}`,
        );
    }
    await sleep(3_000);
    const after = (await server.memory()).now;
    const afterGc = (await server.memoryAfterGc()).now;
    const total = minutes.reduce((s, m) => s + m.rps * 60, 0);
    const bare = await new Yardstick(server.info.bare).concurrent(CONNECTIONS, Math.min(10, seconds));

    console.warn(
      `\nmemory of the API process, mixed lanes at ${CONNECTIONS} connections for ${MINUTES} minutes (process.memoryUsage() in the server; peaks sampled every 20 ms; node flags: ${server.info.nodeFlags || "none"}; store: ${server.info.store})`,
    );
    printLoadTable([
      against(
        {
          name: `mixed lanes (web GET, trainee GET water, POST water, POST steps), ${CONNECTIONS} connections, ${MINUTES} min`,
          requests: Math.round(total),
          rps: Math.round(total / (MINUTES * 60)),
          // The minutes' medians (autocannon's latencies are per run).
          p50: minutes.map((m) => m.p50).sort((a, b) => a - b)[Math.floor(minutes.length / 2)]!,
          p99: minutes.map((m) => m.p99).sort((a, b) => a - b)[Math.floor(minutes.length / 2)]!,
          non2xx: minutes.reduce((s, m) => s + m.non2xx, 0),
        },
        bare,
      ),
      bare,
    ]);
    console.warn("");
    console.warn(
      "| when | req/s | RSS MB | RSS peak MB | heap used MB | heap used peak MB | heap total MB | external MB |",
    );
    console.warn("|---|---|---|---|---|---|---|---|");
    const line = (when: string, rps: string, now: MemorySample, peak?: MemorySample) =>
      console.warn(
        `| ${when} | ${rps} | ${mb(now.rss)} | ${peak ? mb(peak.rss) : ""} | ${mb(now.heapUsed)} | ${peak ? mb(peak.heapUsed) : ""} | ${mb(now.heapTotal)} | ${mb(now.external)} |`,
      );
    line("idle, after a full GC", "", idle);
    for (const m of minutes) line(`end of minute ${m.minute}`, String(m.rps), m.now, m.peak);
    line("3 s after", "", after);
    line("after a full GC", "", afterGc);
    const first = minutes[0]!;
    const last = minutes.at(-1)!;
    console.warn(
      `RSS minute 1 -> minute ${MINUTES}: ${mb(first.now.rss)} -> ${mb(last.now.rss)} MB (${last.now.rss >= first.now.rss ? "+" : ""}${mb(last.now.rss - first.now.rss)}); peak ${mb(first.peak.rss)} -> ${mb(last.peak.rss)} MB; target: under 200 MB, no growth`,
    );
  } finally {
    await server.stop();
  }
}

if (isServerRole()) await serveTraineeLane();
else await drive();
