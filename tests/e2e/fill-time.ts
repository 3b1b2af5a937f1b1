/**
 * The minimum fill time of the browser suite's servers: a submission finished sooner than this after
 * the public page was served is held as suspected spam (lib/public/spam.ts). tests/e2e/global-setup.ts
 * lowers SUBMISSION_MIN_FILL_MS from its 3 s default to this, so the specs wait a fraction of a second
 * rather than 3 s per submission; the hold itself, at the default, is tested in
 * tests/integration/public-spam.test.ts and tests/unit/spam-fill-time.test.ts.
 *
 * Every spec that submits there takes the time once the page has arrived — the server started the
 * fill-time clock (the start token) before answering, so waiting from then never falls short of it,
 * however slow the answer — waits this long from it, and checks the response really was stored and
 * not held, so a too-early submission fails the test.
 */
import type { Page } from "@playwright/test";

export const E2E_MIN_FILL_MS = 1_000;
export const HUMAN_FILL_MS = E2E_MIN_FILL_MS + 100;

/**
 * Waits until HUMAN_FILL_MS have passed since `openedAt`: Date.now() once the page (or the frame)
 * with the form had arrived.
 */
export async function waitForFillTime(page: Page, openedAt: number): Promise<void> {
  const left = openedAt + HUMAN_FILL_MS - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}
