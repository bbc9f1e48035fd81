/**
 * The servers under test, in their own process so the load generator does not share their
 * event loop: the full API stack and a bare Hono + postgres.js handler running the same query.
 * Prints one JSON line with their URLs, then serves until killed.
 */
import { Hono } from "hono";
import postgres from "postgres";
import { createKvStore } from "@studio/kv";
import { loggingPorts } from "@studio/domain";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import setupTemplate from "../test/support/global-setup";
import { freshPostgres } from "../test/support/databases";
import { listen } from "./support";
import { BENCH_ENV, BENCH_USER, signedStudioGet } from "./bench-env";

await setupTemplate();
const pg = await freshPostgres();
const config = loadConfig(BENCH_ENV);
const kv = createKvStore({ redisUrl: process.env.BENCH_REDIS_URL });
const deps = {
  config,
  database: pg.handle,
  kv,
  jobs: { start: async () => {}, enqueue: async () => null, work: async () => {}, stop: async () => {} },
  ports: loggingPorts(() => {}),
  logger: createLogger({ silent: true }),
  now: () => new Date(),
};
const full = await listen(createApp(deps).app);
// First request creates the studio; the benchmark then measures the steady state.
const first = await fetch(`${full.url}/v1/web/studio`, { headers: signedStudioGet() });
const studio = ((await first.json()) as { data: { id: string } }).data;

const sql = postgres(pg.url, { max: 10 });
const bareApp = new Hono();
bareApp.get("/v1/web/studio", async (c) => {
  const [row] = await sql`select id, organization_id, name, slug, timezone, locale, settings from studios where id = ${studio.id} limit 1`;
  return c.json({ ok: true, data: row });
});
const bare = await listen(bareApp);
process.stdout.write(`${JSON.stringify({ full: full.url, bare: bare.url, store: kv.kind, user: BENCH_USER["x-studio-id"] })}\n`);

const stop = async () => {
  await full.close();
  await bare.close();
  await sql.end();
  await kv.close();
  await pg.drop();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("disconnect", () => void stop());
