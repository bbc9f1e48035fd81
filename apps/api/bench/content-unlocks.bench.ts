/**
 * Content unlocks benchmark: PUT /v1/web/content/:id/unlocks with 5,000 trainee ids (document
 * 2's maximum), signed like the web app server signs it. Target: under 300 ms.
 *
 * `pnpm exec tsx bench/content-unlocks.bench.ts` (also run by `pnpm bench`). Like the CRM board
 * bench, the file is both the driver (default) and the server (BENCH_ROLE=server through
 * harness.spawnServer: fresh PostgreSQL database cloned from the migrated template, 10,000
 * trainees seeded set-based, the real app on a loopback port, the bare handler alongside). The
 * driver times REQUESTS (default 30) sequential PUTs per run, each from send to the last byte of
 * the answer (the full list of 5,000 unlock rows), then 1,000 sequential requests to the bare
 * handler for the ratio column:
 * - replace: alternating two disjoint sets of 5,000, so every PUT deletes 5,000 manual rows and
 *   inserts 5,000 (the worst case);
 * - same set: the set already stored (validation, an empty delete, an insert that skips all);
 * - from empty: 5,000 inserts after a PUT of [] (the [] PUT is not timed);
 * then replace and from empty again with 4 clients at once, each on its own content item
 * (issue 30 item 4 target: p99 under 300 ms), against the bare handler at 4 connections.
 */
import { signServiceRequest } from "@studio/auth";
import { BENCH_ENV } from "./bench-env";
import { concurrentClients } from "./concurrent-clients";
import {
  against,
  announce,
  benchSeconds,
  isServerRole,
  printLoadTable,
  sequentialRow,
  spawnServer,
  Yardstick,
} from "./harness";

const TRAINEES = 10_000;
const SET = 5_000;
/** Issue 30 item 4: this many clients at once, each on its own content item. */
const CLIENTS = 4;
/** REQUESTS, else 30 at the default BENCH_SECONDS (10), in proportion to a shorter one. */
const REQUESTS = Number(process.env.REQUESTS ?? Math.ceil((30 * benchSeconds()) / 10));
const USER = {
  "x-studio-id": "org_content_bench",
  "x-user-id": "user_content_bench",
  "x-user-role": "OWNER",
  "x-user-name": "Bench Owner",
};

const signed = (method: string, pathWithQuery: string, body = "") => ({
  ...signServiceRequest({
    secret: BENCH_ENV.SERVICE_AUTH_SECRET,
    serviceId: "web-app",
    method,
    pathWithQuery,
    body,
  }),
  ...USER,
  ...(body ? { "content-type": "application/json" } : {}),
});

async function serve(): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const { startBenchApp } = await import("./bench-app");
  const app = await startBenchApp();
  // One item for the sequential runs, then one per concurrent client.
  const contentIds: string[] = [];
  for (let k = 0; k <= CLIENTS; k++) {
    const body = JSON.stringify({ type: "recipe", title: `Members only ${k}`, isRestricted: true });
    const created = await fetch(`${app.url}/v1/web/content`, {
      method: "POST",
      headers: signed("POST", "/v1/web/content", body),
      body,
    });
    if (created.status !== 201) throw new Error(`seed item answered ${created.status}`);
    contentIds.push(((await created.json()) as { data: { id: string } }).data.id);
  }
  const db = app.pg.handle.db;
  const [studio] = (await db.execute(
    sql`select id from studios where organization_id = ${USER["x-studio-id"]}`,
  )) as unknown as { id: string }[];
  await db.execute(sql`
    insert into clients (id, studio_id, first_name, last_name, phone)
    select 'bench-client-' || g, ${studio!.id}, 'Trainee', 'T' || g, '+97252' || lpad(g::text, 7, '0')
    from generate_series(1, ${TRAINEES}) g`);
  await db.execute(sql`analyze clients`);
  await announce(app, studio!.id, { extra: { contentIds } });
}

async function drive(): Promise<void> {
  const server = await spawnServer<{ contentIds: string[] }>(import.meta.url, {
    profileDir: "/tmp/prof-unlocks",
  });
  try {
    const { url, contentIds } = server.info;
    const pathOf = (contentId: string) => `/v1/web/content/${contentId}/unlocks`;
    const path = pathOf(contentIds[0]!);
    const ids = (from: number) => Array.from({ length: SET }, (_, i) => `bench-client-${from + i}`);
    const setA = ids(1);
    const setB = ids(SET + 1);

    let answerBytes = 0;
    /** One PUT, timed from send to the last body byte; throws unless 200 with the whole set. */
    const put = async (clientIds: string[], itemPath = path) => {
      const body = JSON.stringify({ clientIds });
      const headers = signed("PUT", itemPath, body);
      const started = performance.now();
      const res = await fetch(url + itemPath, { method: "PUT", headers, body });
      const text = await res.text();
      const ms = performance.now() - started;
      answerBytes = text.length;
      const answer = JSON.parse(text) as { data?: { items: unknown[] } };
      if (res.status !== 200 || answer.data?.items.length !== clientIds.length)
        throw new Error(`PUT answered ${res.status} with ${answer.data?.items.length} rows`);
      return ms;
    };

    // Warm-up (JIT, connection pool, plan cache).
    for (let i = 0; i < 5; i++) await put(i % 2 ? setA : setB);

    const runs: { name: string; times: number[] }[] = [
      { name: `replace: ${SET} deleted + ${SET} inserted`, times: [] },
      { name: "same set again (nothing changes)", times: [] },
      { name: `from empty: ${SET} inserted`, times: [] },
    ];
    for (let i = 0; i < REQUESTS; i++) runs[0]!.times.push(await put(i % 2 ? setA : setB));
    const current = REQUESTS % 2 ? setB : setA;
    for (let i = 0; i < REQUESTS; i++) runs[1]!.times.push(await put(current));
    for (let i = 0; i < REQUESTS; i++) {
      const empty = JSON.stringify({ clientIds: [] });
      await fetch(url + path, { method: "PUT", headers: signed("PUT", path, empty), body: empty });
      runs[2]!.times.push(await put(setA));
    }
    // CLIENTS clients at once, each on its own item (its own row lock): replace, then from empty.
    const itemPaths = contentIds.slice(1).map(pathOf);
    for (const itemPath of itemPaths) await put(setA, itemPath);
    const empty = JSON.stringify({ clientIds: [] });
    const concurrent = [
      await concurrentClients(`replace, ${CLIENTS} clients on ${CLIENTS} items`, CLIENTS, REQUESTS, (k, i) =>
        put(i % 2 ? setA : setB, itemPaths[k]),
      ),
      await concurrentClients(
        `from empty, ${CLIENTS} clients on ${CLIENTS} items`,
        CLIENTS,
        REQUESTS,
        async (k) => {
          await fetch(url + itemPaths[k]!, {
            method: "PUT",
            headers: signed("PUT", itemPaths[k]!, empty),
            body: empty,
          });
          return put(setA, itemPaths[k]);
        },
      ),
    ];
    console.warn(
      `PUT ${path.replace(contentIds[0]!, ":id")} with ${SET} trainee ids (${TRAINEES} trainees in the studio; body ${(JSON.stringify({ clientIds: setA }).length / 1e3).toFixed(0)} kB, answer ${(answerBytes / 1e6).toFixed(2)} MB)`,
    );
    const yardstick = new Yardstick(server.info.bare);
    const bare = await yardstick.sequential();
    const bareConcurrent = await yardstick.concurrent(CLIENTS);
    printLoadTable([
      ...runs.map((run) => against(sequentialRow(run.name, run.times), bare)),
      bare,
      ...concurrent.map((row) => against(row, bareConcurrent)),
      bareConcurrent,
    ]);
  } finally {
    await server.stop();
  }
}

if (isServerRole()) await serve();
else await drive();
