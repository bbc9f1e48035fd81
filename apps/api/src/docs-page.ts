import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Hono } from "hono";
import { Scalar } from "@scalar/hono-api-reference";
import type { AppEnv } from "./hono-env";

const gzipAsync = promisify(gzip);

/** Where the page loads the reference bundle from: this server, never a CDN. */
export const DOCS_SCRIPT_PATH = "/docs/scalar.js";

/**
 * The installed @scalar/api-reference package: its browser bundle (one self-contained UMD file)
 * and its version. Resolved at run time from this module's location, so it works from the
 * sources (tsx, vitest) and from the tsup bundle (dist/main.js), where the package stays
 * external in apps/api/node_modules. The package's exports map hides dist/browser, so we
 * resolve its main entry (dist/index.js) and step to the sibling folder.
 */
export function scalarBundle(): { file: string; version: string } {
  const require = createRequire(import.meta.url);
  const main = require.resolve("@scalar/api-reference");
  const dist = dirname(main);
  const file = join(dist, "browser", "standalone.js");
  const packageJson = join(dirname(dist), "package.json");
  const version = (require(packageJson) as { version: string }).version;
  return { file, version };
}

/**
 * GET /docs (the Scalar reference over /openapi.json) and GET /docs/scalar.js (the bundle,
 * read once and kept in memory, gzipped once for clients that accept it). The page's script
 * URL carries the package version, so the bundle can be cached for a year: an upgrade changes
 * the URL. Fonts, telemetry and the AI, MCP and developer-tools
 * features (which reach scalar.com) are switched off, so the page works without internet.
 */
export function mountDocs(app: Hono<AppEnv>, options: { openApiPath: string; pageTitle: string }) {
  const bundle = scalarBundle();
  let body: Promise<{ plain: Buffer; gzipped: Buffer }> | undefined;
  const load = () =>
    (body ??= readFile(bundle.file).then(async (plain) => ({ plain, gzipped: await gzipAsync(plain) })));

  app.get(DOCS_SCRIPT_PATH, async (c) => {
    const { plain, gzipped } = await load().catch((error: unknown) => {
      body = undefined;
      throw error;
    });
    const acceptsGzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    const headers: Record<string, string> = {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "accept-encoding",
    };
    if (acceptsGzip) headers["content-encoding"] = "gzip";
    return c.body(new Uint8Array(acceptsGzip ? gzipped : plain), 200, headers);
  });

  app.get(
    "/docs",
    Scalar({
      url: options.openApiPath,
      pageTitle: options.pageTitle,
      cdn: `${DOCS_SCRIPT_PATH}?v=${encodeURIComponent(bundle.version)}`,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
    }),
  );
}
