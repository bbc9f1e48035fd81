import {
  dropAbandonedRunDatabases,
  dropRunDatabasesInBackground,
  startTestRun,
} from "@studio/db/test-support/run-databases";
import { PG_ADMIN_URL } from "./harness";

/** Tags the run's databases; teardown drops them (files leave theirs: see run-databases). */
export default async function setup() {
  await dropAbandonedRunDatabases(PG_ADMIN_URL);
  const run = startTestRun();
  return () => dropRunDatabasesInBackground(PG_ADMIN_URL, run);
}
