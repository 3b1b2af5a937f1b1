import path from "node:path";
import { defineConfig } from "vitest/config";
import { TEST_PASSWORD_HASH_COST } from "./tests/setup/server";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // Playwright's *.spec.ts under tests/e2e are not vitest's.
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Cheap password hashes in the test processes too (the admin CLI they run): tests/setup/server.ts.
    env: { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST || TEST_PASSWORD_HASH_COST },
    // npm test's timing table (scripts/test.sh sets TEST_TIMINGS_DIR).
    reporters: process.env.TEST_TIMINGS_DIR ? ["default", "./tests/setup/timings-reporter.ts"] : ["default"],
  },
});
