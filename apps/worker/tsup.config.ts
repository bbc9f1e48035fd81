import { copyFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig } from "tsup";

// `node dist/main.js` runs from apps/worker, where pnpm links only this package's own dependencies.
// So the workspace packages (TypeScript sources) are bundled together with their third-party imports,
// which would not resolve from here; pg-boss (CJS, with `pg`) and zod stay external, they are ours.
const bundled = [/^@studio\//, /^drizzle-orm(\/|$)/, /^postgres$/, /^@electric-sql\/pglite(\/|$)/];

export default defineConfig((flags) => ({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  splitting: false,
  clean: true,
  noExternal: bundled,
  external: ["pg-boss", "zod"],
  // Bundled CommonJS modules (pino and its helpers) require Node built-ins; an ESM bundle has no
  // `require` of its own, so give it one.
  banner: {
    js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);',
  },
  // PGlite loads its WASM and data files next to its module, i.e. next to the bundle.
  async onSuccess() {
    const requireFromDb = createRequire(createRequire(import.meta.url).resolve("@studio/db/package.json"));
    const pgliteDir = path.dirname(requireFromDb.resolve("@electric-sql/pglite"));
    for (const file of ["pglite.wasm", "pglite.data"])
      await copyFile(path.join(pgliteDir, file), path.join(flags.outDir ?? "dist", file));
  },
}));
