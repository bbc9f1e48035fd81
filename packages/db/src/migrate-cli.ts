// `pnpm db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded PGlite).
import { createDatabase } from "./client";

// A command-line script beside the schema it migrates: @studio/config depends on @studio/db, so
// the two variables are read here (the one exemption from "only @studio/config reads process.env").
// eslint-disable-next-line no-restricted-properties
const handle = createDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DATA_DIR });
await handle.migrate();
await handle.close();
console.warn(`migrations applied (${handle.kind})`);
