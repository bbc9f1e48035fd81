import { defineConfig } from "tsup";

// The workspace packages export TypeScript sources, so they are bundled into dist/main.js;
// every third-party package they use is also a dependency of apps/api and stays external
// (resolved from apps/api/node_modules at run time, PGlite's WASM included).
// Splitting: a module the app imports with `await import("./x")` is a chunk of its own, and the
// third-party packages only it uses are imported when it is (the OpenAPI generator at the first
// /openapi.json, the AWS SDK with S3 storage). In one file, esbuild hoists every external import
// to the top of the bundle, and node evaluated all of them at every start (issue 30, item 9).
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  splitting: true,
  clean: true,
  noExternal: [/^@studio\//],
});
