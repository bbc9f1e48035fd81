import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Property tests run thousands of cases; on a loaded 2-core machine vitest's 5 s default
    // failed them for time, not for a property (a timeout is not a performance assertion).
    testTimeout: 30_000,
  },
});
