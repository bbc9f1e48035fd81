import { createDatabase } from "@studio/db";
import {
  dropAbandonedRunDatabases,
  dropRunDatabasesInBackground,
  startTestRun,
} from "@studio/db/test-support/run-databases";
import { createJobQueue } from "@studio/jobs";
import { silentLogger as silent } from "@studio/observability";
import {
  preparePgliteDump,
  TEST_DATABASE_TIMEOUTS,
  TEST_DATABASE_URL,
  templateName,
  urlForDatabase,
} from "./databases";
import { buildMains } from "./built-mains";

/**
 * Creates the migrated template database once per run; test files clone it. The PGlite
 * template's dump is built beside the first files (see preparePgliteDump); teardown waits for it
 * and drops the run's databases (files leave theirs for it: see run-databases).
 */
export default async function setup() {
  const run = startTestRun();
  const pgliteDump = preparePgliteDump();
  // Awaited by teardown; a failed build is reported there (workers then build their own).
  pgliteDump.catch(() => undefined);
  // The API and worker bundles the process tests spawn (see built-mains), built beside the template.
  await Promise.all([setupPostgres(), buildMains()]);
  return async () => {
    dropRunDatabasesInBackground(TEST_DATABASE_URL, run);
    await pgliteDump;
  };
}

/** The migrated PostgreSQL template (the benches call this alone: they need no PGlite or bundles). */
export async function setupPostgres() {
  const admin = createDatabase({ url: TEST_DATABASE_URL, maxConnections: 1, ...TEST_DATABASE_TIMEOUTS });
  const name = templateName();
  try {
    await dropStaleTestDatabases(admin);
    await dropAbandonedRunDatabases(TEST_DATABASE_URL);
    const existing = await admin.executor.executeSql("select 1 from pg_database where datname = $1", [name]);
    if (existing.rows.length === 0) {
      // A unique build name: parallel runs may build at once; the first rename wins.
      const building = `${name}_b${Math.random().toString(36).slice(2, 8)}`;
      await admin.executor.executeSql(`create database ${building}`);
      const tpl = createDatabase({
        url: urlForDatabase(building),
        maxConnections: 1,
        ...TEST_DATABASE_TIMEOUTS,
      });
      await tpl.migrate();
      // Install the job queue's schema once, so each cloned database starts with it.
      const jobs = createJobQueue(tpl, { database: tpl, logger: silent, now: () => new Date() });
      await jobs.start();
      await jobs.stop();
      await tpl.close();
      // Rename last so a crashed build never leaves a half-migrated template behind.
      await admin.executor
        .executeSql(`alter database ${building} rename to ${name}`)
        .catch(async (error: unknown) => {
          await admin.executor.executeSql(`drop database if exists ${building} with (force)`);
          const again = await admin.executor.executeSql("select 1 from pg_database where datname = $1", [
            name,
          ]);
          if (again.rows.length === 0) throw error;
        });
    }
  } finally {
    await admin.close();
  }
}

/** Test databases older than two hours belong to runs that crashed before dropping them. */
async function dropStaleTestDatabases(admin: ReturnType<typeof createDatabase>) {
  const { rows } = await admin.executor.executeSql(
    "select datname from pg_database where datname like 'studio\\_t\\_%'",
  );
  const cutoff = Date.now() / 1000 - 2 * 3600;
  for (const { datname } of rows as { datname: string }[]) {
    const created = Number(/^studio_t_(\d+)_/.exec(datname)?.[1] ?? 0);
    if (created < cutoff)
      await admin.executor
        .executeSql(`drop database if exists "${datname}" with (force)`)
        .catch(() => undefined);
  }
}
