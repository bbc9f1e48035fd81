/**
 * The foundation bench's server (started by run.ts through harness.spawnServer, in its own
 * process so the load generator does not share its event loop): the full API stack, through
 * harness.announce the bare Hono + postgres.js handler running the same query and the memory
 * probe, and the hand-written ceiling (issue 30): what a signed web GET cannot avoid doing.
 * Serves until killed.
 */
import { Hono } from "hono";
import { Redis } from "ioredis";
import postgres from "postgres";
import { verifyServiceSignature } from "@studio/auth";
import { StudioSchema } from "@studio/contracts";
import { startBenchApp } from "./bench-app";
import { BENCH_ENV, signedStudioGet } from "./bench-env";
import { announce } from "./harness";
import { listen } from "./support";

const redisUrl = process.env.BENCH_REDIS_URL;
const app = await startBenchApp({ redisUrl });
// First request creates the studio; the benchmark then measures the steady state.
const first = await fetch(`${app.url}/v1/web/studio`, { headers: signedStudioGet() });
const firstBody = (await first.json()) as { data?: { id: string } };
if (!firstBody.data)
  throw new Error(`the first signed GET answered ${first.status}: ${JSON.stringify(firstBody)}`);
const studio = firstBody.data;

/**
 * The ceiling: Hono, the same HMAC service-signature check (@studio/auth's verifier), the
 * nonce claimed with one Redis `SET NX PX` (a Map when the bench runs without Redis), one
 * postgres.js query (pool of 10, like the bare handler) and the answer parsed by the route's
 * zod output schema. No rate limit, no store epoch, no web context, no router: the floor the
 * full stack is measured against.
 */
async function startCeiling() {
  const sql = postgres(app.pg.url, { max: 10 });
  // The API's client settings (auto-pipelining as BENCH_REDIS_AUTOPIPELINE sets it for both).
  const redis = redisUrl
    ? new Redis(redisUrl, { enableAutoPipelining: process.env.BENCH_REDIS_AUTOPIPELINE === "1" })
    : undefined;
  const prefix = `bench-ceiling:${process.pid}:`;
  const seen = new Map<string, number>();
  const claimNonce = redis
    ? async (key: string, ttlMs: number) => (await redis.set(prefix + key, "1", "PX", ttlMs, "NX")) === "OK"
    : async (key: string, ttlMs: number) => {
        const now = Date.now();
        if ((seen.get(key) ?? 0) > now) return false;
        seen.set(key, now + ttlMs);
        return true;
      };
  const secret = BENCH_ENV.SERVICE_AUTH_SECRET;
  const serviceIds = new Set(["web-app"]);
  const ceiling = new Hono();
  const noBody = new Uint8Array();
  ceiling.get("/v1/web/studio", async (c) => {
    const verdict = await verifyServiceSignature({
      getHeader: (name) => c.req.header(name),
      method: "GET",
      pathWithQuery: "/v1/web/studio",
      rawBody: noBody,
      secret,
      knownServiceIds: serviceIds,
      now: Date.now(),
      claimNonce,
    });
    if (!verdict.ok) return c.json({ ok: false, error: verdict.message }, 401);
    const [row] =
      await sql`select id, organization_id, name, slug, timezone, locale, settings from studios where id = ${studio.id} limit 1`;
    const data = StudioSchema.parse({
      id: row!.id,
      organizationId: row!.organization_id,
      name: row!.name,
      slug: row!.slug,
      timezone: row!.timezone,
      locale: row!.locale,
      settings: row!.settings,
    });
    return c.json({ ok: true, data });
  });
  return listen(ceiling);
}

const ceiling = await startCeiling();
await announce(app, studio.id, { extra: { store: app.deps.kv.kind, ceiling: ceiling.url } });
