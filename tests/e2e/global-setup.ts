/**
 * Starts the servers of the browser suite and tells the tests where they are
 * through environment variables (Playwright's workers inherit them):
 *
 *   E2E_PUBLIC_URL, E2E_PUBLIC_DATABASE_URL   respondent pages
 *   E2E_DASHBOARD_URL                          dashboard (empty database)
 *
 * Screenshots the specs take go to tests/artifacts/ (git-ignored).
 */
import { createTestDatabase } from "../setup/database";
import { startServer } from "../setup/server";
import { E2E_MIN_FILL_MS } from "./fill-time";

export default async function globalSetup() {
  const publicDb = await createTestDatabase("sqlite", "e2e-public");
  const dashboardDb = await createTestDatabase("sqlite", "e2e-dashboard");
  // The submission rate limit has its own integration test; here it would
  // only get in the way of many submissions from 127.0.0.1.
  // The sign-in limit too (tests/integration/dashboard-auth.test.ts): the dashboard specs sign the
  // same owner in once per file, more often than its 10 a quarter hour allow.
  // The minimum fill time is lowered so that specs do not wait 3 s per submission (./fill-time.ts).
  const env = { SUBMISSION_RATE_LIMIT: "0", LOGIN_RATE_LIMIT: "100", SUBMISSION_MIN_FILL_MS: String(E2E_MIN_FILL_MS) };
  const [publicServer, dashboardServer] = await Promise.all([
    startServer(publicDb.url, env),
    // The Integrations spec's webhook receiver listens on 127.0.0.1.
    startServer(dashboardDb.url, { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_RETRY_DELAYS_MS: "1000,1000", OUTBOX_POLL_MS: "200" }),
  ]);
  process.env.E2E_PUBLIC_URL = publicServer.baseUrl;
  process.env.E2E_PUBLIC_DATABASE_URL = publicDb.url;
  process.env.E2E_DASHBOARD_URL = dashboardServer.baseUrl;
  return async () => {
    await Promise.all([publicServer.stop(), dashboardServer.stop()]);
    await Promise.all([publicDb.drop(), dashboardDb.drop()]);
  };
}
