import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Decoding and re-encoding 4,000,000-pixel images and parsing PDFs: seconds on a busy 2-CPU box.
    testTimeout: 60_000,
  },
});
