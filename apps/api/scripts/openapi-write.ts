/**
 * Regenerates the typed client's files from the OpenAPI document:
 *
 *   pnpm --filter @studio/api openapi:write                 # packages/api-client/openapi.json + src/generated/schema.ts
 *   pnpm --filter @studio/api openapi:write -- --out DIR    # the same files under DIR instead
 *
 * Run it after changing a route, a contract or src/openapi/, and commit both files;
 * apps/api/test/api-client.test.ts fails while they are stale.
 */
import { resolve } from "node:path";
import { API_CLIENT_DIR, writeClientFiles } from "./openapi-client-files";

const outIndex = process.argv.indexOf("--out");
const dir =
  outIndex >= 0 && process.argv[outIndex + 1] ? resolve(process.argv[outIndex + 1]!) : API_CLIENT_DIR;
for (const file of await writeClientFiles(dir)) console.log(`wrote ${file}`);
