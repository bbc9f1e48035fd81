import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PGlite } from "@electric-sql/pglite";
import { createDatabase, migrationsFolder, type DatabaseHandle } from "@studio/db";
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

let pgliteTemplate: Promise<File | Blob> | undefined;

/** PGlite's version (its package.json is not exported: read next to its entry point). */
const PGLITE_VERSION = (() => {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
})();
const PGLITE_DUMP_PREFIX = "studio_pglite_";
/** Set by global setup while it builds the dump: workers wait for the file instead of building their own. */
export const PGLITE_DUMP_BUILDING_ENV = "STUDIO_TEST_PGLITE_DUMP_BUILDING";

/**
 * The migrated PGlite template's dump on disk, named like the PostgreSQL template (it changes
 * whenever a migration changes) and by PGlite's version, so a stale dump is never loaded.
 */
export function pgliteDumpPath(): string {
  return path.join(tmpdir(), `${PGLITE_DUMP_PREFIX}${templateName()}_${PGLITE_VERSION}.tar`);
}

/** Builds the migrated PGlite template (pg-boss schema installed) and returns its dump. */
async function buildPgliteDump(): Promise<File | Blob> {
  const template = createDatabase({ dataDir: "memory://" });
  await template.migrate();
  const jobs = createJobQueue(template, { database: template, logger: silent, now: () => new Date() });
  await jobs.start();
  await jobs.stop();
  return dumpOf(template);
}

/**
 * Global setup: makes sure the dump file exists (kept between runs, like the PostgreSQL
 * template), building it in the background while the first files run: a new PGlite + migrate
 * costs seconds of CPU, once per run instead of once per worker. Older dumps are removed.
 */
export function preparePgliteDump(): Promise<void> {
  const file = pgliteDumpPath();
  const failed = `${file}.failed`;
  rmSync(failed, { force: true });
  for (const name of readdirSync(tmpdir())) {
    const other = path.join(tmpdir(), name);
    // Other templates' dumps; this one's partial files only when old (another run may be writing).
    const stale = name.startsWith(PGLITE_DUMP_PREFIX) && !other.startsWith(file);
    const abandoned = other.startsWith(`${file}.`) && Date.now() - statSync(other).mtimeMs > 3_600_000;
    if (stale || abandoned) rmSync(other, { force: true });
  }
  if (existsSync(file)) return Promise.resolve();
  process.env[PGLITE_DUMP_BUILDING_ENV] = file;
  return (async () => {
    try {
      const dump = await buildPgliteDump();
      // Written under a unique name and renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } catch (error) {
      // Workers waiting for the file stop waiting and build their own.
      writeFileSync(failed, String(error));
      throw error;
    } finally {
      delete process.env[PGLITE_DUMP_BUILDING_ENV];
    }
  })();
}

/** The template dump: the file global setup wrote (waiting while it builds it), else built here. */
async function pgliteDump(): Promise<File | Blob> {
  const file = pgliteDumpPath();
  if (process.env[PGLITE_DUMP_BUILDING_ENV] === file) {
    const deadline = Date.now() + 120_000;
    while (!existsSync(file) && !existsSync(`${file}.failed`) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
  }
  if (existsSync(file)) return new Blob([await readFile(file)], { type: "application/x-tar" });
  return buildPgliteDump();
}

/** A fresh in-memory PGlite loaded from a migrated dump (a new PGlite + migrate costs seconds). */
export async function freshPglite(): Promise<DatabaseHandle> {
  pgliteTemplate ??= pgliteDump();
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
