import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createDatabase, migrationsFolder, type DatabaseHandle } from "@studio/db";
import { pgliteTemplate } from "@studio/db/test-support/pglite-template";
import { releaseTestDatabase, runMarker } from "@studio/db/test-support/run-databases";
import { createJobQueue } from "@studio/jobs";
import { silentLogger as silent } from "@studio/observability";

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Test databases keep the fail-fast settings' shape but with room for a loaded 2-core CI box
 * (a 1 s connect timeout failed a suite's setup there). Outage tests pass their own tight ones.
 */
export const TEST_DATABASE_TIMEOUTS = {
  connectTimeoutMs: 15_000,
  acquireTimeoutMs: 15_000,
  statementTimeoutMs: 60_000,
};

/**
 * Template name changes whenever a migration changes, so a stale template is never reused. It is
 * read once per run: global setup computes it and hands it to the workers through the
 * environment, so a migration file added while a run is going (another checkout's work in the
 * same tree) cannot make later files clone a template that was never built.
 */
export function templateName(): string {
  process.env.STUDIO_TEST_TEMPLATE ??= migrationsTemplateName();
  return process.env.STUDIO_TEST_TEMPLATE;
}

function migrationsTemplateName(): string {
  const hash = createHash("sha256");
  hash.update("with-pgboss-10");
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith(".sql")) hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return `studio_tpl_${hash.digest("hex").slice(0, 12)}`;
}

export function urlForDatabase(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh PostgreSQL database cloned from the migrated template (fast: a file copy); dropped at
 * the end of the run (see run-databases), or at once outside one.
 */
export async function freshPostgres(): Promise<{
  handle: DatabaseHandle;
  url: string;
  drop(): Promise<void>;
}> {
  // The creation time in the name lets global setup drop databases a crashed run left behind.
  const name = `studio_t_${Math.floor(Date.now() / 1000)}_${runMarker()}${randomBytes(4).toString("hex")}`;
  const admin = createDatabase({ url: TEST_DATABASE_URL, maxConnections: 1, ...TEST_DATABASE_TIMEOUTS });
  await admin.executor.executeSql(`create database ${name} template ${templateName()}`);
  const url = urlForDatabase(name);
  const handle = createDatabase({ url, ...TEST_DATABASE_TIMEOUTS });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      try {
        await releaseTestDatabase(admin, name);
      } finally {
        await admin.close();
      }
    },
  };
}

/**
 * The migrated PGlite template with the job queue's schema installed, as the PostgreSQL template
 * (its key names pg-boss's major version like templateName's). Its dump is built once per run
 * and kept between runs: see @studio/db/test-support/pglite-template.
 */
const pgliteWithJobs = pgliteTemplate({
  key: "with-pgboss-10",
  async install(template) {
    const jobs = createJobQueue(template, { database: template, logger: silent, now: () => new Date() });
    await jobs.start();
    await jobs.stop();
  },
});

/**
 * Global setup: makes sure the dump file exists (kept between runs, like the PostgreSQL
 * template), building it in the background while the first files run: a new PGlite + migrate
 * costs seconds of CPU, once per run instead of once per worker. Older dumps are removed.
 */
export const preparePgliteDump = (): Promise<void> => pgliteWithJobs.prepare();

/** A fresh in-memory PGlite loaded from the migrated dump (a new PGlite + migrate costs seconds). */
export const freshPglite = (): Promise<DatabaseHandle> => pgliteWithJobs.fresh();
