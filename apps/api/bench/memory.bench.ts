/**
 * Memory of the API process under 100 concurrent connections (issue 16): process.memoryUsage()
 * of the server process (RSS, V8 heap used and total, external), read through its probe port:
 * idle before, the peak while 100 connections hammer it (sampled every 20 ms in the process),
 * 3 s after the load stopped, and after a full GC (the server runs with --expose-gc), so what is
 * garbage and what is held apart. Two loads in turn: the signed web lane (GET /v1/web/studio, a
 * fresh signature and nonce per request) and a mix of lanes (signed web GET, trainee GET
 * /v1/trainee/water, POST /v1/trainee/water and POST /v1/trainee/steps in turn, each trainee
 * request as the next of 1,000 trainees). The bare handler of the same process runs at 100
 * connections too, for the ratio column (after the memory phases, so it does not colour them).
 *
 * `pnpm exec tsx bench/memory.bench.ts` (also run by `pnpm bench`); BENCH_SECONDS (default 10)
 * per load. The server role is trainee-lane.ts's (fresh database, 1,000 trainees).
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
import { hammer } from "./support";
import { serveTraineeLane, TRAINEES, traineeRequests } from "./trainee-lane";

const CONNECTIONS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drive(): Promise<void> {
  const seconds = benchSeconds();
  const server = await spawnServer(import.meta.url, { nodeArgs: ["--expose-gc"] });
  try {
    const { url, studioId } = server.info;
    const trainee = traineeRequests(studioId);
    const web = () => ({ method: "GET", path: "/v1/web/studio", headers: signedStudioGet() });
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
    // Warm-up at 10 connections: every trainee once, and both loads for 2 s.
    await hammer("warm-up", url, "/v1/trainee/water", {
      amount: TRAINEES,
      connections: 10,
      requestFor: trainee.get,
    });
    await hammer("warm-up", url, "/v1/web/studio", { seconds: 2, connections: 10, requestFor: web });
    await hammer("warm-up", url, "/v1/web/studio", { seconds: 2, connections: 10, requestFor: mixed });

    const phases: { name: string; m: MemorySample }[] = [];
    const rows = [];
    for (const [name, requestFor] of [
      ["signed web GET /v1/web/studio", web],
      ["mixed lanes (web GET, trainee GET water, POST water, POST steps)", mixed],
    ] as const) {
      await sleep(1_000);
      phases.push({ name: `${name}: before (idle)`, m: (await server.memoryAfterGc()).now });
      await server.resetPeak();
      rows.push(
        await hammer(`${name}, ${CONNECTIONS} connections`, url, "/v1/web/studio", {
          seconds,
          connections: CONNECTIONS,
          requestFor,
        }),
      );
      phases.push({
        name: `${name}: peak under ${CONNECTIONS} connections`,
        m: (await server.memory()).peak,
      });
      await sleep(3_000);
      phases.push({ name: `${name}: 3 s after`, m: (await server.memory()).now });
      phases.push({ name: `${name}: after a full GC`, m: (await server.memoryAfterGc()).now });
    }
    const bare = await new Yardstick(server.info.bare).concurrent(CONNECTIONS, seconds);
    console.warn(
      `memory of the API process under ${CONNECTIONS} concurrent connections, ${seconds} s per load (process.memoryUsage() in the server; peak sampled every 20 ms)`,
    );
    printLoadTable([...rows.map((r) => against(r, bare)), bare]);
    console.warn("");
    console.warn("| phase | RSS MB | heap used MB | heap total MB | external MB |");
    console.warn("|---|---|---|---|---|");
    for (const { name, m } of phases)
      console.warn(`| ${name} | ${mb(m.rss)} | ${mb(m.heapUsed)} | ${mb(m.heapTotal)} | ${mb(m.external)} |`);
  } finally {
    await server.stop();
  }
}

if (isServerRole()) await serveTraineeLane();
else await drive();
