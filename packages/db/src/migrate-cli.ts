// `pnpm db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded PGlite).
import { createDatabase } from "./client";

const handle = createDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DATA_DIR });
await handle.migrate();
await handle.close();
console.warn(`migrations applied (${handle.kind})`);
