/**
 * The TypeScript side of the generator: OpenAPI document → src/generated/schema.ts with
 * openapi-typescript. The document itself is built by the app
 * (`pnpm --filter @studio/api openapi:write`, apps/api/scripts/openapi-write.ts), which calls this.
 */
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

/** Where the generated files live, relative to this package's root. */
export const GENERATED_FILES = {
  document: "openapi.json",
  schema: "src/generated/schema.ts",
} as const;

const BANNER =
  "// Generated from openapi.json by `pnpm --filter @studio/api openapi:write`; do not edit.\n" +
  "// A test (apps/api/test/api-client.test.ts) fails when this file or openapi.json is stale.\n";

/** The committed text of openapi.json for a document. */
export function documentSource(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The committed text of src/generated/schema.ts for a document. */
export async function schemaSource(document: unknown): Promise<string> {
  // openapi-typescript may annotate the object it is given; hand it a copy.
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as never, { silent: true });
  return BANNER + COMMENT_HEADER + astToString(ast);
}
