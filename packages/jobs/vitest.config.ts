import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Real PostgreSQL and PGlite, pg-boss polling, retry backoff and a child process: seconds, not ms.
    testTimeout: 30_000,
    // A persistent PGlite's initdb + migrations took over 30 s in a full `pnpm test` (load 7).
    hookTimeout: 90_000,
    teardownTimeout: 10_000,
    // The files mostly wait on polling and backoff timers; run them side by side even on a 2-CPU box.
    // Each file has its own PostgreSQL database / PGlite instance.
    maxWorkers: 4,
    // Worker threads rather than child processes: no Node process to boot per worker and no IPC for
    // the results. Nothing here needs its own process (no process.chdir, process listeners or native
    // addons; the crash tests spawn their workers with child_process either way). Measured, 3 runs
    // each, isolate false: forks 42-49 s user CPU, threads 37-39 s; wall the same within the noise.
    pool: "threads",
    // Not isolated: a worker imports the package's module graph (@studio/domain, @studio/db, pg-boss)
    // once and runs file after file in it, instead of re-importing it for each of the 20 files. Measured
    // on the 2-core box: user CPU 67 s -> 42-46 s, vitest "collect" 53 s -> 28-33 s. No file mocks
    // modules or keeps state for the next one: each opens and drops its own database / PGlite and stops
    // its queues in afterEach/afterAll.
    isolate: false,
    // All maxWorkers workers for the whole run. With minWorkers 1 and isolate false, 3 runs out of 3
    // lost 2-3 of the last queued files to tinypool's "Terminating worker thread" (an unhandled
    // rejection: vitest exits 1 without a summary and leaves the affected workers orphaned, spinning on
    // their closed IPC channel). That error comes from WorkerInfo.destroy(), which during a
    // non-isolated run is reached by tinypool's removal of workers above minThreads; with
    // minWorkers = maxWorkers 5 runs out of 5 passed. Isolated runs never reuse a worker.
    minWorkers: 4,
  },
});
