import { defineConfig } from "vitest/config";
import SlowestFirst from "./test/support/slowest-first";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two at a time fits the 2-core machine.
    maxWorkers: 2,
    minWorkers: 1,
    // Files share a worker's module graph instead of re-importing the whole app per file
    // (collect 45 s → 5 s). Safe because every file builds its own app, database and key
    // prefixes; module-level caches are keyed by ids no other file uses.
    isolate: false,
    // The slowest files first, also in a fresh clone without vitest's duration cache.
    sequence: { sequencer: SlowestFirst },
  },
});
