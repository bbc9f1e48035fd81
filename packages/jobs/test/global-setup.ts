import {
  dropAbandonedRunDatabases,
  dropRunDatabasesInBackground,
  startTestRun,
} from "@studio/db/test-support/run-databases";
import { migratedPglite, PG_ADMIN_URL } from "./harness";

/**
 * Tags the run's databases; teardown drops them (files leave theirs: see run-databases). The
 * migrated PGlite template's dump is built beside the first files when it is not on disk yet
 * (see pglite-template); teardown waits for it.
 */
export default async function setup() {
  const pgliteDump = migratedPglite.prepare();
  // Awaited by teardown; a failed build is reported there (files then build their own).
  pgliteDump.catch(() => undefined);
  await dropAbandonedRunDatabases(PG_ADMIN_URL);
  const run = startTestRun();
  return async () => {
    dropRunDatabasesInBackground(PG_ADMIN_URL, run);
    await pgliteDump;
  };
}
