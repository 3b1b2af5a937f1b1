/**
 * Shared steps of the respondent specs: the suite's server and an owner per
 * spec file, the stored responses read back through the API, screenshots.
 */
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { apiClient, createOwnerKey, publishForm, type Api } from "./fixtures";

export const ARTIFACTS = "tests/artifacts";

export { HUMAN_FILL_MS, waitForFillTime } from "../fill-time";

export function publicUrl(): string {
  const url = process.env.E2E_PUBLIC_URL;
  if (!url) throw new Error("E2E_PUBLIC_URL is not set: run through playwright.config.ts");
  return url;
}

export function ownerApi(): Api {
  const databaseUrl = process.env.E2E_PUBLIC_DATABASE_URL;
  if (!databaseUrl) throw new Error("E2E_PUBLIC_DATABASE_URL is not set: run through playwright.config.ts");
  return apiClient(publicUrl(), createOwnerKey(databaseUrl));
}

export { publishForm };

/**
 * Opens a public form and returns when it was served (for the minimum fill
 * time). With JavaScript, waits until the form is interactive (hydrated), as
 * a person would before typing.
 */
export async function openForm(page: Page, slug: string, query = "", { interactive = true } = {}) {
  const res = await page.goto(`${publicUrl()}/s/${slug}${query}`);
  // Taken once the page has arrived: the server started the fill-time clock (the start token)
  // before answering, so waiting from here never falls short of it, however slow the answer.
  const openedAt = Date.now();
  expect(res?.status()).toBe(200);
  if (interactive) await expect(page.locator("form.fl-r[data-ready]")).toHaveCount(1);
  return openedAt;
}

export interface StoredResponse {
  id: string;
  finished: boolean;
  answers: Record<string, unknown>;
  metadata: Record<string, string>;
}

/** The form's finished responses, newest first, as the owner reads them. */
export async function finishedResponses(api: Api, formId: string): Promise<StoredResponse[]> {
  const res = await api("GET", `/api/forms/${formId}/responses?limit=50`);
  expect(res.status).toBe(200);
  return res.body.responses;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
}

/** Nothing wider than the viewport (no sideways scrolling on a phone). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** Console errors and uncaught exceptions of the page (hydration mismatches show up here). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}

/**
 * axe finds nothing on the page as it is now (`screen` names it in the failure). It waits for
 * running animations first: an immersive step enters with a .35 s animation from transparent,
 * and audited mid-way its text has the contrast of a fade, not of the page (a flake seen once).
 */
export async function expectAxeClean(page: Page, screen = "page") {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${screen}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
