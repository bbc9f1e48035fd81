import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // A fresh in-memory PGlite runs initdb: ~1 s on a quiet 2-core machine, 13 s measured at load
    // 8 (a full `pnpm test` beside benchmarks), beyond vitest's 10 s default for a hook.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
