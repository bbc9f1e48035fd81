/**
 * Trainee writes under load (issue 16): POST /v1/trainee/water (append to the day's water log
 * under the day row's lock) and POST /v1/trainee/steps (one upsert) through the real trainee
 * lane: bearer token verified per request (HMAC), studio liveness and app lock (cached), the
 * device zone, tRPC validation, the domain and PostgreSQL.
 *
 * `pnpm exec tsx bench/trainee-writes.bench.ts` (also run by `pnpm bench`). The file is both the
 * driver (default) and the server (BENCH_ROLE=server through harness.spawnServer: fresh
 * PostgreSQL database cloned from the migrated template, 1,000 trainees seeded set-based, the
 * real app on a loopback port, the bare handler alongside). The driver warms every trainee up
 * once (GET /v1/trainee/water), then runs autocannon with 10 connections for BENCH_SECONDS
 * (default 10) per row, each request as the next of the 1,000 trainees (a token each), and the
 * bare handler with the same connections for the ratio. The last row puts every request on ONE
 * trainee's day row (the lock serializes them; 900 requests, under the 1,000 entries a day).
 */
import { against, benchSeconds, isServerRole, printLoadTable, spawnServer, Yardstick } from "./harness";
import { hammer } from "./support";
import { serveTraineeLane, TRAINEES, traineeRequests } from "./trainee-lane";

const CONNECTIONS = 10;

async function drive(): Promise<void> {
  const seconds = benchSeconds();
  const server = await spawnServer(import.meta.url, { profileDir: "/tmp/trainee-prof" });
  try {
    const { url, studioId } = server.info;
    const trainee = traineeRequests(studioId);
    // Every trainee once (token, app lock and zone caches), then a short warm-up of each write.
    const warm = await hammer("warm-up", url, "/v1/trainee/water", {
      amount: TRAINEES,
      connections: CONNECTIONS,
      requestFor: trainee.get,
    });
    if (warm.non2xx)
      throw new Error(`warm-up: ${warm.non2xx} of ${warm.requests} GET /v1/trainee/water failed`);
    await hammer("warm-up", url, "/v1/trainee/water", {
      seconds: 1,
      connections: CONNECTIONS,
      requestFor: () => trainee.post({ amountMl: 250 }),
    });
    await hammer("warm-up", url, "/v1/trainee/steps", {
      seconds: 1,
      connections: CONNECTIONS,
      requestFor: () => trainee.post({ steps: 1000 }),
    });
    let steps = 0;
    const rows = [
      await hammer(`POST /v1/trainee/water (+250 ml), ${TRAINEES} trainees`, url, "/v1/trainee/water", {
        seconds,
        connections: CONNECTIONS,
        requestFor: () => trainee.post({ amountMl: 250 }),
      }),
      await hammer(`POST /v1/trainee/steps, ${TRAINEES} trainees`, url, "/v1/trainee/steps", {
        seconds,
        connections: CONNECTIONS,
        requestFor: () => trainee.post({ steps: 1000 + (steps++ % 5000) }),
      }),
      await hammer(`GET /v1/trainee/water (the day), ${TRAINEES} trainees`, url, "/v1/trainee/water", {
        seconds,
        connections: CONNECTIONS,
        requestFor: trainee.get,
      }),
      await hammer("POST /v1/trainee/water, one trainee's day row (900 requests)", url, "/v1/trainee/water", {
        amount: 900,
        connections: CONNECTIONS,
        requestFor: () => trainee.postAsOne({ amountMl: 100 }),
      }),
    ];
    const bare = await new Yardstick(server.info.bare).concurrent(CONNECTIONS, seconds);
    console.warn(
      `trainee lane writes: ${CONNECTIONS} connections, ${seconds} s per row, each request as the next of ${TRAINEES} trainees (bearer token, x-timezone)`,
    );
    printLoadTable([...rows.map((r) => against(r, bare)), bare]);
  } finally {
    await server.stop();
  }
}

if (isServerRole()) await serveTraineeLane();
else await drive();
