/**
 * Trainee writes under load (issue 16, issue 30 item 5): POST /v1/trainee/water (an entry
 * appended to the day's water log, the total recomputed, under the day row's lock) and POST
 * /v1/trainee/steps (one upsert) through the real trainee lane: bearer token verified per
 * request (HMAC), studio liveness and app lock (cached), the device zone, tRPC validation, the
 * domain and PostgreSQL; against a bare handler doing the same single upsert (Hono +
 * postgres.js + the token verified, trainee-lane.ts serveBareWrites) in alternating rounds, at
 * 50 connections. Totals exact: after each run the stored sums are read back (the probe's
 * /totals) and must equal what the run's answered requests sent (water: 250 ml and one entry
 * each; steps: each trainee's day holds the last value sent to it).
 *
 * `pnpm exec tsx bench/trainee-writes.bench.ts` (also run by `pnpm bench`). The file is both the
 * driver (default) and the server (BENCH_ROLE=server through harness.spawnServer: fresh
 * PostgreSQL database cloned from the migrated template, 1,000 trainees seeded set-based, the
 * real app on a loopback port, the bare handlers alongside). BENCH_SECONDS (default 10): each
 * round's run is half of it; BENCH_ROUNDS (default 3) rounds; BENCH_CONNECTIONS (default 50).
 */
import {
  against,
  benchSeconds,
  isServerRole,
  printLoadTable,
  spawnServer,
  Yardstick,
  type LoadRow,
} from "./harness";
import { hammer, type BenchResult } from "./support";
import { serveTraineeLane, TRAINEES, traineeRequests } from "./trainee-lane";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Totals {
  waterMl: number;
  waterEntries: number;
  steps: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function drive(): Promise<void> {
  const seconds = benchSeconds();
  const roundSeconds = Math.max(2, Math.round(seconds / 2));
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const server = await spawnServer<{ bareWrites: string }>(import.meta.url, {
    profileDir: process.env.BENCH_PROFILE_DIR ?? "/tmp/trainee-prof",
  });
  try {
    const { url, studioId, bareWrites } = server.info;
    const totals = () => server.probe<Totals>("/totals");
    const trainee = traineeRequests(studioId);
    // Every trainee once (token, app lock and zone caches), then a short warm-up of each write.
    const warm = await hammer("warm-up", url, "/v1/trainee/water", {
      amount: TRAINEES,
      connections: 10,
      requestFor: trainee.get,
    });
    if (warm.non2xx)
      throw new Error(`warm-up: ${warm.non2xx} of ${warm.requests} GET /v1/trainee/water failed`);
    // The warm-ups' rates size the timed runs: each run is a number of requests (about
    // roundSeconds' worth), so it ends when every answer is in and the totals can be exact (a
    // timed run drops its last requests in flight, which the server may still write).
    const amounts = new Map<string, number>();
    for (const [which, target] of [
      ["full", url],
      ["bare", bareWrites],
    ] as const)
      for (const write of ["water", "steps"] as const) {
        const w = await hammer("warm-up", target, `/v1/trainee/${write}`, {
          seconds: 2,
          connections: CONNECTIONS,
          requestFor: () => trainee.post(write === "water" ? { amountMl: 250 } : { steps: 1000 }),
        });
        amounts.set(`${which}:${write}`, Math.max(500, Math.round(w.rps * roundSeconds)));
      }

    // Each steps request sends the next value of a counter; the last one sent to each trainee
    // is what its day must hold (one trainee's requests are TRAINEES requests apart).
    let stepsCounter = 0;
    const lastSteps = new Map<number, number>();
    const problems: string[] = [];
    const cpu = { water: { full: 0, bare: 0 }, steps: { full: 0, bare: 0 } };
    const run = async (which: "full" | "bare", write: "water" | "steps"): Promise<BenchResult> => {
      const before = await totals();
      const cpuBefore = await server.cpuMicros();
      const row = await hammer(
        `${which === "full" ? "full stack" : "bare upsert"}: POST /v1/trainee/${write}`,
        which === "full" ? url : bareWrites,
        `/v1/trainee/${write}`,
        {
          amount: amounts.get(`${which}:${write}`)!,
          connections: CONNECTIONS,
          requestFor:
            write === "water"
              ? () => trainee.post({ amountMl: 250 })
              : () =>
                  trainee.postFor((n) => {
                    const steps = 1_000 + (stepsCounter++ % 1_000_000);
                    lastSteps.set(n, steps);
                    return { steps };
                  }),
        },
      );
      // The server process's CPU over the run (both servers live in it, one runs at a time): a
      // figure the shared VM's other load moves far less than requests/s.
      cpu[write][which] += (await server.cpuMicros()) - cpuBefore;
      const after = await totals();
      const answered = row.requests - row.non2xx;
      if (write === "water") {
        if (
          after.waterMl - before.waterMl !== answered * 250 ||
          after.waterEntries - before.waterEntries !== answered
        )
          problems.push(
            `${row.name}: ${answered} answered, water +${after.waterMl - before.waterMl} ml in +${after.waterEntries - before.waterEntries} entries (expected +${answered * 250} in +${answered})`,
          );
      } else {
        const expected = [...lastSteps.values()].reduce((s, v) => s + v, 0);
        if (after.steps !== expected)
          problems.push(`${row.name}: stored steps sum ${after.steps}, last sent sum ${expected}`);
      }
      return row;
    };

    const results: Record<"water" | "steps", { full: BenchResult[]; bare: BenchResult[] }> = {
      water: { full: [], bare: [] },
      steps: { full: [], bare: [] },
    };
    for (let round = 0; round < rounds; round++)
      for (const write of ["water", "steps"] as const) {
        const order = round % 2 === 0 ? (["full", "bare"] as const) : (["bare", "full"] as const);
        for (const which of order) results[write][which].push(await run(which, write));
      }

    const total = (rows: BenchResult[]): BenchResult => {
      const requests = rows.reduce((s, r) => s + r.requests, 0);
      // Runs of a number of requests: the rate is requests ÷ their summed wall time.
      const wall = rows.reduce((s, r) => s + r.requests / r.rps, 0);
      return {
        name: rows[0]!.name,
        requests,
        rps: Math.round(requests / wall),
        p50: median(rows.map((r) => r.p50)),
        p99: median(rows.map((r) => r.p99)),
        non2xx: rows.reduce((s, r) => s + r.non2xx, 0),
      };
    };
    const tableRows: LoadRow[] = [];
    const ratios: string[] = [];
    for (const write of ["water", "steps"] as const) {
      const full = total(results[write].full);
      const bare = total(results[write].bare);
      tableRows.push(against(full, bare), against(bare, bare));
      const each = results[write].full.map((r, i) => r.rps / results[write].bare[i]!.rps);
      const perRequest = (which: "full" | "bare", row: BenchResult) => cpu[write][which] / row.requests;
      ratios.push(
        `${write}: full/bare upsert median of ${rounds} rounds ${median(each).toFixed(2)} (rounds ${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)}); server CPU per request full ${perRequest("full", full).toFixed(0)} µs, bare ${perRequest("bare", bare).toFixed(0)} µs (bare/full ${(perRequest("bare", bare) / perRequest("full", full)).toFixed(2)})`,
      );
    }
    const other = [
      await hammer(`GET /v1/trainee/water (the day), ${TRAINEES} trainees`, url, "/v1/trainee/water", {
        seconds: roundSeconds,
        connections: CONNECTIONS,
        requestFor: trainee.get,
      }),
      await hammer("POST /v1/trainee/water, one trainee's day row (900 requests)", url, "/v1/trainee/water", {
        amount: 900,
        connections: CONNECTIONS,
        requestFor: () => trainee.postAsOne({ amountMl: 100 }),
      }),
    ];
    const bareGet = await new Yardstick(server.info.bare).concurrent(CONNECTIONS, roundSeconds);
    console.warn(
      `trainee lane writes: ${CONNECTIONS} connections, ${rounds} alternating rounds of ${roundSeconds} s, each request as the next of ${TRAINEES} trainees (bearer token, x-timezone); ÷ bare: the bare upsert of the same write`,
    );
    printLoadTable(tableRows);
    console.warn(ratios.join("; "));
    console.warn("\nother rows (÷ the bare GET by id):");
    printLoadTable([...other.map((r) => against(r, bareGet)), bareGet]);
    console.warn(
      problems.length
        ? `TOTALS WRONG:\n${problems.join("\n")}`
        : "totals exact: every run's stored sums equal what its answered requests sent",
    );
    if (problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (isServerRole()) await serveTraineeLane();
else await drive();
