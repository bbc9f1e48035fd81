import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two at a time fits the 2-core machine.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
