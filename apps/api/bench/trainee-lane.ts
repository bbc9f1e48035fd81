import { signTraineeToken } from "@studio/auth";
import type { Db } from "@studio/db";
import { BENCH_ENV, signedStudioGet } from "./bench-env";
import { announce } from "./harness";

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
  const app = await startBenchApp();
  const studioRes = await fetch(`${app.url}/v1/web/studio`, { headers: signedStudioGet() });
  if (studioRes.status !== 200) throw new Error(`studio answered ${studioRes.status}`);
  const studioId = ((await studioRes.json()) as { data: { id: string } }).data.id;
  await seedTrainees(app.pg.handle.db, studioId);
  await announce(app, studioId);
}
