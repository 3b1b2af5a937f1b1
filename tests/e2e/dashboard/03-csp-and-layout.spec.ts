/**
 * The dashboard's reading pages under the Content-Security-Policy, with a
 * form wide enough to stress them: fourteen questions, most answers empty.
 *
 * 1. The responses table scrolls sideways inside its own box; the page never
 *    gets wider than the window (the hidden "No answer" labels of empty cells
 *    must stay inside the scroll box, or a 1280 px window grows to 2,589 px).
 * 2. Responses (with the detail panel), analytics (recharts) and keys pages
 *    run their scripts (hydrated) with no CSP violation.
 *
 * Runs after 01-owner-flow on the same server, signed in as the suite's owner.
 */
import { expect, test, type Page } from "@playwright/test";
import { startEmbedder, watchCsp } from "../csp";
import { dashboardUrl } from "./owner";
import { signInOncePerFile } from "./session";

const COLUMNS = 14;

signInOncePerFile("03");

async function wideFormWithSparseResponses(page: Page) {
  const origin = dashboardUrl();
  const headers = { origin };
  const title = "A wide survey";
  const created = await page.request.post(`${origin}/api/forms`, { headers, data: { title } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).form.id as string;
  const questions = Array.from({ length: COLUMNS }, (_, i) => ({ key: `q${i}`, type: "short-text", title: `Question number ${i + 1} with a fairly long title` }));
  const draft = await page.request.put(`${origin}/api/forms/${id}/version/draft`, { headers, data: { title, mode: "classic", questions } });
  expect(draft.status(), await draft.text()).toBe(200);
  const published = await page.request.post(`${origin}/api/forms/${id}/publish`, { headers });
  expect(published.status()).toBe(200);
  const slug = (await published.json()).form.slug as string;
  // Each response answers one question: every row is mostly empty cells.
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post(`${origin}/api/public/forms/${slug}/responses`, { data: { answers: { [`q${i}`]: `Answer ${i}` } } });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { id, slug };
}

const pageWidth = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));

test("a wide table of sparse responses scrolls in its box, not the page; no CSP violation on the reading pages", async ({ page }) => {
  const violations = watchCsp(page);
  const form = await wideFormWithSparseResponses(page);

  await page.goto(`${dashboardUrl()}/forms/${form.id}/responses`);
  const region = page.getByRole("region", { name: "Responses" });
  await expect(region.locator("tbody tr")).toHaveCount(6);
  await expect(region.locator("thead th")).toHaveCount(COLUMNS + 1);
  // The table really is wider than its box (the case under test)...
  const box = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll).toBeGreaterThan(box.client);
  // ...and the page is not.
  const width = await pageWidth(page);
  expect(width.scroll).toBeLessThanOrEqual(width.window);

  // Scripts run under the CSP: a row opens the detail panel.
  await region.locator("tbody tr").first().click();
  await expect(page.getByText("Answer 5").last()).toBeVisible();
  expect((await pageWidth(page)).scroll).toBeLessThanOrEqual(width.window);

  await page.goto(`${dashboardUrl()}/forms/${form.id}/analytics`);
  await expect(page.locator("[data-stat=\"total\"] dd").first()).toHaveText("6");
  expect((await pageWidth(page)).scroll).toBeLessThanOrEqual((await pageWidth(page)).window);

  await page.goto(`${dashboardUrl()}/keys`);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();

  expect(violations).toEqual([]);
});

test("another site cannot frame the dashboard or the sign-in page; it may frame the public form", async ({ browser, page }) => {
  const form = await wideFormWithSparseResponses(page);
  const embedder = await startEmbedder(["/login", "/forms", `/s/${form.slug}`].map((p) => dashboardUrl() + p));
  const context = await browser.newContext({ storageState: undefined });
  try {
    const other = await context.newPage();
    await other.goto(embedder.url);
    // The public form loads and runs (the control)...
    await expect(other.frameLocator("iframe").nth(2).getByLabel(/Question number 1 /)).toBeVisible();
    // ...the others are refused: Chromium shows its error page in their place.
    await expect.poll(() => other.frames().slice(1).map((f) => f.url().split(":")[0])).toEqual(["chrome-error", "chrome-error", "http"]);
  } finally {
    await context.close();
    await embedder.close();
  }
});
