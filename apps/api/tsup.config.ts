import { defineConfig } from "tsup";

// The workspace packages export TypeScript sources, so they are bundled into dist/main.js;
// every third-party package they use is also a dependency of apps/api and stays external
// (resolved from apps/api/node_modules at run time, PGlite's WASM included).
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  splitting: false,
  clean: true,
  noExternal: [/^@studio\//],
});
