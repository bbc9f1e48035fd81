import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Property tests run thousands of cases; on a loaded 2-core machine vitest's 5 s default
    // failed them for time, not for a property (a timeout is not a performance assertion).
    testTimeout: 30_000,
    // Files share a worker's module graph instead of re-importing the domain per file (collect
    // was ~57 s of the package's ~2 min). Safe: the tests mock no modules and keep no state
    // outside their own fixtures.
    isolate: false,
    maxWorkers: 2,
    minWorkers: 1,
  },
});
