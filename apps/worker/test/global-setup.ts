import {
  dropAbandonedRunDatabases,
  dropRunDatabasesInBackground,
  startTestRun,
} from "@studio/db/test-support/run-databases";

const ADMIN_URL = process.env.WORKER_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Tags the run's databases; teardown drops them (files leave theirs: see run-databases). */
export default async function setup() {
  await dropAbandonedRunDatabases(ADMIN_URL);
  const run = startTestRun();
  return () => dropRunDatabasesInBackground(ADMIN_URL, run);
}
