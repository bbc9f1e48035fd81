import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { writeHeapSnapshot } from "node:v8";
import { Hono } from "hono";
import postgres from "postgres";
import { signTraineeToken, verifyTraineeToken } from "@studio/auth";
import type { Db } from "@studio/db";
import { BENCH_ENV, signedStudioGet } from "./bench-env";
import { announce } from "./harness";
import { listen } from "./support";

/** How many trainees the trainee-lane benches seed and rotate through (one token each). */
export const TRAINEES = 1_000;
export const traineeId = (n: number) => `bench-trainee-${n}`;

/** Inserts TRAINEES trainees of the studio (set-based) and analyzes the table. */
export async function seedTrainees(db: Db, studioId: string): Promise<void> {
  const { sql } = await import("drizzle-orm");
  await db.execute(sql`
    insert into clients (id, studio_id, first_name, last_name, phone, timezone, steps_goal, water_goal_ml)
    select 'bench-trainee-' || g, ${studioId}, 'Trainee', 'T' || g, '+97256' || lpad(g::text, 7, '0'),
      'Asia/Jerusalem', 8000, 2500
    from generate_series(0, ${TRAINEES - 1}) g`);
  await db.execute(sql`analyze clients`);
}

/**
 * The trainee app's requests, as the mobile app sends them (bearer token, device zone): each call
 * answers the next trainee's request in turn, so TRAINEES trainees share the load.
 */
export function traineeRequests(studioId: string) {
  const tokens = Array.from({ length: TRAINEES }, (_, n) =>
    signTraineeToken({ clientId: traineeId(n), studioId }, BENCH_ENV.SESSION_SIGNING_SECRET),
  );
  let next = 0;
  const headers = (token: string, body: boolean) => ({
    authorization: `Bearer ${token}`,
    "x-timezone": "Asia/Jerusalem",
    ...(body ? { "content-type": "application/json" } : {}),
  });
  const nextToken = () => tokens[next++ % tokens.length]!;
  return {
    /** GET (no body) as the next trainee. */
    get: () => ({ method: "GET", headers: headers(nextToken(), false) }),
    /** POST `body` as the next trainee. */
    post: (body: object) => ({
      method: "POST",
      headers: headers(nextToken(), true),
      body: JSON.stringify(body),
    }),
    /** POST the body `make` builds for the next trainee (its number) as that trainee. */
    postFor: (make: (trainee: number) => object) => {
      const n = next++ % tokens.length;
      return { method: "POST", headers: headers(tokens[n]!, true), body: JSON.stringify(make(n)) };
    },
    /** POST `body` always as trainee 0 (every request on one day row). */
    postAsOne: (body: object) => ({
      method: "POST",
      headers: headers(tokens[0]!, true),
      body: JSON.stringify(body),
    }),
  };
}

/**
 * The server role of the trainee-lane benches: the real app on a fresh database (cloned from the
 * migrated template), the bench studio (created by its first signed web request) with TRAINEES
 * trainees, announced with the bare handler alongside.
 */
export async function serveTraineeLane(): Promise<void> {
  const { startBenchApp } = await import("./bench-app");
  const app = await startBenchApp({ redisUrl: process.env.BENCH_REDIS_URL });
  const studioRes = await fetch(`${app.url}/v1/web/studio`, { headers: signedStudioGet() });
  if (studioRes.status !== 200) throw new Error(`studio answered ${studioRes.status}`);
  const studioId = ((await studioRes.json()) as { data: { id: string } }).data.id;
  await seedTrainees(app.pg.handle.db, studioId);
  const bareWrites = await serveBareWrites(app.pg.url);
  await announce(app, studioId, {
    extra: { bareWrites: bareWrites.url, nodeFlags: process.execArgv.join(" "), store: app.deps.kv.kind },
    control: (probe) => {
      // What the trainees' days hold now: the bench checks the writes' totals against it.
      probe.get("/totals", async (c) => {
        const [row] = await bareWrites.sql`
          select coalesce(sum(water_ml), 0)::int as "waterMl",
            coalesce(sum(jsonb_array_length(water_logs)), 0)::int as "waterEntries",
            coalesce(sum(steps), 0)::bigint::text as steps
          from daily_metrics where studio_id = ${studioId}`;
        return c.json({ ...row, steps: Number(row!.steps) });
      });
      // A heap snapshot of the server (memory.bench.ts, BENCH_HEAP_SNAPSHOT=1).
      probe.post("/heap-snapshot", (c) =>
        c.json({ file: writeHeapSnapshot(`/tmp/api-${process.pid}-${Date.now()}.heapsnapshot`) }),
      );
    },
  });
}

const dayFormat = new Map<string, Intl.DateTimeFormat>();
/** Today's key (YYYY-MM-DD) in `zone`. */
const todayIn = (zone: string) => {
  let format = dayFormat.get(zone);
  if (!format)
    dayFormat.set(zone, (format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, dateStyle: "short" })));
  return format.format(new Date());
};

/**
 * The bare handlers of the trainee writes (issue 30 item 5): Hono + postgres.js (pool of 10, as
 * the bare GET), the bearer token verified (the trainee is who it names), the JSON body read, and
 * the same single upsert the write comes down to: water appended to the day's log with the total
 * added, steps set. No liveness, app lock, zone storage, validation, idempotency or limits.
 */
async function serveBareWrites(url: string) {
  const sql = postgres(url, { max: 10 });
  const bare = new Hono();
  const trainee = (header: string | undefined) => {
    const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    return token ? verifyTraineeToken(token, BENCH_ENV.SESSION_SIGNING_SECRET, Date.now()) : null;
  };
  bare.post("/v1/trainee/water", async (c) => {
    const who = trainee(c.req.header("authorization"));
    if (!who) return c.json({ ok: false }, 401);
    const { amountMl } = (await c.req.json()) as { amountMl: number };
    const date = todayIn(c.req.header("x-timezone") ?? "Asia/Jerusalem");
    const now = new Date();
    const entry = { id: randomUUID(), amountMl, at: now.toISOString(), deductsEntryId: null };
    const [row] = await sql`
      insert into daily_metrics (id, studio_id, client_id, date, water_ml, water_logs, created_at, updated_at)
      values (${randomUUID()}, ${who.studioId}, ${who.clientId}, ${date}, ${amountMl}, ${sql.json([entry])}, ${now}, ${now})
      on conflict (client_id, date) do update set water_ml = daily_metrics.water_ml + excluded.water_ml,
        water_logs = daily_metrics.water_logs || excluded.water_logs, updated_at = excluded.updated_at
      returning water_ml, steps`;
    return c.json({ ok: true, data: { date, waterMl: row!.water_ml, steps: row!.steps ?? 0 } }, 201);
  });
  bare.post("/v1/trainee/steps", async (c) => {
    const who = trainee(c.req.header("authorization"));
    if (!who) return c.json({ ok: false }, 401);
    const { steps } = (await c.req.json()) as { steps: number };
    const date = todayIn(c.req.header("x-timezone") ?? "Asia/Jerusalem");
    const now = new Date();
    const [row] = await sql`
      insert into daily_metrics (id, studio_id, client_id, date, steps, created_at, updated_at)
      values (${randomUUID()}, ${who.studioId}, ${who.clientId}, ${date}, ${steps}, ${now}, ${now})
      on conflict (client_id, date) do update set steps = excluded.steps, updated_at = excluded.updated_at
      returning water_ml, steps`;
    return c.json({ ok: true, data: { date, waterMl: row!.water_ml, steps: row!.steps ?? 0 } }, 201);
  });
  const server = await listen(bare);
  return { url: server.url, sql };
}

/**
 * The node flags of `pnpm start` (the root package.json's start script: `… exec node <flags>
 * dist/main.js`), so a bench server runs with the V8 settings production runs with.
 */
export function productionNodeArgs(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(words.lastIndexOf("node") + 1).filter((w) => w.startsWith("--"));
}
