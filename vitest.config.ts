import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // Playwright's *.spec.ts under tests/e2e are not vitest's.
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // npm test's timing table (scripts/test.sh sets TEST_TIMINGS_DIR).
    reporters: process.env.TEST_TIMINGS_DIR ? ["default", "./tests/setup/timings-reporter.ts"] : ["default"],
  },
});
