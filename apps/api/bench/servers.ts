/**
 * The foundation bench's server (started by run.ts through harness.spawnServer, in its own
 * process so the load generator does not share its event loop): the full API stack, and through
 * harness.announce the bare Hono + postgres.js handler running the same query and the memory
 * probe. Serves until killed.
 */
import { startBenchApp } from "./bench-app";
import { signedStudioGet } from "./bench-env";
import { announce } from "./harness";

const app = await startBenchApp({ redisUrl: process.env.BENCH_REDIS_URL });
// First request creates the studio; the benchmark then measures the steady state.
const first = await fetch(`${app.url}/v1/web/studio`, { headers: signedStudioGet() });
const studio = ((await first.json()) as { data: { id: string } }).data;
await announce(app, studio.id, { extra: { store: app.deps.kv.kind } });
