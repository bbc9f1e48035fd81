/**
 * Lints the OpenAPI document with Redocly (rules: apps/api/redocly.yaml):
 *
 *   pnpm --filter @studio/api openapi:lint              # lint, exit 1 on any problem
 *   pnpm --filter @studio/api openapi:lint -- --keep    # also keep the written document
 *
 * The document is built exactly as GET /openapi.json builds it (same router, same route
 * table, no server or database needed), written to a temporary file and linted there.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "../src/openapi";
import { RouteTable } from "../src/rest/route-table";
import { appRouter } from "../src/router";
import { RAW_ROUTES } from "../src/raw";

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const keep = process.argv.includes("--keep");

const document = buildOpenApiDocument(appRouter, RouteTable.fromRouter(appRouter).routes, "/", RAW_ROUTES);
const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
const file = join(dir, "openapi.json");
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);

const redocly = join(apiDir, "node_modules", ".bin", "redocly");
const result = spawnSync(
  redocly,
  ["lint", file, "--config", join(apiDir, "redocly.yaml"), "--format", "stylish", "--max-problems", "1000"],
  {
    cwd: apiDir,
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  },
);
if (keep) process.stderr.write(`document kept at ${file}\n`);
else rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
