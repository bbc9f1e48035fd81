// `node --import tsx drop-run-databases.ts <admin url> <run tag>`: the detached child of
// dropRunDatabasesInBackground (a test run's global teardown).
import { dropRunDatabases } from "./run-databases";

const [adminUrl, tag] = process.argv.slice(2);
if (!adminUrl || !tag) throw new Error("usage: drop-run-databases.ts <admin url> <run tag>");
await dropRunDatabases(adminUrl, tag);
