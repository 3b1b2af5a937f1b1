/**
 * Responses held as suspected spam, from the owner's side in the browser: a
 * fill finished right after the page was served is held; the responses page
 * offers the "Suspected spam" view, which says why; the analytics say how many
 * wait outside their figures; a held response's detail restores it ("Not
 * spam") or deletes it, and a restored one counts in the list and the
 * analytics like any other.
 */
import { mkdir } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { dashboardUrl } from "./owner";
import { publishFormAsOwner, signInOncePerFile } from "./session";

signInOncePerFile("spam-hold");

const ARTIFACTS = "tests/artifacts";
const questions = [{ key: "stars", type: "rating", title: "How was the talk?", required: true, scaleMin: 1, scaleMax: 5 }];

const bodyRows = (page: Page) => page.getByRole("region", { name: "Responses" }).locator("tbody tr");
const total = (page: Page) => page.locator('[data-stat="total"] dd').first();

/**
 * What the public page sends, sent at once: the start token it was served with
 * and the answers, within the minimum fill time of the page being served.
 */
async function fastFill(page: Page, slug: string, stars: number): Promise<string> {
  const opened = await page.request.get(`${dashboardUrl()}/api/public/forms/${slug}`);
  const { startToken } = (await opened.json()).form as { startToken: string };
  const sent = await page.request.post(`${dashboardUrl()}/api/public/forms/${slug}/responses`, { data: { answers: { stars }, startToken } });
  expect(sent.status()).toBe(201);
  const { response } = await sent.json();
  expect(response.spam).toEqual({ suspected: true, reasons: ["too_fast"] });
  return response.id as string;
}

test("a too-fast fill is held, shown in the Suspected spam view with its reason, restored or deleted by the owner", async ({ page }) => {
  await mkdir(ARTIFACTS, { recursive: true });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const form = await publishFormAsOwner(page, "Talk feedback", questions);
  // One counted response (through the API without a start token) and two held ones.
  const counted = await page.request.post(`${dashboardUrl()}/api/public/forms/${form.slug}/responses`, { data: { answers: { stars: 4 } } });
  expect(counted.status()).toBe(201);
  const restoreMe = await fastFill(page, form.slug, 5);
  const deleteMe = await fastFill(page, form.slug, 1);

  // The analytics count the one response and point to the two held.
  await page.goto(`${dashboardUrl()}/forms/${form.id}/analytics`);
  await expect(total(page)).toHaveText("1");
  const heldLink = page.getByRole("link", { name: "2 responses held as suspected spam" });
  await expect(heldLink).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/analytics-held.png` });
  await heldLink.click();

  // The held view: its tab is the current one, it says why, and lists just the held.
  await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/responses\\?spam=only$`));
  const views = page.getByRole("navigation", { name: "Response views" });
  await expect(views.getByRole("link", { name: "Suspected spam (2)" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("status").filter({ hasText: "These responses are held as suspected spam" })).toContainText("Finished within 3 seconds of the page loading");
  await expect(page.getByTestId("responses-count")).toHaveText("2 responses held as suspected spam");
  await expect(bodyRows(page)).toHaveCount(2);
  await page.screenshot({ path: `${ARTIFACTS}/responses-held.png`, fullPage: true });

  // A held response's detail gives the reason; "Not spam" restores it.
  const panel = page.getByRole("dialog", { name: "Response" });
  await page.locator(`tr[data-response-id="${restoreMe}"]`).click();
  await expect(panel.getByTestId("held-reasons")).toContainText("Held as suspected spam.");
  await expect(panel.getByTestId("held-reasons")).toContainText("Finished within 3 seconds of the page loading");
  await page.screenshot({ path: `${ARTIFACTS}/response-held-detail.png` });
  await panel.getByRole("button", { name: "Not spam: restore it" }).click();
  await expect(page.getByText("Response restored")).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(views.getByRole("link", { name: "Suspected spam (1)" })).toBeVisible();

  // The other one is deleted from its detail, with confirmation: the held view is then empty.
  await page.locator(`tr[data-response-id="${deleteMe}"]`).click();
  await panel.getByRole("button", { name: "Delete response" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this response?" });
  await confirm.getByRole("button", { name: "Delete response" }).click();
  await expect(page.getByText("Response deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No responses held as suspected spam" })).toBeVisible();
  await expect(views.getByRole("link", { name: "Suspected spam (0)" })).toBeVisible();

  // The restored response is in the normal list and the counts; the deleted one nowhere.
  await views.getByRole("link", { name: "Responses", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/responses$`));
  await expect(page.getByTestId("responses-count")).toHaveText("2 responses");
  await expect(page.locator(`tr[data-response-id="${restoreMe}"]`)).toBeVisible();
  await expect(page.locator(`tr[data-response-id="${deleteMe}"]`)).toHaveCount(0);
  await page.goto(`${dashboardUrl()}/forms/${form.id}/analytics`);
  await expect(total(page)).toHaveText("2");
  await expect(page.getByText(/held as suspected spam/)).toHaveCount(0);
  expect(errors).toEqual([]);
});
