/**
 * Browser suite: Playwright driving Debian's Chromium (/usr/bin/chromium;
 * no browser download is possible on these machines).
 *
 * tests/e2e/global-setup.ts starts two production servers, each on its own
 * fresh SQLite file: one for the respondent pages (owners and forms are made
 * through the API), one for the dashboard (whose suite starts from an empty
 * database, so its first visit offers to create the owner account).
 *
 * The two projects run side by side, one worker each: each has its own
 * server, and one browser at a time left the machine half idle. Within a
 * project files run one after the other, the dashboard's in the order of
 * their numbers (each takes up where the one before left its database).
 */
import { defineConfig } from "@playwright/test";
import { TEST_PASSWORD_HASH_COST } from "./tests/setup/server";

// Cheap password hashes for the specs' processes too (the admin CLI they run): tests/setup/server.ts.
process.env.PASSWORD_HASH_COST ||= TEST_PASSWORD_HASH_COST;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test's timing table (scripts/test.sh sets TEST_TIMINGS_DIR).
  reporter: process.env.TEST_TIMINGS_DIR ? [["list"], ["./tests/e2e/timings-reporter.ts"]] : [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "respondent", testMatch: "respondent/**/*.spec.ts", workers: 1 },
    { name: "dashboard", testMatch: "dashboard/**/*.spec.ts", workers: 1 },
  ],
});
