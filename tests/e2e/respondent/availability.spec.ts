/**
 * What the page says instead of the form: unknown slug (404), not open yet
 * (with the opening date), closed, full, and already answered by this person.
 */
import { expect, test } from "@playwright/test";
import type { Api } from "./fixtures";
import { finishedResponses, openForm, ownerApi, publicUrl, publishForm, waitForFillTime } from "./helpers";

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

const oneQuestion = (title: string) => ({
  title,
  mode: "classic",
  questions: [{ key: "food", type: "short-text", title: "Favourite food?", required: true }],
});

test("an unknown or unpublished slug is a friendly 404", async ({ page }) => {
  const res = await page.goto(`${publicUrl()}/s/no-such-form-here`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This form isn’t available" })).toBeVisible();

  const form = await publishForm(api, oneQuestion("Soon gone"));
  expect((await api("POST", `/api/forms/${form.id}/unpublish`)).status).toBe(200);
  expect((await page.goto(`${publicUrl()}/s/${form.slug}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This form isn’t available" })).toBeVisible();
});

test("not open yet: says when it opens", async ({ page }) => {
  const form = await publishForm(api, oneQuestion("Next year's survey"), { startAt: "2099-06-01T09:30:00Z" });
  await openForm(page, form.slug, "", { interactive: false });
  await expect(page.getByRole("heading", { name: "This form isn’t open yet" })).toBeVisible();
  await expect(page.locator("time")).toHaveAttribute("datetime", "2099-06-01T09:30:00.000Z");
  await expect(page.locator("time")).toHaveText("Monday, 1 June 2099 at 09:30 UTC");
  await expect(page.getByLabel("Favourite food?")).toHaveCount(0);
});

test("closed", async ({ page }) => {
  const form = await publishForm(api, oneQuestion("Last year's survey"), { startAt: "2020-01-01T00:00:00Z", endAt: "2020-02-01T00:00:00Z" });
  await openForm(page, form.slug, "", { interactive: false });
  await expect(page.getByRole("heading", { name: "This form is closed" })).toBeVisible();
  await expect(page.getByLabel("Favourite food?")).toHaveCount(0);
});

test("full once maxResponses finished responses are in", async ({ page }) => {
  const form = await publishForm(api, oneQuestion("Two seats"), { maxResponses: 1 });
  await openForm(page, form.slug);
  await expect(page.getByLabel("Favourite food?")).toBeVisible();
  const sent = await page.request.post(`${publicUrl()}/api/public/forms/${form.slug}/responses`, { data: { answers: { food: "Soup" } } });
  expect(sent.status()).toBe(201);
  await openForm(page, form.slug, "", { interactive: false });
  await expect(page.getByRole("heading", { name: "This form is full" })).toBeVisible();
  await expect(page.getByLabel("Favourite food?")).toHaveCount(0);
});

test("already answered by this person (one response per person)", async ({ page, browser }) => {
  const form = await publishForm(api, oneQuestion("Once each"), { limitOnePerPerson: true });
  const openedAt = await openForm(page, form.slug);
  await page.getByLabel("Favourite food?").fill("Dumplings");
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeVisible();
  expect(await finishedResponses(api, form.id)).toHaveLength(1);

  await openForm(page, form.slug, "", { interactive: false });
  await expect(page.getByRole("heading", { name: "You’ve already answered this form" })).toBeVisible();
  await expect(page.getByLabel("Favourite food?")).toHaveCount(0);

  // Someone else (another browser, so another respondent cookie) still gets the form.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await openForm(otherPage, form.slug);
  await expect(otherPage.getByLabel("Favourite food?")).toBeVisible();
  await other.close();
});
