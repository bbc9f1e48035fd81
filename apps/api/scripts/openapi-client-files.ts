/**
 * The typed web client's generated files (packages/api-client/openapi.json and
 * src/generated/schema.ts), built from the app's own OpenAPI builder: the same router and
 * route table as GET /openapi.json, no server or database needed.
 * Used by `pnpm --filter @studio/api openapi:write` and by the staleness test.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { documentSource, GENERATED_FILES, schemaSource } from "@studio/api-client/codegen";
import { buildOpenApiDocument } from "../src/openapi";
import { RouteTable } from "../src/rest/route-table";
import { appRouter } from "../src/router";
import { RAW_ROUTES } from "../src/raw";

/** packages/api-client, where the generated files are committed. */
export const API_CLIENT_DIR = dirname(
  createRequire(import.meta.url).resolve("@studio/api-client/package.json"),
);

/** The generated files' paths relative to the client package, with their contents. */
export async function clientFiles(): Promise<Record<string, string>> {
  const document = buildOpenApiDocument(appRouter, RouteTable.fromRouter(appRouter).routes, "/", RAW_ROUTES);
  return {
    [GENERATED_FILES.document]: documentSource(document),
    [GENERATED_FILES.schema]: await schemaSource(document),
  };
}

/** Writes the generated files under `dir` (the client package by default); answers the paths written. */
export async function writeClientFiles(dir: string = API_CLIENT_DIR): Promise<string[]> {
  const written: string[] = [];
  for (const [relative, text] of Object.entries(await clientFiles())) {
    const file = join(dir, relative);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
  }
  return written;
}
