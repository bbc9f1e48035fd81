import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Real PostgreSQL and PGlite, pg-boss polling, retry backoff and a child process: seconds, not ms.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    teardownTimeout: 10_000,
    // The files mostly wait on polling and backoff timers; run them side by side even on a 2-CPU box.
    // Each file has its own PostgreSQL database / PGlite instance.
    maxWorkers: 4,
    minWorkers: 1,
  },
});
