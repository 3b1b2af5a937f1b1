/**
 * Signs the suite's OWNER into the dashboard, from any state of its database:
 * an empty one (the first visit offers "create the owner account" at /setup),
 * or one where the owner exists (sign in at /login). Ends on /forms.
 */
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { dashboardUrl, OWNER } from "./owner";

/**
 * How long an expectation waits for a sign-in to land (on /forms, or on its error): creating an
 * account (the owner's, or through an invitation) hashes the password and signs in before the page
 * loads, and the first visit to a page of the production build renders it. The suite hashes at a
 * test cost (PASSWORD_HASH_COST, tests/setup/server.ts), so this is an upper bound for a busy
 * machine, not a wait: the expectation passes as soon as the page is there.
 */
export const SIGN_IN_MS = 30_000;

export async function signIn(page: Page): Promise<void> {
  await page.goto(dashboardUrl());
  await page.waitForURL(/\/(setup|login|forms)(\?|$)/);
  const path = new URL(page.url()).pathname;
  if (path === "/setup") {
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Create owner account" }).click();
  } else if (path === "/login") {
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await page.waitForURL(/\/forms$/);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/**
 * One sign-in for the whole spec file (sign-in attempts are rate-limited per
 * email, and the suite's other specs sign the same owner in too): every test
 * of the file starts with the saved session, in a 1280 × 900 window.
 */
export function signInOncePerFile(name: string): void {
  const state = join(tmpdir(), `formloom-e2e-${name}-session-${process.pid}.json`);
  test.use({ viewport: { width: 1280, height: 900 }, storageState: state });
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ storageState: undefined });
    await signIn(await context.newPage());
    await context.storageState({ path: state });
    await context.close();
  });
  test.afterAll(async () => {
    await rm(state, { force: true });
  });
}

/**
 * A published form made through the API with the signed-in page's session (same-origin, as the dashboard does);
 * `draft`: more of the draft beside title and questions (language, translations, theme…).
 */
export async function publishFormAsOwner(page: Page, title: string, questions: unknown[], draft: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
  const origin = dashboardUrl();
  const headers = { origin };
  const created = await page.request.post(`${origin}/api/forms`, { headers, data: { title } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).form.id as string;
  const saved = await page.request.put(`${origin}/api/forms/${id}/version/draft`, { headers, data: { ...draft, title, questions } });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await page.request.post(`${origin}/api/forms/${id}/publish`, { headers });
  expect(published.status()).toBe(200);
  return { id, slug: (await published.json()).form.slug as string };
}
