import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Spawns the worker process (tsx) against a real PostgreSQL database: seconds, not ms.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
