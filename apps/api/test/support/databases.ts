import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PGlite } from "@electric-sql/pglite";
import { createDatabase, migrationsFolder, type DatabaseHandle } from "@studio/db";
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

/** Template name changes whenever a migration changes, so a stale template is never reused. */
export function templateName(): string {
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

/** A fresh PostgreSQL database cloned from the migrated template (fast: a file copy). */
export async function freshPostgres(): Promise<{
  handle: DatabaseHandle;
  url: string;
  drop(): Promise<void>;
}> {
  // The creation time in the name lets global setup drop databases a crashed run left behind.
  const name = `studio_t_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
  const admin = createDatabase({ url: TEST_DATABASE_URL, maxConnections: 1, ...TEST_DATABASE_TIMEOUTS });
  await admin.executor.executeSql(`create database ${name} template ${templateName()}`);
  const url = urlForDatabase(name);
  const handle = createDatabase({ url, ...TEST_DATABASE_TIMEOUTS });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await admin.executor.executeSql(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

let pgliteTemplate: Promise<File | Blob> | undefined;

/** A fresh in-memory PGlite loaded from a migrated dump (a new PGlite + migrate costs seconds). */
export async function freshPglite(): Promise<DatabaseHandle> {
  pgliteTemplate ??= (async () => {
    const template = createDatabase({ dataDir: "memory://" });
    await template.migrate();
    const jobs = createJobQueue(template, { database: template, logger: silent, now: () => new Date() });
    await jobs.start();
    await jobs.stop();
    return dumpOf(template);
  })();
  const dump = await pgliteTemplate;
  const pglite = new PGlite({ loadDataDir: dump, extensions: { btree_gist } });
  return createDatabase({ pglite });
}

async function dumpOf(handle: DatabaseHandle): Promise<File | Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await handle.close();
  return dump;
}
