/**
 * The servers under test, in their own process so the load generator does not share their
 * event loop: the full API stack and a bare Hono + postgres.js handler running the same query.
 * Prints one JSON line with their URLs, then serves until killed.
 */
import { Hono } from "hono";
import postgres from "postgres";
import { startBenchApp } from "./bench-app";
import { listen } from "./support";
import { BENCH_USER, signedStudioGet } from "./bench-env";

const app = await startBenchApp({ redisUrl: process.env.BENCH_REDIS_URL });
// First request creates the studio; the benchmark then measures the steady state.
const first = await fetch(`${app.url}/v1/web/studio`, { headers: signedStudioGet() });
const studio = ((await first.json()) as { data: { id: string } }).data;

const sql = postgres(app.pg.url, { max: 10 });
const bareApp = new Hono();
bareApp.get("/v1/web/studio", async (c) => {
  const [row] =
    await sql`select id, organization_id, name, slug, timezone, locale, settings from studios where id = ${studio.id} limit 1`;
  return c.json({ ok: true, data: row });
});
const bare = await listen(bareApp);
process.stdout.write(
  `${JSON.stringify({ full: app.url, bare: bare.url, store: app.deps.kv.kind, user: BENCH_USER["x-studio-id"] })}\n`,
);

const stop = async () => {
  await bare.close();
  await sql.end();
  await app.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("disconnect", () => void stop());
