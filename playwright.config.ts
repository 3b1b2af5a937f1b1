/**
 * Browser suite: Playwright driving Debian's Chromium (/usr/bin/chromium;
 * no browser download is possible on these machines).
 *
 * tests/e2e/global-setup.ts starts two production servers, each on its own
 * fresh SQLite file: one for the respondent pages (owners and forms are made
 * through the API), one for the dashboard (whose suite starts from an empty
 * database, so its first visit offers to create the owner account).
 */
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
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
    { name: "respondent", testMatch: "respondent/**/*.spec.ts" },
    { name: "dashboard", testMatch: "dashboard/**/*.spec.ts" },
  ],
});
