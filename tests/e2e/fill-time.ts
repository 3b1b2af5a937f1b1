/**
 * lib/public/spam.ts MIN_FILL_MS: a submission finished sooner than 3 s after the public page was
 * served is held as suspected spam (201, stored, but in no list or count until restored). Every
 * spec that submits there takes the time once the page has arrived — the server started the fill-time clock (the start token) before
 * answering, so waiting from then never falls short of it, however slow the answer — waits this
 * long from it, and checks the response really was counted, so a held one fails the test.
 */
import type { Page } from "@playwright/test";

export const HUMAN_FILL_MS = 3_300;

/**
 * Waits until HUMAN_FILL_MS have passed since `openedAt`: Date.now() once the page (or the frame)
 * with the form had arrived.
 */
export async function waitForFillTime(page: Page, openedAt: number): Promise<void> {
  const left = openedAt + HUMAN_FILL_MS - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}
